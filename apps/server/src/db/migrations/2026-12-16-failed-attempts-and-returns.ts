import { type Kysely, sql } from 'kysely';
import { addIdColumn, type MigrationContext } from '../migration-helpers';
import { setStatusCheck } from './2026-12-07-order-following';

/**
 * Failed attempts, Returned and a manager's reopening
 * (docs/decisions/031-failed-attempts-and-returns.md):
 *
 * - `orders.status` may be `Returned`: PostgreSQL swaps the check, SQLite rebuilds `orders` as
 *   decision 022's migration did (setStatusCheck).
 * - `order_attempts`: each failed delivery attempt, its reason, note and next date, read by order.
 * - `orders.last_attempt_reason`, `orders.next_attempt_date`: the last attempt's, kept on the order
 *   so the courier's board shows them without a query per row; null before any attempt.
 * - `order_status_changes.reopen_reason`: a manager's reason on the step that reopened the order.
 */
const BEFORE = "'Processing', 'In Transit', 'Delivered', 'Cancelled'";
const STATUSES = "'Processing', 'In Transit', 'Delivered', 'Returned', 'Cancelled'";

export function failedAttemptsAndReturnsMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await setStatusCheck(db, dialect, STATUSES);
      await db.schema.alterTable('orders').addColumn('last_attempt_reason', 'text').execute();
      await db.schema.alterTable('orders').addColumn('next_attempt_date', 'text').execute();
      await db.schema.alterTable('order_status_changes').addColumn('reopen_reason', 'text').execute();
      await addIdColumn(db.schema.createTable('order_attempts'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('courier_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('reason', 'text', (c) =>
          c.notNull().check(sql`reason in ('no_one_home', 'address_not_found', 'refused', 'other')`),
        )
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('next_attempt_date', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('device_at', 'text')
        .execute();
      await db.schema
        .createIndex('order_attempts_order_idx')
        .on('order_attempts')
        .columns(['order_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('order_attempts').execute();
      await db.schema.alterTable('order_status_changes').dropColumn('reopen_reason').execute();
      await db.schema.alterTable('orders').dropColumn('next_attempt_date').execute();
      await db.schema.alterTable('orders').dropColumn('last_attempt_reason').execute();
      await sql`update orders set status = 'Cancelled' where status = 'Returned'`.execute(db);
      await setStatusCheck(db, dialect, BEFORE);
    },
  };
}
