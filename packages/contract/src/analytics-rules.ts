// No zod here: the analytics Overview reads these, and its chunk should not carry zod (~26 kB gzip).

/** Items at or under this many units are flagged as needing replenishment on the stock chart. */
export const STOCK_REORDER_LEVEL = 10;
/**
 * How many products each side of the sales report names
 * (docs/product/business-rules.md#analytics-reports).
 */
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

/** The empty-data sentences of docs/product/validation-and-messages.md#analytics, one per chart. */
export const ANALYTICS_EMPTY_MESSAGES = {
  stockLevels: 'No data available for the selected date range for Stock Levels.',
  supplierStockDistribution: 'No data available for the selected date range for Supplier Stock Distribution.',
  orderFulfilmentRate: 'No data available for the selected date range for Order fulfilment rate.',
  orderVolumeTrends: 'No data available for the selected date range for Order volume trends.',
  salesReports: 'No data found for the selected date range for Sales Reports.',
  revenue: 'No sales in the selected date range.',
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

export const REPORT_PATHS = {
  inventory: '/api/inventory-reports',
  orderPerformance: '/api/order-performance-and-demand-analysis',
  sales: '/api/sales-reports',
  money: '/api/money-reports',
} as const;
