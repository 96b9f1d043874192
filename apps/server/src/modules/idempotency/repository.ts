import type { Kysely, Transaction } from 'kysely';
import { compiledQuery } from '../../db/compiled-query';
import type { Database } from '../../db/schema';

export type Executor = Kysely<Database> | Transaction<Database>;

// The statements every keyed request runs are compiled once (see compiledQuery).
const deleteKeysOfUserBeforeQuery = compiledQuery((db, args: { userId: number; before: string }) =>
  db.deleteFrom('idempotency_keys').where('user_id', '=', args.userId).where('created_at', '<', args.before),
);

export async function deleteKeysOfUserBefore(db: Executor, userId: number, before: string) {
  await deleteKeysOfUserBeforeQuery.execute(db, { userId, before });
}

interface KeyClaim {
  user_id: number;
  key: string;
  request_hash: string;
  created_at: string;
}

const claimKeyQuery = compiledQuery((db, claim: KeyClaim) =>
  db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.user_id,
      key: claim.key,
      request_hash: claim.request_hash,
      created_at: claim.created_at,
      status: 'running',
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .returning('id'),
);

/** Inserts the key as 'running'; undefined when the user already has that key. */
export async function claimKey(db: Executor, claim: KeyClaim): Promise<number | undefined> {
  const row = await claimKeyQuery.executeTakeFirst(db, claim);
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
  const result = await completeKeyQuery.execute(db, { id, status: response.status, body: response.body });
  return Number(result.numAffectedRows) === 1;
}

const completeKeyQuery = compiledQuery((db, args: { id: number; status: number; body: string }) =>
  db
    .updateTable('idempotency_keys')
    .set({ status: 'done', response_status: args.status, response_body: args.body })
    .where('id', '=', args.id)
    .where('status', '=', 'running'),
);

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
