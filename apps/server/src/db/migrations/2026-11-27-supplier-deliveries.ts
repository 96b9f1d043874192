import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-helpers';

/**
 * When a supply order was delivered, and the units each supplier delivered per day: the analytics
 * report's Supplier Stock Distribution (docs/product/business-rules.md#analytics-reports) reads the
 * summary, kept in the delivering transaction. Delivered is final, so an order's last change is its
 * delivery: existing rows are filled from it.
 */
export function supplierDeliveriesMigration({ dialect }: MigrationContext) {
  const clustered = dialect === 'sqlite' ? sql`without rowid` : sql``;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('replenishment_orders').addColumn('delivered_at', 'text').execute();
      await sql`update replenishment_orders set delivered_at = updated_at where status = 'Delivered'`.execute(
        db,
      );
      await db.schema
        .createIndex('replenishment_orders_delivered_idx')
        .on('replenishment_orders')
        .column('delivered_at')
        .execute();
      await db.schema
        .createTable('supplier_daily_deliveries')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('supplier_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('units', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('supplier_daily_deliveries_pkey', ['day', 'supplier_id'])
        .addCheckConstraint('supplier_daily_deliveries_units_check', sql`units >= 0`)
        .modifyEnd(clustered)
        .execute();
      // Written out here, not imported from the app, so this migration never changes meaning.
      await sql`
        insert into supplier_daily_deliveries (day, supplier_id, units)
        select substr(o.delivered_at, 1, 10), o.supplier_id, sum(i.quantity)
        from replenishment_order_items i inner join replenishment_orders o on o.id = i.order_id
        where o.delivered_at is not null
        group by substr(o.delivered_at, 1, 10), o.supplier_id`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('supplier_daily_deliveries').execute();
      await db.schema.dropIndex('replenishment_orders_delivered_idx').execute();
      await db.schema.alterTable('replenishment_orders').dropColumn('delivered_at').execute();
    },
  };
}
