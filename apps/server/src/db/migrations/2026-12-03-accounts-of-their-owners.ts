import { type Kysely, sql } from 'kysely';
import { addIdColumn, type MigrationContext } from '../migration-helpers';

/**
 * Accounts that belong to their owners (docs/decisions/016-accounts-belong-to-their-owners.md):
 * a staff account waits for a manager's approval (every existing account is active); a supplier
 * opened by a manager must choose its own password; sessions remember the device and address they
 * were opened from, for the Account page; an email change waits for the link mailed to the new
 * address.
 */
export function accountsOfTheirOwnersMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('approval_status', 'text', (c) =>
          c.notNull().defaultTo('active').check(sql`approval_status in ('pending', 'active', 'rejected')`),
        )
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();

      await addIdColumn(db.schema.createTable('email_change_tokens'), dialect)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('new_email', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('email_change_tokens_user_idx')
        .on('email_change_tokens')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('email_change_tokens').execute();
      await db.schema.alterTable('sessions').dropColumn('ip').execute();
      await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
      await db.schema.alterTable('users').dropColumn('must_change_password').execute();
      await db.schema.alterTable('users').dropColumn('approval_status').execute();
    },
  };
}
