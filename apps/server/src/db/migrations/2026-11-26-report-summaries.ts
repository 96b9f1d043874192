import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-helpers';

/**
 * Summaries behind the analytics reports (docs/decisions/009-report-summary-tables.md), so a report
 * reads a few hundred or thousand small rows instead of every order line of the range. Filled from
 * the existing orders.
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

      // Filled from the orders as they were then; written out here, not imported, so this migration
      // keeps doing what it did whatever the app's code becomes.
      await sql`
        insert into order_daily_stats (day, total_orders, delivered_orders)
        select substr(created_at, 1, 10), count(*), sum(case when status = 'Delivered' then 1 else 0 end)
        from orders group by substr(created_at, 1, 10)`.execute(db);
      await sql`
        insert into product_daily_sales (day, stock_id, units)
        select substr(orders.created_at, 1, 10), order_items.stock_id, sum(order_items.quantity)
        from order_items inner join orders on orders.id = order_items.order_id
        group by substr(orders.created_at, 1, 10), order_items.stock_id`.execute(db);
      await sql`
        insert into product_monthly_sales (month, stock_id, units)
        select substr(day, 1, 7), stock_id, sum(units)
        from product_daily_sales group by substr(day, 1, 7), stock_id`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('product_monthly_sales').execute();
      await db.schema.dropTable('product_daily_sales').execute();
      await db.schema.dropTable('order_daily_stats').execute();
    },
  };
}
