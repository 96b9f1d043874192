import {
  ANALYTICS_MESSAGES,
  isCalendarDay,
  monthsSpanned,
  REPORT_MAX_MONTHS,
  type ReportQuery,
} from '@depot/contract';
import { Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { DateRangeFilter, type DateRangeValues } from '../components/date-range-filter';
import { defaultReportRange } from '../components/default-range';
import { InventoryCharts } from '../components/inventory-charts';
import { MoneyPanel } from '../components/money-panel';
import { OrderCharts } from '../components/order-charts';
import { SalesChart } from '../components/sales-chart';

export const CHOOSE_DATES_TEXT = 'Choose a start and an end date to see the reports.';
export const START_AFTER_END_TEXT = 'The start date must be on or before the end date.';

/**
 * The range the charts load for, or why there is none
 * (docs/product/validation-and-messages.md#analytics: both dates, start first; 10 years at most).
 */
function usableRange({ startDate, endDate }: DateRangeValues): { range: ReportQuery | null; error?: string } {
  if (!isCalendarDay(startDate) || !isCalendarDay(endDate)) return { range: null };
  if (startDate > endDate) return { range: null, error: START_AFTER_END_TEXT };
  if (monthsSpanned(startDate, endDate) > REPORT_MAX_MONTHS) {
    return { range: null, error: ANALYTICS_MESSAGES.rangeTooLong };
  }
  return { range: { startDate, endDate } };
}

/**
 * The Inventory Manager's Overview: 'Inventory Reporting'
 * (docs/product/screens.md#inventory-reporting).
 */
export default function InventoryReportingPage() {
  const [dates, setDates] = useState<DateRangeValues>(defaultReportRange);
  const { range, error } = usableRange(dates);

  return (
    <Stack gap="lg">
      <PageTitle>Inventory Reporting</PageTitle>
      <DateRangeFilter value={dates} onChange={setDates} error={error} />
      {range === null ? (
        !error && <Text c="dimmed">{CHOOSE_DATES_TEXT}</Text>
      ) : (
        <>
          <Section title="Inventory Reports">
            <InventoryCharts range={range} />
          </Section>
          <Section title="Order Performance">
            <OrderCharts range={range} />
          </Section>
          <Section title="Sales & Product Analytics">
            <SalesChart range={range} />
          </Section>
          <Section title="Money">
            <MoneyPanel range={range} />
          </Section>
        </>
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={3}>{title}</Title>
      {children}
    </Stack>
  );
}
