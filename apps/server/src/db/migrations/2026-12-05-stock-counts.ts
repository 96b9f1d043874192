import type { Kysely } from 'kysely';
import { addIdColumn, type MigrationContext } from '../migration-helpers';

/**
 * Stock counts (docs/product/business-rules.md#stock-counts): a manager's confirmed count of a set
 * of items; each counted item's movement (reason 'count') links to it.
 */
export function stockCountsMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('stock_counts'), dialect)
        .addColumn('inventory_manager_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('stock_movements').addColumn('stock_count_id', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('stock_movements').dropColumn('stock_count_id').execute();
      await db.schema.dropTable('stock_counts').execute();
    },
  };
}
