import { ANALYTICS_EMPTY_MESSAGES, type OrderPerformanceReport, type ReportQuery } from '@depot/contract';
import { useMemo } from 'react';
import { useOrderPerformanceReport } from '../api/get-reports';
import { ChartCanvas } from './chart-canvas';
import { ChartCard } from './chart-card';
import { COUNT_AXIS_OPTIONS, monthLabel, seriesColor } from './chart-style';

export const FULFILMENT_TITLE = 'Order Fulfilment Rate';
export const VOLUME_TITLE = 'Order Volume Trends';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Order Performance: orders created against those delivered, and orders per month. */
export function OrderCharts({ range }: { range: ReportQuery | null }) {
  const report = useOrderPerformanceReport(range);
  const common = { status: report.status, error: report.error, onRetry: () => void report.refetch() };
  const fulfilment = report.data?.order_fulfilment_rate;
  const volume = report.data?.order_volume_trends;
  return (
    <>
      <ChartCard
        title={FULFILMENT_TITLE}
        {...common}
        emptyMessage={
          fulfilment && sum(fulfilment.total_orders) === 0
            ? ANALYTICS_EMPTY_MESSAGES.orderFulfilmentRate
            : null
        }
      >
        {fulfilment && <FulfilmentLines fulfilment={fulfilment} />}
      </ChartCard>
      <ChartCard
        title={VOLUME_TITLE}
        {...common}
        emptyMessage={
          volume && sum(volume.order_counts) === 0 ? ANALYTICS_EMPTY_MESSAGES.orderVolumeTrends : null
        }
      >
        {volume && <VolumeLine volume={volume} />}
      </ChartCard>
    </>
  );
}

function FulfilmentLines({ fulfilment }: { fulfilment: OrderPerformanceReport['order_fulfilment_rate'] }) {
  const data = useMemo(
    () => ({
      labels: fulfilment.months.map(monthLabel),
      datasets: [
        {
          label: 'Total Orders',
          data: fulfilment.total_orders,
          borderColor: seriesColor(0),
          backgroundColor: seriesColor(0),
        },
        {
          label: 'Fulfilled Orders',
          data: fulfilment.fulfilled_orders,
          borderColor: seriesColor(2),
          backgroundColor: seriesColor(2),
        },
      ],
    }),
    [fulfilment],
  );
  return (
    <ChartCanvas
      type="line"
      label={`${FULFILMENT_TITLE}: ${fulfilment.months
        .map(
          (month, i) =>
            `${monthLabel(month)} ${fulfilment.fulfilled_orders[i]} of ${fulfilment.total_orders[i]}`,
        )
        .join(', ')}`}
      data={data}
      options={COUNT_AXIS_OPTIONS}
    />
  );
}

function VolumeLine({ volume }: { volume: OrderPerformanceReport['order_volume_trends'] }) {
  const data = useMemo(
    () => ({
      labels: volume.months.map(monthLabel),
      datasets: [
        {
          label: 'Orders',
          data: volume.order_counts,
          borderColor: seriesColor(1),
          backgroundColor: 'rgba(232, 89, 12, 0.15)',
          fill: true,
        },
      ],
    }),
    [volume],
  );
  return (
    <ChartCanvas
      type="line"
      label={`${VOLUME_TITLE}: ${volume.months.map((month, i) => `${monthLabel(month)} ${volume.order_counts[i]}`).join(', ')}`}
      data={data}
      options={COUNT_AXIS_OPTIONS}
    />
  );
}
