import { type Kysely, sql } from 'kysely';
import { addIdColumn, type MigrationContext } from '../migration-helpers';

/**
 * Mail to customers through an outbox (docs/decisions/023-mail-outbox.md): a row per mail, written
 * in the transaction of the change it tells of, sent after commit by whichever instance claims it.
 * `users.order_mails` is the customer's choice on the Account page (1: send them). New table and a
 * new column only: no table is rebuilt.
 */
export function mailOutboxMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('order_mails', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await addIdColumn(db.schema.createTable('mail_outbox'), dialect)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claim_token', 'text')
        .addColumn('claimed_until', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('given_up_at', 'text')
        .addColumn('last_error', 'text')
        .execute();
      // Only mails still to send are in the index the sender reads: it stays small however many were sent.
      await sql`create index mail_outbox_due_idx on mail_outbox (next_attempt_at, id) where sent_at is null and given_up_at is null`.execute(
        db,
      );
      await db.schema
        .createIndex('mail_outbox_order_idx')
        .on('mail_outbox')
        .columns(['order_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('mail_outbox').execute();
      await db.schema.alterTable('users').dropColumn('order_mails').execute();
    },
  };
}
