import { type Kysely, sql } from 'kysely';
import { rebuildReportSummaries } from '../../modules/reports/summaries';
import type { MigrationContext } from '../migration-helpers';
import type { Database } from '../schema';

/**
 * Summaries behind the analytics reports (DESIGN §9), so a report reads a few hundred or thousand
 * small rows instead of every order line of the range. Filled from the existing orders.
 */
export function reportSummariesMigration({ dialect }: MigrationContext) {
  // SQLite keeps these rows in their primary key's b-tree: a range of days is one contiguous read.
  const clustered = dialect === 'sqlite' ? sql`without rowid` : sql``;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('order_daily_stats')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('total_orders', 'integer', (c) => c.notNull())
        .addColumn('delivered_orders', 'integer', (c) => c.notNull())
        .addCheckConstraint(
          'order_daily_stats_counts_check',
          sql`delivered_orders >= 0 and delivered_orders <= total_orders`,
        )
        .modifyEnd(clustered)
        .execute();

      // Units per stock item and day, and the same per month; bigint, as a day's units of one item
      // can pass 2^31 (a line may carry up to a billion).
      for (const [table, bucket] of [
        ['product_daily_sales', 'day'],
        ['product_monthly_sales', 'month'],
      ] as const) {
        await db.schema
          .createTable(table)
          .addColumn(bucket, 'text', (c) => c.notNull())
          .addColumn('stock_id', 'integer', (c) => c.notNull().references('stocks.id'))
          .addColumn('units', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pkey`, [bucket, 'stock_id'])
          .addCheckConstraint(`${table}_units_check`, sql`units >= 0`)
          .modifyEnd(clustered)
          .execute();
      }

      await rebuildReportSummaries(db as Kysely<Database>);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('product_monthly_sales').execute();
      await db.schema.dropTable('product_daily_sales').execute();
      await db.schema.dropTable('order_daily_stats').execute();
    },
  };
}
