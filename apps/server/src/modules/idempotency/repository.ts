import { compiledQuery, compiledRowsQuery } from '../../db/compiled-query';
import type { Executor } from '../../db/schema';

// The statements every keyed request runs are compiled once (see compiledQuery).
const deleteKeysOfUserBeforeQuery = compiledQuery((db, args: { userId: number; before: string }) =>
  db.deleteFrom('idempotency_keys').where('user_id', '=', args.userId).where('created_at', '<', args.before),
);

export async function deleteKeysOfUserBefore(db: Executor, userId: number, before: string) {
  await deleteKeysOfUserBeforeQuery.execute(db, { userId, before });
}

export interface StoredKey {
  user_id: number;
  key: string;
  request_hash: string;
  created_at: string;
  response_status: number;
  response_body: string;
}

const storeKeysQuery = compiledRowsQuery((db, rows: StoredKey[]) =>
  db
    .insertInto('idempotency_keys')
    .values(
      rows.map((row) => ({
        user_id: row.user_id,
        key: row.key,
        request_hash: row.request_hash,
        created_at: row.created_at,
        status: 'done' as const,
        response_status: row.response_status,
        response_body: row.response_body,
      })),
    )
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .returning(['user_id', 'key']),
);

/** How storeKeys names a stored key in its answer. */
export const storedKeyName = (row: { user_id: number; key: string }) => `${row.user_id} ${row.key}`;

/**
 * Stores keys with their answers in one statement; answers the keys stored (storedKeyName), without
 * those their user already had. On PostgreSQL the insert waits for a transaction holding the same key
 * to finish, and then finds it taken.
 */
export async function storeKeys(db: Executor, rows: StoredKey[]): Promise<Set<string>> {
  const inserted = await storeKeysQuery.execute(db, rows);
  return new Set(inserted.rows.map(storedKeyName));
}

const getKeyQuery = compiledQuery((db, args: { userId: number; key: string }) =>
  db
    .selectFrom('idempotency_keys')
    .select(['id', 'request_hash', 'status', 'response_status', 'response_body', 'created_at'])
    .where('user_id', '=', args.userId)
    .where('key', '=', args.key),
);

export function getKey(db: Executor, args: { userId: number; key: string }) {
  return getKeyQuery.executeTakeFirst(db, args);
}

/** Removes a 'running' key left by a request that died, unless someone changed it meanwhile. */
export function deleteStaleKey(db: Executor, id: number, createdAt: string) {
  return db
    .deleteFrom('idempotency_keys')
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('created_at', '=', createdAt)
    .execute();
}

/** Removes one expired key, unless someone replaced it meanwhile. */
export function deleteExpiredKey(db: Executor, id: number, createdAt: string) {
  return db.deleteFrom('idempotency_keys').where('id', '=', id).where('created_at', '=', createdAt).execute();
}
