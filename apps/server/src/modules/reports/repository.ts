import type { ReportQuery } from '@depot/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

export type Executor = Kysely<Database> | Transaction<Database>;

/** Start and end day of a report, YYYY-MM-DD, both included whole. */
export type DayRange = ReportQuery;

/** The day after a YYYY-MM-DD day: timestamps before it fall on or before that day. */
export function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

const month = sql<string>`substr(day, 1, 7)`;

/** Current quantity of every live stock item created on or before the end day, by name. */
export function listStockLevels(db: Executor, range: DayRange) {
  return db
    .selectFrom('stocks')
    .select(['name', 'quantity'])
    .where('deleted_at', 'is', null)
    .where('created_at', '<', dayAfter(range.endDate))
    .orderBy('name')
    .orderBy('id')
    .execute();
}

// Filled in when the replenishment tables of issue 5 land: units of Delivered replenishment orders per supplier in the range.
export async function supplierDeliveries(
  _db: Executor,
  _range: DayRange,
): Promise<{ suppliers: string[]; total_products: number[] }> {
  return { suppliers: [], total_products: [] };
}

/** Per month with orders: orders created in the range and how many of them are Delivered now. */
export function countOrdersByMonth(db: Executor, range: DayRange) {
  return db
    .selectFrom('order_daily_stats')
    .select((eb) => [
      month.as('month'),
      eb.cast<number>(eb.fn.sum('total_orders'), 'bigint').as('total_orders'),
      eb.cast<number>(eb.fn.sum('delivered_orders'), 'bigint').as('delivered_orders'),
    ])
    .where('day', '>=', range.startDate)
    .where('day', '<=', range.endDate)
    .groupBy(month)
    .orderBy(month)
    .execute();
}

/** The first day of the month after the day's. */
function firstOfNextMonth(day: string): string {
  const next = new Date(`${day.slice(0, 7)}-01T00:00:00.000Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next.toISOString().slice(0, 10);
}

/** The day before a YYYY-MM-DD day. */
function dayBefore(day: string): string {
  const previous = new Date(`${day}T00:00:00.000Z`);
  previous.setUTCDate(previous.getUTCDate() - 1);
  return previous.toISOString().slice(0, 10);
}

/**
 * A range cut at month edges: the months it covers whole ('YYYY-MM', null when none) and the days
 * left over at either end. Whole months are read from the monthly roll-up (one row per product),
 * so a six-month report reads about 3,000 rows instead of 90,000 daily ones.
 */
export function splitAtWholeMonths(range: DayRange): {
  months: { from: string; to: string } | null;
  days: DayRange[];
} {
  const firstWhole = range.startDate.endsWith('-01') ? range.startDate : firstOfNextMonth(range.startDate);
  const afterEnd = dayAfter(range.endDate);
  const afterLastWhole = afterEnd.endsWith('-01') ? afterEnd : `${range.endDate.slice(0, 7)}-01`;
  if (firstWhole >= afterLastWhole) return { months: null, days: [range] };
  const days: DayRange[] = [];
  if (range.startDate < firstWhole) days.push({ startDate: range.startDate, endDate: dayBefore(firstWhole) });
  if (afterLastWhole < afterEnd) days.push({ startDate: afterLastWhole, endDate: range.endDate });
  return { months: { from: firstWhole.slice(0, 7), to: dayBefore(afterLastWhole).slice(0, 7) }, days };
}

/** Units sold per product and month within the range: whole months from the roll-up, edge days from the daily rows. */
function salesIn(db: Executor, range: DayRange) {
  const { months, days } = splitAtWholeMonths(range);
  return db
    .selectFrom('product_monthly_sales')
    .select(['stock_id', 'month', 'units'])
    .where((eb) => (months ? eb.between('month', months.from, months.to) : eb.lit(false)))
    .unionAll(
      db
        .selectFrom('product_daily_sales')
        .select(['stock_id', month.as('month'), 'units'])
        .where((eb) => eb.or(days.map((part) => eb.between('day', part.startDate, part.endDate)))),
    );
}

export interface RankedProduct {
  stock_id: number;
  name: string;
  /** 1 for the bestseller; past `count` the product is not one. */
  best_rank: number;
  /** For a product that is not a bestseller: 1 for the worst seller of the others. */
  low_rank: number;
}

/**
 * The `count` best-selling products of the range by units (ties by name, then id), and the `count`
 * worst among the others that sold at least a unit, in one pass over the range's daily sales.
 */
export function rankProducts(db: Executor, range: DayRange, count: number): Promise<RankedProduct[]> {
  return (
    db
      .with('totals', (qb) =>
        qb
          .selectFrom(salesIn(db, range).as('sales'))
          .select((eb) => ['stock_id', eb.cast<number>(eb.fn.sum('units'), 'bigint').as('units')])
          .groupBy('stock_id')
          .having((eb) => eb.fn.sum('units'), '>', 0),
      )
      // Named by the stock row's current name: stock rows are only ever soft-deleted, and every
      // order line's stock_id references one, so the row is always there.
      .with('named', (qb) =>
        qb
          .selectFrom('totals')
          .innerJoin('stocks', 'stocks.id', 'totals.stock_id')
          .select(['totals.stock_id', 'totals.units', 'stocks.name']),
      )
      .with('ranked', (qb) =>
        qb
          .selectFrom('named')
          .selectAll()
          .select((eb) =>
            eb.fn
              .agg<number>('row_number')
              .over((ob) => ob.orderBy('units', 'desc').orderBy('name').orderBy('stock_id'))
              .as('best_rank'),
          ),
      )
      .with('picked', (qb) =>
        qb
          .selectFrom('ranked')
          .select(['stock_id', 'name', 'best_rank'])
          .select((eb) =>
            eb.fn
              .agg<number>('row_number')
              // Bestsellers sort after every other product, so the others are numbered from the worst.
              .over((ob) =>
                ob
                  .orderBy(eb.case().when('best_rank', '<=', count).then(1).else(0).end())
                  .orderBy('units')
                  .orderBy('name')
                  .orderBy('stock_id'),
              )
              .as('low_rank'),
          ),
      )
      .selectFrom('picked')
      .selectAll()
      .where((eb) => eb.or([eb('best_rank', '<=', count), eb('low_rank', '<=', count)]))
      .orderBy('best_rank')
      .execute()
  );
}

/** Units sold per month of the range of each of the given products, months without sales left out. */
export function unitsByMonth(db: Executor, range: DayRange, stockIds: number[]) {
  if (stockIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom(salesIn(db, range).as('sales'))
    .select((eb) => ['stock_id', 'month', eb.cast<number>(eb.fn.sum('units'), 'bigint').as('units')])
    .where('stock_id', 'in', stockIds)
    .groupBy(['stock_id', 'month'])
    .execute();
}
