import {
  type InventoryReport,
  type MoneyReport,
  type OrderPerformanceReport,
  REPORT_PATHS,
  type ReportQuery,
  type SalesReport,
} from '@depot/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useDrawnQuery } from '@/hooks/use-drawn-query';
import { nextPaint } from '@/lib/after-paint';
import { apiClient } from '@/lib/api-client';

export const reportKeys = {
  all: ['reports'] as const,
  report: (path: string, range: ReportQuery | null) => [...reportKeys.all, path, range] as const,
};

/**
 * A report, asked for once the page's next frame is painted: on a slow connection the page's title,
 * dates and placeholders are drawn before the reports take the bandwidth. The wait is inside the
 * request, not in a component's state: nothing renders again to start it.
 */
async function getReport<T>(
  path: string,
  { startDate, endDate }: ReportQuery,
  signal: AbortSignal,
): Promise<T> {
  await nextPaint(signal);
  const query = new URLSearchParams({ startDate, endDate });
  return apiClient.get<T>(`${path}?${query}`, { signal });
}

/**
 * One report for a date range; nothing is fetched until the range is complete
 * (docs/product/validation-and-messages.md#analytics).
 */
const reportQueryOptions = <T>(path: string, range: ReportQuery | null) =>
  queryOptions({
    queryKey: reportKeys.report(path, range),
    queryFn: ({ signal }) => getReport<T>(path, range as ReportQuery, signal),
    enabled: range !== null,
  });

/** A report as its section draws it: in a deferred render once it arrives (useDrawnQuery). */
const useReport = <T>(path: string, range: ReportQuery | null) =>
  useDrawnQuery(useQuery(reportQueryOptions<T>(path, range)));

export const useInventoryReport = (range: ReportQuery | null) =>
  useReport<InventoryReport>(REPORT_PATHS.inventory, range);

export const useOrderPerformanceReport = (range: ReportQuery | null) =>
  useReport<OrderPerformanceReport>(REPORT_PATHS.orderPerformance, range);

export const useSalesReport = (range: ReportQuery | null) =>
  useReport<SalesReport>(REPORT_PATHS.sales, range);

export const useMoneyReport = (range: ReportQuery | null) =>
  useReport<MoneyReport>(REPORT_PATHS.money, range);
