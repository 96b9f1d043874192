import {
  API_ACCESS,
  type ApiEndpoint,
  AUTH_MESSAGES,
  endpointAccess,
  type SessionUser,
} from '@depot/contract';
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
    /**
     * Route guard from the contract's access map (API_ACCESS), as preValidation so 401/403 come
     * before input errors: none for a public endpoint, else 401 without a valid session and 403 for
     * a role the map does not list. Ownership is the service's check, next to its query.
     */
    requireAccess: (endpoint: ApiEndpoint) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export interface AuthenticationOptions {
  authService: AuthService;
  secureCookies: boolean;
}

/** Paths under these prefixes are the API: each route there must be in API_ACCESS and guarded by it. */
const API_PREFIXES = ['/api/', '/auth/'];
/** The OpenAPI document and its UI: public, read-only, served by @fastify/swagger-ui. */
const DOCS_PREFIX = '/api/docs';

/**
 * Route guards that resolve the session cookie to a user, only on routes that ask for one. Must be
 * registered before any route: it refuses to start an app with an API route that the access map
 * does not list or whose guard is not the map's entry for it, so no endpoint can be forgotten.
 */
export const authentication = fp(async (app: FastifyInstance, options: AuthenticationOptions) => {
  app.decorateRequest('user', null);
  const guardEndpoints = new WeakMap<object, ApiEndpoint>();

  app.addHook('onRoute', (route) => {
    const path = route.url;
    if (!API_PREFIXES.some((prefix) => path.startsWith(prefix)) || path.startsWith(DOCS_PREFIX)) return;
    // Fastify adds a HEAD route beside every GET, with the GET's guard.
    const method = route.method === 'HEAD' ? 'GET' : route.method;
    const endpoint = `${method} ${path}`;
    if (!Object.hasOwn(API_ACCESS, endpoint)) {
      throw new Error(`${endpoint} is missing from API_ACCESS in packages/contract/src/access.ts`);
    }
    const guards = ([] as unknown[]).concat(route.preValidation ?? []);
    if (!guards.some((guard) => typeof guard === 'function' && guardEndpoints.get(guard) === endpoint)) {
      throw new Error(`${endpoint} must be guarded by preValidation: app.requireAccess('${endpoint}')`);
    }
  });

  async function requireUser(request: FastifyRequest) {
    const token = readSessionToken(request, options.secureCookies);
    const session = token ? await options.authService.authenticate(token) : null;
    if (!session) throw new UnauthorizedError(AUTH_MESSAGES.notLoggedIn);
    request.user = session.user;
  }

  app.decorate('requireAccess', (endpoint: ApiEndpoint) => {
    const access = endpointAccess(endpoint);
    const guard = async (request: FastifyRequest) => {
      if (access.public) return;
      await requireUser(request);
      if (!request.user || access.roles[request.user.role] === undefined) {
        throw new ForbiddenError(AUTH_MESSAGES.wrongRole);
      }
    };
    guardEndpoints.set(guard, endpoint);
    return guard;
  });
});

/** The user that requireAccess put on the request. */
export function sessionUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new UnauthorizedError(AUTH_MESSAGES.notLoggedIn);
  return request.user;
}
