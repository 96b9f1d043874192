import {
  ANALYTICS_EMPTY_MESSAGES,
  type ProductTrend,
  type ReportQuery,
  type SalesReport,
} from '@depot/contract';
import { useMemo } from 'react';
import { useSalesReport } from '../api/get-reports';
import { ChartCanvas } from './chart-canvas';
import { ChartCard } from './chart-card';
import { COUNT_AXIS_OPTIONS, monthLabel, seriesColor } from './chart-style';

export const SALES_TITLE = 'Product Sales Trends';

const SALES_OPTIONS = {
  ...COUNT_AXIS_OPTIONS,
  plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } },
} as const;

/** One line per product: bestsellers solid, low performers dashed, on the months of the range. */
export function salesDatasets({ bestsellers, low_performers }: SalesReport['product_sales_trends']) {
  const months = [
    ...new Set([...bestsellers, ...low_performers].flatMap(([, trend]) => trend.months)),
  ].sort();
  const line = ([name, trend]: ProductTrend, kind: 'bestseller' | 'low performer', index: number) => {
    const byMonth = new Map(trend.months.map((month, i) => [month, trend.quantities[i] ?? 0]));
    const color = seriesColor(index);
    return {
      label: `${name} (${kind})`,
      data: months.map((month) => byMonth.get(month) ?? 0),
      borderColor: color,
      backgroundColor: color,
      borderDash: kind === 'low performer' ? [6, 4] : undefined,
    };
  };
  return {
    months,
    datasets: [
      ...bestsellers.map((trend, i) => line(trend, 'bestseller', i)),
      ...low_performers.map((trend, i) => line(trend, 'low performer', bestsellers.length + i)),
    ],
  };
}

/** Sales & Product Analytics: units sold per month of the best and worst selling products. */
export function SalesChart({ range }: { range: ReportQuery | null }) {
  const report = useSalesReport(range);
  const trends = report.data?.product_sales_trends;
  const chart = useMemo(() => {
    if (!trends) return null;
    const { months, datasets } = salesDatasets(trends);
    return { datasets, data: { labels: months.map(monthLabel), datasets } };
  }, [trends]);
  return (
    <ChartCard
      title={SALES_TITLE}
      status={report.status}
      error={report.error}
      onRetry={() => void report.refetch()}
      emptyMessage={chart && chart.datasets.length === 0 ? ANALYTICS_EMPTY_MESSAGES.salesReports : null}
    >
      {chart && (
        <ChartCanvas
          type="line"
          label={`${SALES_TITLE}: ${chart.datasets.map((dataset) => dataset.label).join(', ')}`}
          data={chart.data}
          options={SALES_OPTIONS}
        />
      )}
    </ChartCard>
  );
}
