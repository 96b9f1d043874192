import { ANALYTICS_EMPTY_MESSAGES, type InventoryReport, type ReportQuery } from '@depot/contract';
import { Badge, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIsPhone } from '@/hooks/use-is-phone';
import { formatQuantity } from '@/lib/format';
import { useInventoryReport } from '../api/get-reports';
import { ChartCanvas } from './chart-canvas';
import { ChartCard } from './chart-card';
import { ALERT_COLOR, COUNT_AXIS_OPTIONS, seriesColor } from './chart-style';
import classes from './inventory-charts.module.css';
import { stockSlices } from './stock-slices';

export const STOCK_LEVELS_TITLE = 'Stock Levels & Replenishment Needs';
export const SUPPLIER_DISTRIBUTION_TITLE = 'Supplier Stock Distribution';

/** Inventory Reports: current stock with what needs reordering, and units delivered by each supplier. */
export function InventoryCharts({ range }: { range: ReportQuery | null }) {
  const report = useInventoryReport(range);
  const common = { status: report.status, error: report.error, onRetry: () => void report.refetch() };
  const data = report.data;
  return (
    <>
      <ChartCard
        title={STOCK_LEVELS_TITLE}
        {...common}
        emptyMessage={
          data && data.stock_levels.products.length === 0 ? ANALYTICS_EMPTY_MESSAGES.stockLevels : null
        }
      >
        {data && <StockLevelsPie levels={data.stock_levels} />}
      </ChartCard>
      {data && <ReplenishmentNeeds levels={data.stock_levels} />}
      <ChartCard
        title={SUPPLIER_DISTRIBUTION_TITLE}
        {...common}
        emptyMessage={
          data && data.supplier_stock_distribution.suppliers.length === 0
            ? ANALYTICS_EMPTY_MESSAGES.supplierStockDistribution
            : null
        }
      >
        {data && <SupplierDistributionBar distribution={data.supplier_stock_distribution} />}
      </ChartCard>
    </>
  );
}

// Chart.js's own legend cost the first chart's draw about 100 ms of a phone's main thread (its
// labels measured and laid out on the canvas); the same key as HTML costs the browser little, wraps
// and scrolls like text, and reads as text.
const PIE_OPTIONS = { plugins: { legend: { display: false } } };

function StockLevelsPie({ levels }: { levels: InventoryReport['stock_levels'] }) {
  // Beside the pie a phone has no room for the names: they go under it.
  const isPhone = useIsPhone();
  const { label, data, legend } = useMemo(() => {
    const slices = stockSlices(levels);
    let healthyIndex = 0;
    const colors = slices.map((slice) =>
      slice.needsReplenishment ? ALERT_COLOR : seriesColor(healthyIndex++),
    );
    const labels = slices.map((slice) =>
      slice.needsReplenishment ? `${slice.label} (reorder)` : slice.label,
    );
    return {
      label: `${STOCK_LEVELS_TITLE}: ${slices.map((s) => `${s.label} ${s.quantity}`).join(', ')}`,
      data: {
        labels,
        datasets: [
          {
            label: 'Units in stock',
            data: slices.map((slice) => slice.quantity),
            backgroundColor: colors,
            borderColor: '#ffffff',
            borderWidth: 1,
          },
        ],
      },
      legend: slices.map((slice, index) => ({
        label: labels[index],
        color: colors[index],
        quantity: slice.quantity,
      })),
    };
  }, [levels]);
  return (
    <div className={classes.pieLayout} data-phone={isPhone || undefined}>
      <div className={classes.pie}>
        <ChartCanvas type="pie" label={label} data={data} options={PIE_OPTIONS} />
      </div>
      {/* Focusable: a long key scrolls inside its box, and a keyboard must reach it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region has to take focus to be scrolled without a mouse. */}
      <ul className={classes.legend} aria-label="Stock levels key" tabIndex={0}>
        {legend.map((item) => (
          <li key={item.label} className={classes.legendItem}>
            <span className={classes.swatch} style={{ background: item.color }} aria-hidden />
            <span>
              {item.label}: {formatQuantity(item.quantity)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Names the items at or under the reorder level in words, which a pie cannot. */
function ReplenishmentNeeds({ levels }: { levels: InventoryReport['stock_levels'] }) {
  const low = stockSlices(levels).filter((slice) => slice.needsReplenishment);
  if (levels.products.length === 0) return null;
  return (
    <Group gap="xs" aria-label="Needs replenishment">
      <Text size="sm" fw={600}>
        {low.length === 0
          ? `Every item has more than ${levels.reorder_level} units.`
          : `At or under ${levels.reorder_level} units:`}
      </Text>
      {low.map((slice) => (
        <Badge key={slice.label} color="red" variant="light">
          {slice.label}: {formatQuantity(slice.quantity)}
        </Badge>
      ))}
    </Group>
  );
}

function SupplierDistributionBar({
  distribution,
}: {
  distribution: InventoryReport['supplier_stock_distribution'];
}) {
  const data = useMemo(
    () => ({
      labels: distribution.suppliers,
      datasets: [
        {
          label: 'Units delivered',
          data: distribution.total_products,
          backgroundColor: seriesColor(0),
          maxBarThickness: 72,
        },
      ],
    }),
    [distribution],
  );
  return (
    <ChartCanvas
      type="bar"
      label={`${SUPPLIER_DISTRIBUTION_TITLE}: ${distribution.suppliers
        .map((name, index) => `${name} ${distribution.total_products[index] ?? 0}`)
        .join(', ')}`}
      data={data}
      options={COUNT_AXIS_OPTIONS}
    />
  );
}
