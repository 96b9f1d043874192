import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

export type Executor = Kysely<Database> | Transaction<Database>;

export function deleteKeysOfUserBefore(db: Executor, userId: number, before: string) {
  return db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('created_at', '<', before)
    .execute();
}

/** Inserts the key as 'running'; undefined when the user already has that key. */
export async function claimKey(
  db: Executor,
  claim: { user_id: number; key: string; request_hash: string; created_at: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({ ...claim, status: 'running' })
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function getKey(db: Executor, userId: number, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['id', 'request_hash', 'status', 'response_status', 'response_body', 'created_at'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Stores the answer of a running key; false when the claim was lost (taken over as stale). */
export async function completeKey(
  db: Executor,
  id: number,
  response: { status: number; body: string },
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ status: 'done', response_status: response.status, response_body: response.body })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Frees a running key whose request failed, so a retry can run again. */
export function releaseKey(db: Executor, id: number) {
  return db.deleteFrom('idempotency_keys').where('id', '=', id).where('status', '=', 'running').execute();
}

/** Removes a running key left by a request that died, unless someone changed it meanwhile. */
export function deleteStaleKey(db: Executor, id: number, createdAt: string) {
  return db
    .deleteFrom('idempotency_keys')
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('created_at', '=', createdAt)
    .execute();
}
