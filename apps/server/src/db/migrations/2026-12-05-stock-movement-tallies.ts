import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-helpers';

/**
 * How many movements each stock item has per reason, kept in the transaction that writes them
 * (modules/stocks/movements.ts), so an item's History answers its total (X-Total-Count) from a few
 * rows rather than counting a million index entries (docs/product/business-rules.md#stock-history).
 */
export function stockMovementTalliesMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('stock_movement_tallies')
        .addColumn('stock_id', 'integer', (c) => c.notNull().references('stocks.id'))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('movements', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('stock_movement_tallies_pk', ['stock_id', 'reason'])
        .execute();
      await sql`insert into stock_movement_tallies (stock_id, reason, movements)
        select stock_id, reason, count(*) from stock_movements group by stock_id, reason`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('stock_movement_tallies').execute();
    },
  };
}
