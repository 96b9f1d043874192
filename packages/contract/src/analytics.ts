import { z } from 'zod';

/** Items at or under this many units are flagged as needing replenishment on the stock chart. */
export const STOCK_REORDER_LEVEL = 10;
/** How many products each side of the sales report names (DESIGN §9). */
export const SALES_TREND_PRODUCTS = 5;
/** The most months a report covers: its charts have a point per month, and its answer grows with them. */
export const REPORT_MAX_MONTHS = 120;

export const ANALYTICS_MESSAGES = {
  startDateRequired: 'startDate is required (YYYY-MM-DD)',
  endDateRequired: 'endDate is required (YYYY-MM-DD)',
  invalidDate: 'Dates must be real calendar days written YYYY-MM-DD',
  startAfterEnd: 'startDate must be on or before endDate',
  rangeTooLong: `The date range can cover at most ${REPORT_MAX_MONTHS} months (10 years)`,
} as const;

/** The empty-data sentences of SPEC §8, one per chart. */
export const ANALYTICS_EMPTY_MESSAGES = {
  stockLevels: 'No data available for the selected date range for Stock Levels.',
  supplierStockDistribution: 'No data available for the selected date range for Supplier Stock Distribution.',
  orderFulfilmentRate: 'No data available for the selected date range for Order fulfilment rate.',
  orderVolumeTrends: 'No data available for the selected date range for Order volume trends.',
  salesReports: 'No data found for the selected date range for Sales Reports.',
} as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD string naming a real day (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** How many months 'YYYY-MM' a range touches, its first and last included: 2026-01-31 to 2026-02-01 is 2. */
export function monthsSpanned(startDate: string, endDate: string): number {
  const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  return monthIndex(endDate) - monthIndex(startDate) + 1;
}

const calendarDay = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine(isCalendarDay, ANALYTICS_MESSAGES.invalidDate);

/** ?startDate=&endDate= of the three report endpoints: both required, start ≤ end, end day included, 10 years at most. */
export const reportQuerySchema = z
  .object({
    startDate: calendarDay(ANALYTICS_MESSAGES.startDateRequired),
    endDate: calendarDay(ANALYTICS_MESSAGES.endDateRequired),
  })
  .refine((range) => range.startDate <= range.endDate, {
    message: ANALYTICS_MESSAGES.startAfterEnd,
    path: ['startDate'],
  })
  .refine((range) => monthsSpanned(range.startDate, range.endDate) <= REPORT_MAX_MONTHS, {
    message: ANALYTICS_MESSAGES.rangeTooLong,
    path: ['endDate'],
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** GET /api/inventory-reports (SPEC §3). */
export const inventoryReportSchema = z
  .object({
    stock_levels: z.object({
      products: z.array(z.string()),
      quantities: z.array(z.number().int()),
      reorder_level: z.number().int().describe('Items at or under it need replenishment'),
    }),
    supplier_stock_distribution: z.object({
      suppliers: z.array(z.string()),
      total_products: z.array(z.number().int()).describe('Units delivered by each supplier in the range'),
    }),
  })
  .meta({ id: 'InventoryReport' });
export type InventoryReport = z.infer<typeof inventoryReportSchema>;

/** GET /api/order-performance-and-demand-analysis (SPEC §3): every month of the range, YYYY-MM, zeros included. */
export const orderPerformanceReportSchema = z
  .object({
    order_fulfilment_rate: z.object({
      months: z.array(z.string()),
      total_orders: z.array(z.number().int()),
      fulfilled_orders: z.array(z.number().int()),
    }),
    order_volume_trends: z.object({
      months: z.array(z.string()),
      order_counts: z.array(z.number().int()),
    }),
  })
  .meta({ id: 'OrderPerformanceReport' });
export type OrderPerformanceReport = z.infer<typeof orderPerformanceReportSchema>;

/** One product's units sold in each month of the range: [product name, {months, quantities}]. */
export const productTrendSchema = z.tuple([
  z.string(),
  z.object({ months: z.array(z.string()), quantities: z.array(z.number().int()) }),
]);
export type ProductTrend = z.infer<typeof productTrendSchema>;

/** GET /api/sales-reports (SPEC §3). */
export const salesReportSchema = z
  .object({
    product_sales_trends: z.object({
      bestsellers: z.array(productTrendSchema),
      low_performers: z.array(productTrendSchema),
    }),
  })
  .meta({ id: 'SalesReport' });
export type SalesReport = z.infer<typeof salesReportSchema>;

export const REPORT_PATHS = {
  inventory: '/api/inventory-reports',
  orderPerformance: '/api/order-performance-and-demand-analysis',
  sales: '/api/sales-reports',
} as const;
