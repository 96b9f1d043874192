import { z } from 'zod';
import { ANALYTICS_MESSAGES, isCalendarDay, monthsSpanned, REPORT_MAX_MONTHS } from './analytics-rules';
import { text } from './common';

const calendarDay = (required: string) =>
  text('A date', { error: required })
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

/** GET /api/inventory-reports (docs/product/data.md#reports). */
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

/**
 * GET /api/order-performance-and-demand-analysis (docs/product/data.md#reports): every month of the
 * range, YYYY-MM, zeros included.
 */
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

/** GET /api/sales-reports (docs/product/data.md#reports). */
export const salesReportSchema = z
  .object({
    product_sales_trends: z.object({
      bestsellers: z.array(productTrendSchema),
      low_performers: z.array(productTrendSchema),
    }),
  })
  .meta({ id: 'SalesReport' });
export type SalesReport = z.infer<typeof salesReportSchema>;

/**
 * GET /api/money-reports (docs/product/data.md#reports, docs/product/business-rules.md#money-on-the-overview):
 * the business's revenue per month of the range (orders not Cancelled, their items' value, in the
 * API's dollars), its average order value, and the caller's stock value now.
 */
export const moneyReportSchema = z
  .object({
    revenue_per_month: z.object({
      months: z.array(z.string()),
      revenue: z.array(z.number()).describe('Items value of the orders placed that month, not Cancelled'),
      orders: z.array(z.number().int()).describe('Orders placed that month, not Cancelled'),
    }),
    revenue: z.number().describe('The range’s revenue'),
    orders: z.number().int().describe('The range’s orders counted as sales'),
    average_order_value: z
      .number()
      .nullable()
      .describe('revenue ÷ orders, to the cent; null when the range has no order'),
    stock_value: z.number().describe("Σ quantity × price of the caller's live stock items, now"),
  })
  .meta({ id: 'MoneyReport' });
export type MoneyReport = z.infer<typeof moneyReportSchema>;
