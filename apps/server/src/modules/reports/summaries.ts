import { NOT_COUNTED_ORDER_STATUSES } from '@depot/contract';
import { sql } from 'kysely';
import { compiledQuery, compiledRowsQuery } from '../../db/compiled-query';
import type { Executor } from '../../db/schema';
import { together } from '../../db/together';

/** The UTC day of an ISO-8601 timestamp: '2026-06-15T10:00:00.000Z' → '2026-06-15'. */
export const utcDay = (timestamp: string): string => timestamp.slice(0, 10);

// Every placed order runs these: compiled once per number of lines (see compiledRowsQuery), one
// statement for all of an order's lines.
const addDailyUnitsQuery = compiledRowsQuery((db, rows: { day: string; stock_id: number; units: number }[]) =>
  db
    .insertInto('product_daily_sales')
    .values(rows.map((row) => ({ day: row.day, stock_id: row.stock_id, units: row.units })))
    .onConflict((oc) =>
      oc
        .columns(['day', 'stock_id'])
        .doUpdateSet((eb) => ({ units: eb('product_daily_sales.units', '+', eb.ref('excluded.units')) })),
    ),
);

const addMonthlyUnitsQuery = compiledRowsQuery(
  (db, rows: { month: string; stock_id: number; units: number }[]) =>
    db
      .insertInto('product_monthly_sales')
      .values(rows.map((row) => ({ month: row.month, stock_id: row.stock_id, units: row.units })))
      .onConflict((oc) =>
        oc
          .columns(['month', 'stock_id'])
          .doUpdateSet((eb) => ({ units: eb('product_monthly_sales.units', '+', eb.ref('excluded.units')) })),
      ),
);

const takeDailyUnitsQuery = compiledQuery((db, row: { day: string; stock_id: number; units: number }) =>
  db
    .updateTable('product_daily_sales')
    .set((eb) => ({ units: eb('units', '-', row.units) }))
    .where('day', '=', row.day)
    .where('stock_id', '=', row.stock_id),
);

const takeMonthlyUnitsQuery = compiledQuery((db, row: { month: string; stock_id: number; units: number }) =>
  db
    .updateTable('product_monthly_sales')
    .set((eb) => ({ units: eb('units', '-', row.units) }))
    .where('month', '=', row.month)
    .where('stock_id', '=', row.stock_id),
);

/** `placed` is 1 for a new order, 0 for a change of whether an existing one counts as sold. */
const countOrderOfDayQuery = compiledQuery(
  (db, row: { day: string; placed: number; counted: number; revenue_cents: number }) =>
    db
      .insertInto('order_daily_stats')
      .values({
        day: row.day,
        total_orders: row.placed,
        delivered_orders: 0,
        counted_orders: row.counted,
        revenue_cents: row.revenue_cents,
      })
      .onConflict((oc) =>
        oc.column('day').doUpdateSet((eb) => ({
          total_orders: eb('order_daily_stats.total_orders', '+', eb.ref('excluded.total_orders')),
          counted_orders: eb('order_daily_stats.counted_orders', '+', eb.ref('excluded.counted_orders')),
          revenue_cents: eb('order_daily_stats.revenue_cents', '+', eb.ref('excluded.revenue_cents')),
        })),
      ),
);

/**
 * Adds (or with `sign` −1 takes out) the units of `orders` orders (one, or several placed together)
 * on their day and month, their count and revenue; `placed` they count as newly placed (0 or
 * `orders`). Taking out updates the rows placing wrote: an upsert's row is checked against
 * `units >= 0` before it turns into an update, so negative units cannot go through one.
 */
async function countSold(
  db: Executor,
  day: string,
  lines: readonly { stock_id: number; quantity: number }[],
  revenueCents: number,
  sign: 1 | -1,
  placed: number,
  orders = 1,
): Promise<void> {
  const month = day.slice(0, 7);
  if (sign === -1) {
    for (const line of lines) {
      await takeDailyUnitsQuery.execute(db, { day, stock_id: line.stock_id, units: line.quantity });
    }
    for (const line of lines) {
      await takeMonthlyUnitsQuery.execute(db, { month, stock_id: line.stock_id, units: line.quantity });
    }
  }
  // Placing adds the units; all three are independent of each other: sent together (db/together.ts).
  const addUnits =
    sign === 1 && lines.length > 0
      ? [
          () =>
            addDailyUnitsQuery.execute(
              db,
              lines.map((line) => ({ day, stock_id: line.stock_id, units: line.quantity })),
            ),
          () =>
            addMonthlyUnitsQuery.execute(
              db,
              lines.map((line) => ({ month, stock_id: line.stock_id, units: line.quantity })),
            ),
        ]
      : [];
  await together(...addUnits, () =>
    countOrderOfDayQuery.execute(db, {
      day,
      placed,
      counted: sign * orders,
      revenue_cents: sign * revenueCents,
    }),
  );
}

/**
 * Counts newly placed orders, one or several placed together (decision 040), and their units on
 * their day: their lines added up per stock item, one upsert each for the day's and the month's
 * units and one for the day's count and revenue. Call it last in the placing transaction: on
 * PostgreSQL the day's rows stay locked until commit, so every other order of that day waits for
 * as short a time as possible. The rows are written in stock_id order, so concurrent batches lock
 * them in the same order (one statement may not name a row twice).
 */
export function countPlacedOrders(
  db: Executor,
  day: string,
  orders: readonly { lines: readonly { stock_id: number; quantity: number }[]; revenueCents: number }[],
): Promise<void> {
  const units = new Map<number, number>();
  let revenueCents = 0;
  for (const order of orders) {
    revenueCents += order.revenueCents;
    for (const line of order.lines) units.set(line.stock_id, (units.get(line.stock_id) ?? 0) + line.quantity);
  }
  const lines = [...units]
    .map(([stock_id, quantity]) => ({ stock_id, quantity }))
    .sort((a, b) => a.stock_id - b.stock_id);
  return countSold(db, day, lines, revenueCents, 1, orders.length, orders.length);
}

/**
 * An order created on `day` took a status of NOT_COUNTED_ORDER_STATUSES (Cancelled, Returned), or
 * (`counted` true) a Returned one was reopened: its units and its items' value (`revenueCents`, the
 * order's items_total_cents) stop counting as sold, or count again. It stays counted as an order
 * placed that day either way. Call it last, as above; `lines` name each stock item once, in
 * stock_id order.
 */
export function countSoldChange(
  db: Executor,
  day: string,
  lines: readonly { stock_id: number; quantity: number }[],
  revenueCents: number,
  counted: boolean,
): Promise<void> {
  return countSold(db, day, lines, revenueCents, counted ? 1 : -1, 0);
}

/** An order created on `day` became Delivered (+1) or stopped being Delivered (−1); call it last, as above. */
export async function countDeliveredChange(db: Executor, day: string, change: 1 | -1): Promise<void> {
  await db
    .updateTable('order_daily_stats')
    .set((eb) => ({ delivered_orders: eb('delivered_orders', '+', change) }))
    .where('day', '=', day)
    .execute();
}

/** A supply order of `supplierId` with `units` in all was delivered on `day`; call it last in that transaction. */
export async function countSupplierDelivery(db: Executor, day: string, supplierId: number, units: number) {
  await db
    .insertInto('supplier_daily_deliveries')
    .values({ day, supplier_id: supplierId, units })
    .onConflict((oc) =>
      oc.columns(['day', 'supplier_id']).doUpdateSet((eb) => ({
        units: eb('supplier_daily_deliveries.units', '+', eb.ref('excluded.units')),
      })),
    )
    .execute();
}

/**
 * Recomputes the delivery summary from the units delivered; run it inside a transaction. Deliveries
 * are not kept one by one: a Delivered order's units count on its delivery day, an open order's
 * partial deliveries on the day it last changed (docs/decisions/018-stock-ledger-counts-and-partial-deliveries.md).
 */
export async function rebuildSupplierDeliveries(db: Executor): Promise<void> {
  const deliveryDay = sql<string>`substr(coalesce(supply_orders.delivered_at, supply_orders.updated_at), 1, 10)`;
  await db.deleteFrom('supplier_daily_deliveries').execute();
  await db
    .insertInto('supplier_daily_deliveries')
    .columns(['day', 'supplier_id', 'units'])
    .expression(
      db
        .selectFrom('supply_order_items')
        .innerJoin('supply_orders', 'supply_orders.id', 'supply_order_items.order_id')
        .where('supply_order_items.delivered_quantity', '>', 0)
        .select((eb) => [
          deliveryDay.as('day'),
          'supply_orders.supplier_id',
          eb.fn.sum<number>('supply_order_items.delivered_quantity').as('units'),
        ])
        .groupBy([deliveryDay, 'supply_orders.supplier_id']),
    )
    .execute();
}

/**
 * Recomputes the summaries from the order rows: the migration that creates them fills them this
 * way, and so does the bench seeder after its bulk inserts. Run it inside a transaction.
 */
export async function rebuildReportSummaries(db: Executor): Promise<void> {
  const orderDay = sql<string>`substr(orders.created_at, 1, 10)`;
  const salesMonth = sql<string>`substr(product_daily_sales.day, 1, 7)`;
  for (const table of ['order_daily_stats', 'product_monthly_sales', 'product_daily_sales'] as const) {
    await db.deleteFrom(table).execute();
  }
  await db
    .insertInto('order_daily_stats')
    .columns(['day', 'total_orders', 'delivered_orders', 'counted_orders', 'revenue_cents'])
    .expression(
      db
        .selectFrom('orders')
        .select((eb) => {
          const counted = eb('orders.status', 'not in', NOT_COUNTED_ORDER_STATUSES);
          return [
            orderDay.as('day'),
            eb.fn.countAll<number>().as('total_orders'),
            eb.fn
              .sum<number>(eb.case().when('orders.status', '=', 'Delivered').then(1).else(0).end())
              .as('delivered_orders'),
            eb.fn.sum<number>(eb.case().when(counted).then(1).else(0).end()).as('counted_orders'),
            eb.fn
              .sum<number>(eb.case().when(counted).then(eb.ref('orders.items_total_cents')).else(0).end())
              .as('revenue_cents'),
          ];
        })
        .groupBy(orderDay),
    )
    .execute();
  await db
    .insertInto('product_daily_sales')
    .columns(['day', 'stock_id', 'units'])
    .expression(
      db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        // A cancelled or returned order's units went back to stock: they were not sold.
        .where('orders.status', 'not in', NOT_COUNTED_ORDER_STATUSES)
        .select((eb) => [
          orderDay.as('day'),
          'order_items.stock_id',
          eb.fn.sum<number>('order_items.quantity').as('units'),
        ])
        .groupBy([orderDay, 'order_items.stock_id']),
    )
    .execute();
  await db
    .insertInto('product_monthly_sales')
    .columns(['month', 'stock_id', 'units'])
    .expression(
      db
        .selectFrom('product_daily_sales')
        .select((eb) => [salesMonth.as('month'), 'stock_id', eb.fn.sum<number>('units').as('units')])
        .groupBy([salesMonth, 'stock_id']),
    )
    .execute();
}
