import { sql } from 'kysely';
import { type Reach, reached } from '../../db/reach';
import type { Executor } from '../../db/schema';
import { dayAfter } from '../../lib/days';
import { type DayRange, salesSources } from './days';

export type { DayRange };

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

/** Units each supplier delivered in the range (supply orders that became Delivered), most first. */
export async function supplierDeliveries(
  db: Executor,
  range: DayRange,
): Promise<{ suppliers: string[]; total_products: number[] }> {
  const rows = await db
    .selectFrom('supplier_daily_deliveries')
    .innerJoin('users', 'users.id', 'supplier_daily_deliveries.supplier_id')
    .select((eb) => [
      'users.name',
      eb.cast<number>(eb.fn.sum('supplier_daily_deliveries.units'), 'bigint').as('units'),
    ])
    .where('supplier_daily_deliveries.day', '>=', range.startDate)
    .where('supplier_daily_deliveries.day', '<=', range.endDate)
    .groupBy(['users.id', 'users.name'])
    .orderBy('units', 'desc')
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
  return { suppliers: rows.map((row) => row.name), total_products: rows.map((row) => Number(row.units)) };
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

/** Units sold per product and month within the range, from the summary rows `salesSources` picks. */
function salesIn(db: Executor, range: DayRange) {
  const { months, add, subtract } = salesSources(range);
  const daily = (ranges: DayRange[]) =>
    db
      .selectFrom('product_daily_sales')
      .where((eb) => eb.or(ranges.map((part) => eb.between('day', part.startDate, part.endDate))));
  return db
    .selectFrom('product_monthly_sales')
    .select(['stock_id', 'month', 'units'])
    .where((eb) => (months ? eb.between('month', months.from, months.to) : eb.lit(false)))
    .unionAll(daily(add).select(['stock_id', month.as('month'), 'units']))
    .unionAll(daily(subtract).select((eb) => ['stock_id', month.as('month'), eb.neg('units').as('units')]));
}

/** One month of one product picked by `rankProducts`, with where it ranks. */
export interface RankedProductMonth {
  stock_id: number;
  name: string;
  /** 1 for the bestseller; past `count` the product is not one. */
  best_rank: number;
  /** For a product that is not a bestseller: 1 for the worst seller of the others. */
  low_rank: number;
  month: string;
  units: number;
}

/**
 * The `count` best-selling products of the range by units (ties by name, then id) and the `count`
 * worst among the others that sold at least a unit, each with its units per month of the range
 * that had sales: one pass over the range's summary rows.
 */
export function rankProducts(db: Executor, range: DayRange, count: number): Promise<RankedProductMonth[]> {
  return (
    db
      .with('monthly', (qb) =>
        qb
          .selectFrom(salesIn(db, range).as('sales'))
          .select((eb) => ['stock_id', 'month', eb.cast<number>(eb.fn.sum('units'), 'bigint').as('units')])
          .groupBy(['stock_id', 'month']),
      )
      .with('totals', (qb) =>
        qb
          .selectFrom('monthly')
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
      .innerJoin('monthly', 'monthly.stock_id', 'picked.stock_id')
      .select([
        'picked.stock_id',
        'picked.name',
        'picked.best_rank',
        'picked.low_rank',
        'monthly.month',
        'monthly.units',
      ])
      .where((eb) => eb.or([eb('picked.best_rank', '<=', count), eb('picked.low_rank', '<=', count)]))
      .orderBy('picked.best_rank')
      .orderBy('monthly.month')
      .execute()
  );
}

/** Per month with orders: the orders created in the range that count as sales and their revenue in cents. */
export function revenueByMonth(db: Executor, range: DayRange) {
  return db
    .selectFrom('order_daily_stats')
    .select((eb) => [
      month.as('month'),
      eb.cast<number>(eb.fn.sum('counted_orders'), 'bigint').as('orders'),
      eb.cast<number>(eb.fn.sum('revenue_cents'), 'bigint').as('revenue_cents'),
    ])
    .where('day', '>=', range.startDate)
    .where('day', '<=', range.endDate)
    .groupBy(month)
    .orderBy(month)
    .execute();
}

/** Σ quantity × price, in cents, of the live stock items the caller reaches (their own). */
export async function stockValueCents(db: Executor, reach: Reach): Promise<number> {
  const row = await db
    .selectFrom('stocks')
    .select((eb) =>
      eb
        .cast<number>(
          eb.fn.coalesce(eb.fn.sum(eb('quantity', '*', eb.ref('price_cents'))), eb.lit(0)),
          'bigint',
        )
        .as('cents'),
    )
    .where('deleted_at', 'is', null)
    .where(reached('stocks', reach))
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}
