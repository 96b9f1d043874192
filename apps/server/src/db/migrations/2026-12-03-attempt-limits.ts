import type { Kysely } from 'kysely';

/**
 * Failed logins were counted by reading login_failures and then inserting a row, two steps that
 * concurrent requests interleaved: 100 wrong passwords at once got 23 password checks against a
 * limit of 5 (docs/decisions/017-login-and-reset-limits.md). Each limit is now one row per key (an
 * account, an address, an account at a known address, a reset email), counted up with one upsert
 * that returns the new count, before the password is checked. login_failures stays for instances
 * of the previous version during a rolling upgrade; nothing reads it any more.
 *
 * known_login_addresses remembers where each user logged in successfully, so a stranger spending
 * the account's budget from elsewhere does not lock the owner out from their usual address.
 */
export function attemptLimitsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('attempt_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('window_ends_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('attempt_limits_window_ends_idx')
        .on('attempt_limits')
        .column('window_ends_at')
        .execute();

      await db.schema
        .createTable('known_login_addresses')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('last_login_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('known_login_addresses_pkey', ['user_id', 'ip'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('known_login_addresses').execute();
      await db.schema.dropTable('attempt_limits').execute();
    },
  };
}
