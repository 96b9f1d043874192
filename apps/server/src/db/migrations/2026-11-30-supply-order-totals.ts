import { type Kysely, sql } from 'kysely';

/**
 * A supply order's total quantity and cost on its row, so its lists sort by them without adding up
 * every order's lines (docs/decisions/011-one-list-protocol.md). An order's lines never change once
 * placed, so the totals are written with it and never go stale. bigint: a hundred lines of up to a
 * billion units each pass 2^31.
 */
export function supplyOrderTotalsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('supply_orders')
        .addColumn('total_quantity', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('supply_orders')
        .addColumn('total_cost_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`
        update supply_orders set
          total_quantity = (select coalesce(sum(i.quantity), 0) from supply_order_items i where i.order_id = supply_orders.id),
          total_cost_cents = (select coalesce(sum(i.quantity * i.price_cents), 0) from supply_order_items i where i.order_id = supply_orders.id)`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('supply_orders').dropColumn('total_cost_cents').execute();
      await db.schema.alterTable('supply_orders').dropColumn('total_quantity').execute();
    },
  };
}
