import { sql } from 'kysely';
import { type Executor, isPostgres } from '../../db/schema';
import type { MailKind } from './templates';

/** A claimed row: what the sender needs to write and send its mail. */
export interface ClaimedMail {
  id: number;
  kind: string;
  user_id: number;
  order_id: number | null;
  attempts: number;
}

/**
 * One outbox row per order for its customer, unless they turned order mails off: one statement in
 * the caller's transaction however many orders, no read before it (docs/decisions/023-mail-outbox.md).
 */
export async function insertOrderMails(
  trx: Executor,
  mail: { orderIds: readonly number[]; kind: MailKind; now: string },
): Promise<void> {
  if (mail.orderIds.length === 0) return;
  await sql`insert into mail_outbox (kind, user_id, order_id, created_at, next_attempt_at)
    select ${mail.kind}, users.id, orders.id, ${mail.now}, ${mail.now}
    from orders join users on users.id = orders.customer_id
    where orders.id in (${sql.join([...mail.orderIds])}) and users.order_mails = 1
    order by orders.id`.execute(trx);
}

/**
 * Claims up to `limit` due rows for one sender, atomically: a row is due once its next attempt's
 * time has come and nobody holds it (never claimed, or the holder's lease ran out). PostgreSQL
 * skips rows another instance is claiming this very moment; SQLite runs one write at a time, so
 * the same statement is atomic there across processes sharing the file.
 */
export async function claimDue(
  db: Executor,
  claim: { now: string; leaseUntil: string; token: string; limit: number },
): Promise<ClaimedMail[]> {
  const due = sql`sent_at is null and given_up_at is null and next_attempt_at <= ${claim.now}
    and (claimed_until is null or claimed_until <= ${claim.now})`;
  const skipLocked = isPostgres(db) ? sql` for update skip locked` : sql``;
  const result = await sql<ClaimedMail>`update mail_outbox
    set claim_token = ${claim.token}, claimed_until = ${claim.leaseUntil}, attempts = attempts + 1
    where ${due} and id in (
      select id from mail_outbox where ${due} order by next_attempt_at, id limit ${claim.limit}${skipLocked}
    )
    returning id, kind, user_id, order_id, attempts`.execute(db);
  return result.rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }));
}

/** What an order mail tells, read when it is sent; undefined when the order or its customer is gone. */
export async function getOrderMailFacts(db: Executor, orderId: number, userId: number) {
  const order = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.customer_id')
    .where('orders.id', '=', orderId)
    .where('users.id', '=', userId)
    .select([
      'orders.id',
      'orders.items_total_cents',
      'orders.shipping_cost_cents',
      'orders.tracking_token',
      'users.name',
      'users.email',
      'users.order_mails',
      'users.deactivated_at',
    ])
    .executeTakeFirst();
  if (!order) return undefined;
  const items = await db
    .selectFrom('order_items')
    .where('order_id', '=', orderId)
    .select(['product_name', 'quantity'])
    .orderBy('id')
    .execute();
  return { ...order, items };
}

/** An order's last failed attempt, which its attempt mail tells of. */
export function getLastAttempt(db: Executor, orderId: number) {
  return db
    .selectFrom('order_attempts')
    .select(['reason', 'note', 'next_attempt_date'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Only while the claim is still this sender's: a row another sender took over is not touched. */
export async function markSent(db: Executor, id: number, token: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ sent_at: now, claim_token: null, claimed_until: null, last_error: null })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A failed attempt: tried again at `nextAttemptAt`, or never again once `givenUp`. */
export async function markFailed(
  db: Executor,
  id: number,
  token: string,
  failure: { now: string; nextAttemptAt: string; givenUp: boolean; error: string },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      claim_token: null,
      claimed_until: null,
      next_attempt_at: failure.nextAttemptAt,
      given_up_at: failure.givenUp ? failure.now : null,
      last_error: failure.error.slice(0, 500),
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

/** A mail not to send after all (the customer turned order mails off since, or is gone). */
export async function markDropped(db: Executor, id: number, token: string, now: string, reason: string) {
  await db
    .updateTable('mail_outbox')
    .set({ claim_token: null, claimed_until: null, given_up_at: now, last_error: reason })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}
