import type { Notification } from '@depot/contract';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/schema';
import { together } from '../../db/together';
import { type AuditContext, auditContextOf } from '../audit/context';
import { type AuditEvent, recordAuditEvent } from '../audit/repository';
import { type Scope, scopeOf } from '../auth/authenticate';
import { type IdempotencyKey, idempotencyKeyOf } from '../idempotency/service';
import { createNotification } from '../notifications/repository';

/** Who places an order and how: the caller's scope, the audit trail's context, the request's Idempotency-Key. */
export interface Placing {
  scope: Scope;
  audit: AuditContext;
  key: IdempotencyKey;
}

export function placingOf(request: FastifyRequest): Placing {
  return { scope: scopeOf(request), audit: auditContextOf(request), key: idempotencyKeyOf(request) };
}

/**
 * What every kind of order writes once the order and its lines are in, in this order and in the
 * same transaction: the notification of the party who must act on it, the Idempotency-Key's
 * answer, and the audit event. Answers the notification, to publish after commit.
 */
export async function recordPlaced(
  trx: Executor,
  { key, audit }: Placing,
  now: string,
  placed: {
    notify: { user_id: number; title: string; message: string; order_id?: number };
    answer: { message: string; order: unknown };
    event: AuditEvent;
  },
): Promise<Notification> {
  const [notification] = await together(
    () => createNotification(trx, { ...placed.notify, created_at: now }),
    () => key.store(trx, { statusCode: 201, body: placed.answer }),
    () => recordAuditEvent(trx, audit, now, placed.event),
  );
  return notification;
}
