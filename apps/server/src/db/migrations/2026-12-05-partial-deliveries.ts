import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-helpers';

/**
 * Partial deliveries (docs/product/business-rules.md#partial-deliveries): each supply order line
 * counts the units delivered so far. Lines of orders already Delivered were delivered whole.
 */
export function partialDeliveriesMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('supply_order_items')
        .addColumn('delivered_quantity', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update supply_order_items set delivered_quantity = quantity
        where order_id in (select id from supply_orders where status = 'Delivered')`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('supply_order_items').dropColumn('delivered_quantity').execute();
    },
  };
}
