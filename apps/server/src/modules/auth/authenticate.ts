import {
  ACCOUNT_MESSAGES,
  type AccessScope,
  API_ACCESS,
  type ApiEndpoint,
  AUTH_MESSAGES,
  type EndpointAccess,
  endpointAccess,
  isApiPath,
  ownerFieldOf,
  type SessionUser,
} from '@depot/contract';
import type { FastifyInstance, FastifyRequest, onRouteHookHandler, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Reach } from '../../db/reach';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';
import type { AuthService } from './service';
import { readSessionToken } from './session-cookie';

/**
 * What a service is handed about the caller of an endpoint: who they are and which objects of the
 * endpoint's kind they reach, resolved from the contract's access map (docs/decisions/010). The
 * service narrows its queries by `reach` and never looks at the role to decide what is allowed.
 */
export interface Scope {
  user: SessionUser;
  objects: AccessScope;
  /** The objects whose owner or assignee field holds the caller's id, those a table of readers names them for, or all. */
  reach: Reach;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, once a guard has checked the session; null on public endpoints. */
    user: SessionUser | null;
    /** The id of the session the request came with, once a guard has checked it. */
    sessionId: number | null;
    /** Whether that session's user must choose a password first, as the session was read. */
    mustChangePassword: boolean;
    scope: Scope | null;
  }
}

export interface AuthenticationOptions {
  authService: AuthService;
  secureCookies: boolean;
}

/** The OpenAPI document and its UI: public, read-only, served by @fastify/swagger-ui. */
const DOCS_PREFIX = '/api/docs';

/**
 * Guards every API route from the contract's access map, attached by method and path when the
 * route is registered: a route under /api or /auth that the map does not list stops the app from
 * starting. The guard runs before validation, so 401 and 403 come before input errors: none for a
 * public endpoint, else 401 without a valid session and 403 for a role the map does not list;
 * otherwise the request carries the caller's resolved scope for the handler to pass on.
 */
export const authentication = fp(async (app: FastifyInstance, options: AuthenticationOptions) => {
  app.decorateRequest('user', null);
  app.decorateRequest('mustChangePassword', false);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('scope', null);

  async function signedInSession(request: FastifyRequest) {
    const token = readSessionToken(request, options.secureCookies);
    const session = token ? await options.authService.authenticate(token) : null;
    if (!session) throw new UnauthorizedError(AUTH_MESSAGES.notLoggedIn);
    return session;
  }

  function guardOf(access: EndpointAccess): preValidationHookHandler | undefined {
    if (access.public) return undefined;
    // Every role's reach is worked out now, so a scope the object kind cannot have fails at start.
    const fields = new Map(
      Object.entries(access.roles).map(([role, objects]) => [role, ownerFieldOf(access.object, objects)]),
    );
    return async function guard(request) {
      const session = await signedInSession(request);
      const { user } = session;
      request.user = user;
      request.sessionId = session.sessionId;
      request.mustChangePassword = session.mustChangePassword;
      const objects = access.roles[user.role];
      const field = fields.get(user.role);
      if (objects === undefined || field === undefined)
        throw new ForbiddenError(AUTH_MESSAGES.wrongRole, 'wrong_role');
      // A manager's one-time password opens only the way to choosing one's own (docs/decisions/016).
      if (session.mustChangePassword && !access.beforePasswordChange) {
        throw new ForbiddenError(ACCOUNT_MESSAGES.passwordChangeRequired, 'password_change_required');
      }
      const reach: Reach =
        field === 'all'
          ? 'all'
          : typeof field === 'string'
            ? { field, id: user.id }
            : { readers: field, id: user.id };
      request.scope = { user, objects, reach };
    };
  }

  const guards = new WeakSet<preValidationHookHandler>();
  const attachGuard: onRouteHookHandler = (route) => {
    if (!isApiPath(route.url) || route.url.startsWith(DOCS_PREFIX)) return;
    // Fastify adds a HEAD route beside every GET, with the GET's hooks.
    const method = route.method === 'HEAD' ? 'GET' : route.method;
    const endpoint = `${method} ${route.url}`;
    if (!Object.hasOwn(API_ACCESS, endpoint)) {
      throw new Error(`${endpoint} is missing from API_ACCESS in packages/contract/src/access.ts`);
    }
    const hooks = ([] as preValidationHookHandler[]).concat(route.preValidation ?? []);
    // A HEAD route may come with its GET's hooks, guard included.
    if (hooks.some((hook) => guards.has(hook))) return;
    const guard = guardOf(endpointAccess(endpoint as ApiEndpoint));
    if (!guard) return;
    guards.add(guard);
    route.preValidation = [guard, ...hooks];
  };
  app.addHook('onRoute', attachGuard);
});

/** The scope the route's guard resolved; every non-public API route has one. */
export function scopeOf(request: FastifyRequest): Scope {
  if (!request.scope) throw new UnauthorizedError(AUTH_MESSAGES.notLoggedIn);
  return request.scope;
}

/**
 * A body that names its owner (the browser sends the caller's own id) must name the caller:
 * refused rather than ignored, as a client naming someone else has a bug worth seeing.
 */
export function refuseActingForAnother(claimedId: number | null | undefined, scope: Scope, message: string) {
  if (claimedId != null && claimedId !== scope.user.id) throw new ForbiddenError(message);
}
