import { type Kysely, sql } from 'kysely';

/**
 * Revenue beside the order counts of `order_daily_stats` (docs/decisions/033-money-on-the-overview-and-the-catalogue-in-context.md):
 * per UTC day, the orders that count as sales (not Cancelled) and their items' value in cents. Two
 * columns added, no table rebuilt, filled from the orders as they are now. The statuses are written
 * out here, not imported, so this migration keeps doing what it did whatever the app's code becomes.
 *
 * It also refills the units sold from the rows without Cancelled orders: the summaries' own
 * migration (2026-11-26) counted a cancelled order's units as sold, which the live writes never did.
 */
export function orderRevenueMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('order_daily_stats')
        .addColumn('counted_orders', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('order_daily_stats')
        .addColumn('revenue_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`
        update order_daily_stats
        set counted_orders = sold.counted, revenue_cents = sold.revenue
        from (
          select substr(created_at, 1, 10) as day, count(*) as counted, sum(items_total_cents) as revenue
          from orders where status not in ('Cancelled') group by substr(created_at, 1, 10)
        ) as sold
        where sold.day = order_daily_stats.day`.execute(db);
      await sql`delete from product_monthly_sales`.execute(db);
      await sql`delete from product_daily_sales`.execute(db);
      await sql`
        insert into product_daily_sales (day, stock_id, units)
        select substr(orders.created_at, 1, 10), order_items.stock_id, sum(order_items.quantity)
        from order_items inner join orders on orders.id = order_items.order_id
        where orders.status not in ('Cancelled')
        group by substr(orders.created_at, 1, 10), order_items.stock_id`.execute(db);
      await sql`
        insert into product_monthly_sales (month, stock_id, units)
        select substr(day, 1, 7), stock_id, sum(units)
        from product_daily_sales group by substr(day, 1, 7), stock_id`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('order_daily_stats').dropColumn('revenue_cents').execute();
      await db.schema.alterTable('order_daily_stats').dropColumn('counted_orders').execute();
    },
  };
}
