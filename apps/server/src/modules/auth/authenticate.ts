import { type ApiEndpoint, AUTH_MESSAGES, endpointAccess, type SessionUser } from '@depot/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';
import type { AuthService } from './service';
import { readSessionToken } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Route guard (preValidation, so 401/403 come before input errors): 401 unless a valid session is presented. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Route guard from the contract's access map (API_ACCESS): none for a public endpoint, else 401
     * without a session and 403 for a role the map does not list. Ownership is the service's check.
     */
    requireAccess: (endpoint: ApiEndpoint) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export interface AuthenticationOptions {
  authService: AuthService;
  secureCookies: boolean;
}

/** Route guards that resolve the session cookie to a user, only on routes that ask for one. */
export const authentication = fp(async (app: FastifyInstance, options: AuthenticationOptions) => {
  app.decorateRequest('user', null);

  async function requireUser(request: FastifyRequest) {
    const token = readSessionToken(request, options.secureCookies);
    const session = token ? await options.authService.authenticate(token) : null;
    if (!session) throw new UnauthorizedError(AUTH_MESSAGES.notLoggedIn);
    request.user = session.user;
  }

  app.decorate('requireUser', requireUser);
  app.decorate('requireAccess', (endpoint: ApiEndpoint) => {
    const access = endpointAccess(endpoint);
    return async (request: FastifyRequest) => {
      if (access.public) return;
      await requireUser(request);
      if (!request.user || access.roles[request.user.role] === undefined) {
        throw new ForbiddenError(AUTH_MESSAGES.wrongRole);
      }
    };
  });
});

/** The user that requireUser/requireAccess put on the request. */
export function sessionUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new UnauthorizedError(AUTH_MESSAGES.notLoggedIn);
  return request.user;
}
