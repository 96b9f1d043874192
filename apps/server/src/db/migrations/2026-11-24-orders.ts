import { type Kysely, sql } from 'kysely';
import { addIdColumn, type MigrationContext } from '../migration-helpers';

export function ordersMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      // Totals are bigint: price and weight per unit times a quantity can pass 2^31.
      await addIdColumn(db.schema.createTable('orders'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('courier_service_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('shipping_address', 'text', (c) => c.notNull())
        .addColumn('pin_code', 'text', (c) => c.notNull())
        .addColumn('location_type', 'text', (c) => c.notNull())
        .addColumn('phone_number', 'text', (c) => c.notNull())
        .addColumn('consignment_weight_grams', 'bigint', (c) => c.notNull())
        .addColumn('items_total_cents', 'bigint', (c) => c.notNull())
        .addColumn('shipping_cost_cents', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('delivery_date', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addCheckConstraint('orders_status_check', sql`status in ('Processing', 'In Transit', 'Delivered')`)
        .addCheckConstraint(
          'orders_location_type_check',
          sql`location_type in ('urban', 'suburban', 'rural')`,
        )
        .addCheckConstraint(
          'orders_amounts_check',
          sql`consignment_weight_grams >= 0 and items_total_cents >= 0 and shipping_cost_cents >= 0`,
        )
        .execute();
      await db.schema
        .createIndex('orders_courier_created_idx')
        .on('orders')
        .columns(['courier_service_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('orders_customer_created_idx')
        .on('orders')
        .columns(['customer_id', 'created_at'])
        .execute();
      await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();

      // Name, price and weight are copied from the stock row: later edits never change a placed order.
      await addIdColumn(db.schema.createTable('order_items'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('stock_id', 'integer', (c) => c.notNull().references('stocks.id'))
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('weight_grams', 'integer', (c) => c.notNull())
        .addCheckConstraint('order_items_quantity_check', sql`quantity > 0`)
        .addCheckConstraint('order_items_amounts_check', sql`price_cents >= 0 and weight_grams >= 0`)
        .execute();
      await db.schema.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();

      // Shared by every instance, so a retry that lands on another one still finds its key.
      await addIdColumn(db.schema.createTable('idempotency_keys'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('response_status', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('idempotency_keys_user_key_unique', ['user_id', 'key'])
        .addCheckConstraint('idempotency_keys_status_check', sql`status in ('running', 'done')`)
        .execute();
      await db.schema
        .createIndex('idempotency_keys_created_idx')
        .on('idempotency_keys')
        .column('created_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['idempotency_keys', 'order_items', 'orders']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
