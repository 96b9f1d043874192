import {
  type InventoryReport,
  type OrderPerformanceReport,
  type ProductTrend,
  SALES_TREND_PRODUCTS,
  type SalesReport,
  STOCK_REORDER_LEVEL,
} from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import * as repo from './repository';

export interface ReportServiceDeps {
  db: Kysely<Database>;
}

/** Every month 'YYYY-MM' from the start day's month to the end day's, in order. */
export function monthsOf({ startDate, endDate }: repo.DayRange): string[] {
  const months: string[] = [];
  let year = Number(startDate.slice(0, 4));
  let month = Number(startDate.slice(5, 7));
  const last = endDate.slice(0, 7);
  for (;;) {
    const current = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    months.push(current);
    if (current >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** Values per month laid over every month of the range, zeros where a month has none. */
function perMonth<T extends { month: string }>(months: string[], rows: T[], value: (row: T) => number) {
  const byMonth = new Map(rows.map((row) => [row.month, value(row)]));
  return months.map((month) => byMonth.get(month) ?? 0);
}

/** The analytics reports of the Inventory Manager's Overview, over the whole business (DESIGN §9). */
export function createReportService({ db }: ReportServiceDeps) {
  return {
    async inventory(range: repo.DayRange): Promise<InventoryReport> {
      const [levels, supplierStockDistribution] = await Promise.all([
        repo.listStockLevels(db, range),
        repo.supplierDeliveries(db, range),
      ]);
      return {
        stock_levels: {
          products: levels.map((level) => level.name),
          quantities: levels.map((level) => level.quantity),
          reorder_level: STOCK_REORDER_LEVEL,
        },
        supplier_stock_distribution: supplierStockDistribution,
      };
    },

    async orderPerformance(range: repo.DayRange): Promise<OrderPerformanceReport> {
      const months = monthsOf(range);
      const rows = await repo.countOrdersByMonth(db, range);
      return {
        order_fulfilment_rate: {
          months,
          total_orders: perMonth(months, rows, (row) => row.total_orders),
          fulfilled_orders: perMonth(months, rows, (row) => row.delivered_orders),
        },
        order_volume_trends: { months, order_counts: perMonth(months, rows, (row) => row.total_orders) },
      };
    },

    async sales(range: repo.DayRange): Promise<SalesReport> {
      const months = monthsOf(range);
      const ranked = await repo.rankProducts(db, range, SALES_TREND_PRODUCTS);
      const units = await repo.unitsByMonth(
        db,
        range,
        ranked.map((product) => product.stock_id),
      );
      const trend = (product: repo.RankedProduct): ProductTrend => [
        product.name,
        {
          months,
          quantities: perMonth(
            months,
            units.filter((row) => row.stock_id === product.stock_id),
            (row) => row.units,
          ),
        },
      ];
      const bestsellers = ranked.filter((product) => product.best_rank <= SALES_TREND_PRODUCTS);
      const lowPerformers = ranked
        .filter((product) => product.best_rank > SALES_TREND_PRODUCTS)
        .sort((a, b) => a.low_rank - b.low_rank);
      return {
        product_sales_trends: {
          bestsellers: bestsellers.map(trend),
          low_performers: lowPerformers.map(trend),
        },
      };
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
