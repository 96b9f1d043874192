import { type Kysely, sql } from 'kysely';
import { addIdColumn, type MigrationContext } from '../migration-helpers';

export function replenishmentMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      // A supplier's catalogue; rows are never deleted, so the supply orders that name them stay whole.
      await addIdColumn(db.schema.createTable('supplier_products'), dialect)
        .addColumn('supplier_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('weight_grams', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addCheckConstraint('supplier_products_quantity_check', sql`quantity >= 0`)
        .addCheckConstraint('supplier_products_amounts_check', sql`price_cents >= 0 and weight_grams >= 0`)
        .execute();
      await db.schema
        .createIndex('supplier_products_supplier_created_idx')
        .on('supplier_products')
        .columns(['supplier_id', 'created_at'])
        .execute();

      await addIdColumn(db.schema.createTable('replenishment_orders'), dialect)
        .addColumn('inventory_manager_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('supplier_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('mobile_number', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('expected_delivery_time', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addCheckConstraint(
          'replenishment_orders_status_check',
          sql`status in ('Order Received', 'Processing', 'In Transit', 'Delivered', 'Delayed', 'Canceled')`,
        )
        .execute();
      await db.schema
        .createIndex('replenishment_orders_manager_created_idx')
        .on('replenishment_orders')
        .columns(['inventory_manager_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('replenishment_orders_supplier_created_idx')
        .on('replenishment_orders')
        .columns(['supplier_id', 'created_at'])
        .execute();

      // Name, price and weight are copied from the product: later catalogue edits never change an order.
      await addIdColumn(db.schema.createTable('replenishment_order_items'), dialect)
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('replenishment_orders.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) => c.notNull().references('supplier_products.id'))
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('weight_grams', 'integer', (c) => c.notNull())
        .addCheckConstraint('replenishment_order_items_quantity_check', sql`quantity > 0`)
        .addCheckConstraint(
          'replenishment_order_items_amounts_check',
          sql`price_cents >= 0 and weight_grams >= 0`,
        )
        .execute();
      await db.schema
        .createIndex('replenishment_order_items_order_idx')
        .on('replenishment_order_items')
        .column('order_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['replenishment_order_items', 'replenishment_orders', 'supplier_products']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
