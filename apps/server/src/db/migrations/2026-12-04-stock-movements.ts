import { type Kysely, sql } from 'kysely';
import { addIdColumn, type MigrationContext } from '../migration-helpers';

/**
 * Stock history (docs/product/business-rules.md#stock-history): one movement per change of a stock
 * item's quantity, written in the changing transaction, so an item's quantity is the sum of its
 * movements. Each existing item gets an opening movement holding its quantity, dated when it last
 * changed. An item's page of history reads one index range: by time, or by reason then time.
 */
export function stockMovementsMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('stock_movements'), dialect)
        .addColumn('stock_id', 'integer', (c) => c.notNull().references('stocks.id'))
        .addColumn('change', 'integer', (c) => c.notNull())
        .addColumn('quantity_after', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('order_id', 'integer')
        .addColumn('supply_order_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await sql`insert into stock_movements (stock_id, change, quantity_after, reason, created_at)
        select id, quantity, quantity, 'opening', updated_at from stocks order by id`.execute(db);
      await db.schema
        .createIndex('stock_movements_time_idx')
        .on('stock_movements')
        .columns(['stock_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('stock_movements_reason_idx')
        .on('stock_movements')
        .columns(['stock_id', 'reason', 'created_at', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('stock_movements').execute();
    },
  };
}
