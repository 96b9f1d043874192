import {
  type InventoryReport,
  type MoneyReport,
  type OrderPerformanceReport,
  type ProductTrend,
  SALES_TREND_PRODUCTS,
  type SalesReport,
  STOCK_REORDER_LEVEL,
} from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Reach } from '../../db/reach';
import type { Database } from '../../db/schema';
import { fromCents } from '../../lib/amounts';
import { type DayRange, monthsOf } from './days';
import * as repo from './repository';

export interface ReportServiceDeps {
  db: Kysely<Database>;
}

/** Values per month laid over every month of the range, zeros where a month has none. */
function perMonth<T extends { month: string }>(months: string[], rows: T[], value: (row: T) => number) {
  const byMonth = new Map(rows.map((row) => [row.month, value(row)]));
  return months.map((month) => byMonth.get(month) ?? 0);
}

/**
 * The analytics reports of the Inventory Manager's Overview, over the whole business
 * (docs/product/business-rules.md#analytics-reports).
 */
export function createReportService({ db }: ReportServiceDeps) {
  return {
    /**
     * Revenue per month and the average order value of the business over the range, and the
     * caller's stock value now (docs/product/business-rules.md#money-on-the-overview).
     */
    async money(range: DayRange, reach: Reach): Promise<MoneyReport> {
      const months = monthsOf(range);
      const [rows, stockCents] = await Promise.all([
        repo.revenueByMonth(db, range),
        repo.stockValueCents(db, reach),
      ]);
      return moneyReportOf(
        months,
        rows.map((row) => ({
          month: row.month,
          orders: Number(row.orders),
          cents: Number(row.revenue_cents),
        })),
        stockCents,
      );
    },

    async inventory(range: DayRange): Promise<InventoryReport> {
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

    async orderPerformance(range: DayRange): Promise<OrderPerformanceReport> {
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

    async sales(range: DayRange): Promise<SalesReport> {
      const months = monthsOf(range);
      const rows = await repo.rankProducts(db, range, SALES_TREND_PRODUCTS);
      const products = new Map<number, { name: string; best: number; low: number; rows: typeof rows }>();
      for (const row of rows) {
        const product = products.get(row.stock_id);
        if (product) product.rows.push(row);
        else
          products.set(row.stock_id, { name: row.name, best: row.best_rank, low: row.low_rank, rows: [row] });
      }
      const ranked = [...products.values()];
      const trend = (product: (typeof ranked)[number]): ProductTrend => [
        product.name,
        { months, quantities: perMonth(months, product.rows, (row) => row.units) },
      ];
      return {
        product_sales_trends: {
          bestsellers: ranked
            .filter((product) => product.best <= SALES_TREND_PRODUCTS)
            .sort((a, b) => a.best - b.best)
            .map(trend),
          low_performers: ranked
            .filter((product) => product.best > SALES_TREND_PRODUCTS)
            .sort((a, b) => a.low - b.low)
            .map(trend),
        },
      };
    },
  };
}

/** The money report from revenue per month in cents; shared with the reference queries so both round alike. */
export function moneyReportOf(
  months: string[],
  rows: { month: string; orders: number; cents: number }[],
  stockCents: number,
): MoneyReport {
  const cents = perMonth(months, rows, (row) => row.cents);
  const orders = perMonth(months, rows, (row) => row.orders);
  const totalCents = cents.reduce((sum, value) => sum + value, 0);
  const totalOrders = orders.reduce((sum, value) => sum + value, 0);
  return {
    revenue_per_month: { months, revenue: cents.map(fromCents), orders },
    revenue: fromCents(totalCents),
    orders: totalOrders,
    // Rounded half up to the cent, in integers: $10.00 over 3 orders is $3.33.
    average_order_value: totalOrders === 0 ? null : fromCents(Math.round(totalCents / totalOrders)),
    stock_value: fromCents(stockCents),
  };
}

export type ReportService = ReturnType<typeof createReportService>;
