import type { Kysely } from 'kysely';

/**
 * Every POST with an Idempotency-Key first deletes that user's keys older than 24 hours. The
 * unique (user_id, key) index finds the user's keys but not the old ones, so the delete read all
 * of them: a customer placing orders quickly made each next order slower. (user_id, created_at)
 * finds the expired ones directly.
 */
export function idempotencyKeysByUserMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('idempotency_keys_user_created_idx')
        .on('idempotency_keys')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('idempotency_keys_user_created_idx').execute();
    },
  };
}
