import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-helpers';

/**
 * The orders an Inventory Manager reaches: those holding at least one line of their stock
 * (docs/decisions/025-a-manager-reaches-the-orders-of-their-stock.md). One row per order and
 * manager, written when the order is placed (an order's lines never change), keyed reader first so
 * that "does this manager reach this order" is one primary-key probe and "which orders does this
 * manager reach" one index range. Filled here from the orders' lines and their stock items' managers.
 */
export function orderManagersMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('order_managers')
        .addColumn('manager_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('order_managers_pkey', ['manager_id', 'order_id'])
        .execute();
      await db.schema
        .createIndex('order_managers_order_idx')
        .on('order_managers')
        .columns(['order_id', 'manager_id'])
        .execute();
      await sql`insert into order_managers (manager_id, order_id)
        select distinct s.inventory_manager_id, i.order_id
        from order_items i join stocks s on s.id = i.stock_id`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('order_managers').execute();
    },
  };
}
