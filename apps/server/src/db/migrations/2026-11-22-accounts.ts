import { type Kysely, sql } from 'kysely';
import { addIdColumn, type MigrationContext } from '../migration-helpers';

export function accountsMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('users'), dialect)
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('deactivated_at', 'text')
        .addCheckConstraint(
          'users_role_check',
          sql`role in ('Courier Service', 'Inventory Manager', 'Supplier', 'Customer')`,
        )
        .execute();
      await db.schema.createIndex('users_role_idx').on('users').column('role').execute();

      await addIdColumn(db.schema.createTable('sessions'), dialect)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

      await addIdColumn(db.schema.createTable('login_failures'), dialect)
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_failures_email_idx')
        .on('login_failures')
        .columns(['email', 'created_at'])
        .execute();
      await db.schema
        .createIndex('login_failures_ip_idx')
        .on('login_failures')
        .columns(['ip', 'created_at'])
        .execute();

      await addIdColumn(db.schema.createTable('password_reset_tokens'), dialect)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();

      await addIdColumn(db.schema.createTable('notifications'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('notifications_user_created_idx')
        .on('notifications')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['notifications', 'password_reset_tokens', 'login_failures', 'sessions', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
