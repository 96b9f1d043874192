import { AUTH_MESSAGES, type Role, type SessionUser } from '@depot/contract';
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
    /** Route guard: 401 without a session, 403 for any role not listed. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
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
  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    await requireUser(request);
    if (!request.user || !roles.includes(request.user.role)) {
      throw new ForbiddenError(AUTH_MESSAGES.wrongRole);
    }
  });
});

/** The user that requireUser/requireRole put on the request. */
export function sessionUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new UnauthorizedError(AUTH_MESSAGES.notLoggedIn);
  return request.user;
}
