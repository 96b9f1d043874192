import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers';

/**
 * A courier's day on the Overview (docs/product/screens.md#overview): the orders due today by
 * status and the open ones due before today, counted from one index. Status leads the due day so
 * both counts are a few range reads (`status in (…) and delivery_date` in a range), on either
 * database; the status is read from the index itself. One index more on orders, written with every
 * purchase: measured in the decision record (docs/decisions/024-overviews-and-remembered-addresses.md).
 */
export function overviewsMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('orders_courier_status_delivery_idx')
        .on('orders')
        .columns(['courier_service_id', 'status', 'delivery_date'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_courier_status_delivery_idx').execute();
    },
  };
}
