import type { Role, SessionUser } from '@depot/contract';
import type { FastifyRequest } from 'fastify';

export interface AuditActor {
  id: number;
  role: Role;
}

/** Who is acting and in which request: what every audited change is stamped with. */
export interface AuditContext {
  /** Null when nobody is logged in (login, registration, password reset by email). */
  actor: AuditActor | null;
  requestId: string;
}

/** The request's logged-in user (if a guard put one there) and its id. */
export function auditContextOf(request: FastifyRequest): AuditContext {
  return { actor: request.user ? actorOf(request.user) : null, requestId: request.id };
}

export function actorOf(user: Pick<SessionUser, 'id' | 'role'>): AuditActor {
  return { id: user.id, role: user.role };
}
