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

/** What an order mail tells, read when it is sent. */
export interface OrderMailFacts {
  id: number;
  customer_id: number;
  items_total_cents: number;
  shipping_cost_cents: number;
  tracking_token: string;
  name: string;
  email: string;
  order_mails: number;
  deactivated_at: string | null;
  items: { product_name: string; quantity: number }[];
}

/**
 * The facts of a claimed batch's orders, by order id, in two statements however many mails: an
 * order (or its customer) that is gone has none.
 */
export async function getOrderMailFacts(
  db: Executor,
  orderIds: readonly number[],
): Promise<Map<number, OrderMailFacts>> {
  const facts = new Map<number, OrderMailFacts>();
  if (orderIds.length === 0) return facts;
  const ids = [...new Set(orderIds)];
  const orders = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.customer_id')
    .where('orders.id', 'in', ids)
    .select([
      'orders.id',
      'orders.customer_id',
      'orders.items_total_cents',
      'orders.shipping_cost_cents',
      'orders.tracking_token',
      'users.name',
      'users.email',
      'users.order_mails',
      'users.deactivated_at',
    ])
    .execute();
  for (const order of orders) facts.set(order.id, { ...order, items: [] });
  const items = await db
    .selectFrom('order_items')
    .where('order_id', 'in', ids)
    .select(['order_id', 'product_name', 'quantity'])
    .orderBy('order_id')
    .orderBy('id')
    .execute();
  for (const item of items) {
    facts.get(item.order_id)?.items.push({ product_name: item.product_name, quantity: item.quantity });
  }
  return facts;
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

/**
 * Marks rows sent, only while their claim is still this sender's: a row another sender took over is
 * not touched. Answers the ids it marked.
 */
export async function markSent(
  db: Executor,
  ids: readonly number[],
  token: string,
  now: string,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .updateTable('mail_outbox')
    .set({ sent_at: now, claim_token: null, claimed_until: null, last_error: null })
    .where('id', 'in', [...ids])
    .where('claim_token', '=', token)
    .returning('id')
    .execute();
  return new Set(rows.map((row) => Number(row.id)));
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
