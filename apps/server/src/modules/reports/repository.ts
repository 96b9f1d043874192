import type { ReportQuery } from '@depot/contract';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
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

/**
 * A product's name: its stock row's current one. Stock rows are only soft-deleted today, but should
 * one ever be purged, its order lines' name (the smallest, to be deterministic) stands in.
 */
function productName(
  eb: ExpressionBuilder<Database & { totals: { stock_id: number } }, 'totals' | 'stocks'>,
) {
  return eb.fn.coalesce(
    'stocks.name',
    eb
      .selectFrom('order_items')
      .select((sub) => sub.fn.min('order_items.product_name').as('name'))
      .whereRef('order_items.stock_id', '=', 'totals.stock_id'),
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
  return db
    .with('totals', (qb) =>
      qb
        .selectFrom('product_daily_sales')
        .select((eb) => ['stock_id', eb.cast<number>(eb.fn.sum('units'), 'bigint').as('units')])
        .where('day', '>=', range.startDate)
        .where('day', '<=', range.endDate)
        .groupBy('stock_id')
        .having((eb) => eb.fn.sum('units'), '>', 0),
    )
    .with('named', (qb) =>
      qb
        .selectFrom('totals')
        .leftJoin('stocks', 'stocks.id', 'totals.stock_id')
        .select((eb) => ['totals.stock_id', 'totals.units', productName(eb).$notNull().as('name')]),
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
    .execute();
}

/** Units sold per month of the range of each of the given products, months without sales left out. */
export function unitsByMonth(db: Executor, range: DayRange, stockIds: number[]) {
  if (stockIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_daily_sales')
    .select((eb) => [
      'stock_id',
      month.as('month'),
      eb.cast<number>(eb.fn.sum('units'), 'bigint').as('units'),
    ])
    .where('stock_id', 'in', stockIds)
    .where('day', '>=', range.startDate)
    .where('day', '<=', range.endDate)
    .groupBy(['stock_id', month])
    .execute();
}
