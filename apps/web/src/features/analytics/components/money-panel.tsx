import { ANALYTICS_EMPTY_MESSAGES, type MoneyReport, type ReportQuery } from '@depot/contract';
import { Paper, SimpleGrid, Skeleton, Table, Text, Title } from '@mantine/core';
import { QueryError } from '@/components/query-states';
import { formatMoney, formatQuantity } from '@/lib/format';
import { useMoneyReport } from '../api/get-reports';
import { monthLabel } from './chart-style';

export const REVENUE_TITLE = 'Revenue';
export const AVERAGE_ORDER_TITLE = 'Average Order Value';
export const STOCK_VALUE_TITLE = 'Stock Value';
export const REVENUE_PER_MONTH_TITLE = 'Revenue per Month';

/**
 * Money on the manager's Overview (docs/product/screens.md#inventory-reporting,
 * docs/product/business-rules.md#money-on-the-overview): the range's revenue and average order
 * value (Cancelled orders not counted), the manager's stock value now, and revenue per month as a
 * table, in the business's currency. A table rather than a chart: it needs no Chart.js and reads
 * exact amounts.
 */
export function MoneyPanel({ range }: { range: ReportQuery }) {
  const report = useMoneyReport(range);
  if (report.status === 'error') {
    return (
      <QueryError title="Could not load the money report" error={report.error} onRetry={report.refetch} />
    );
  }
  const data = report.data;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure
          title={REVENUE_TITLE}
          value={data && formatMoney(data.revenue)}
          note={
            data &&
            `${formatQuantity(data.orders)} ${data.orders === 1 ? 'order' : 'orders'}, Cancelled not counted`
          }
        />
        <Figure
          title={AVERAGE_ORDER_TITLE}
          value={data && (data.average_order_value === null ? '—' : formatMoney(data.average_order_value))}
          note="Revenue ÷ orders"
        />
        <Figure
          title={STOCK_VALUE_TITLE}
          value={data && formatMoney(data.stock_value)}
          note="Your items now: quantity × price"
        />
      </SimpleGrid>
      <Paper withBorder p="md" component="section" aria-label={REVENUE_PER_MONTH_TITLE}>
        <Title order={4} mb="sm">
          {REVENUE_PER_MONTH_TITLE}
        </Title>
        {data ? (
          <RevenueTable report={data} />
        ) : (
          <Skeleton height={160} aria-label={`Loading ${REVENUE_PER_MONTH_TITLE}`} />
        )}
      </Paper>
    </>
  );
}

function Figure({
  title,
  value,
  note,
}: {
  title: string;
  value: string | undefined;
  note: string | undefined;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Text size="sm" c="dimmed" fw={600}>
        {title}
      </Text>
      {value === undefined ? (
        <Skeleton height={32} mt={4} aria-label={`Loading ${title}`} />
      ) : (
        <Text fz={26} fw={700} style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {note ?? '\u00a0'}
      </Text>
    </Paper>
  );
}

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function RevenueTable({ report }: { report: MoneyReport }) {
  const { months, revenue, orders } = report.revenue_per_month;
  if (report.orders === 0) {
    return (
      <Text c="dimmed" py="md" ta="center">
        {ANALYTICS_EMPTY_MESSAGES.revenue}
      </Text>
    );
  }
  return (
    // Three short columns fit a phone: no scrolling region (an unfocusable one fails axe).
    <Table verticalSpacing={4} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Month</Table.Th>
          <Table.Th ta="right">Orders</Table.Th>
          <Table.Th ta="right">Revenue</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {months.map((month, index) => (
          <Table.Tr key={month}>
            <Table.Td>{monthLabel(month)}</Table.Td>
            <Table.Td ta="right" style={numeric}>
              {formatQuantity(orders[index] ?? 0)}
            </Table.Td>
            <Table.Td ta="right" style={numeric}>
              {formatMoney(revenue[index] ?? 0)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th>Total</Table.Th>
          <Table.Th ta="right" style={numeric}>
            {formatQuantity(report.orders)}
          </Table.Th>
          <Table.Th ta="right" style={numeric}>
            {formatMoney(report.revenue)}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
