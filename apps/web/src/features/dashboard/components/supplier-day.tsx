import { OPEN_SUPPLY_ORDER_STATUSES, PATHS } from '@depot/contract';
import { SimpleGrid } from '@mantine/core';
import { LoadingSpinner, QueryError } from '@/components/query-states';
import { useSupplierDay } from '../api/overview-day';
import { DayCard, DayCount, formatDay, listLink } from './day-card';

export const NO_OPEN_SUPPLY_ORDERS_TEXT = 'No open supply orders.';
export const NOTHING_DUE_TEXT = 'Nothing due this week, nothing overdue.';

/**
 * A supplier's day (docs/product/screens.md#overview): open supply orders by status, those due
 * this week and those overdue, each a link to Supply Orders filtered to it.
 */
export function SupplierDay() {
  const day = useSupplierDay();
  if (day.isPending) return <LoadingSpinner label="Loading your supply orders" />;
  if (day.isError) {
    return (
      <QueryError
        title="Could not load your supply orders"
        error={day.error}
        onRetry={() => void day.refetch()}
      />
    );
  }
  const {
    open,
    due_this_week: dueThisWeek,
    overdue,
    week_from: weekFrom,
    week_to: weekTo,
    yesterday,
  } = day.data;
  const status = OPEN_SUPPLY_ORDER_STATUSES;
  const openCount = status.reduce((sum, one) => sum + (open[one as keyof typeof open] ?? 0), 0);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <DayCard title="Open supply orders" isEmpty={openCount === 0} empty={NO_OPEN_SUPPLY_ORDERS_TEXT}>
        <DayCount
          label="All open"
          count={openCount}
          noun="supply orders"
          to={listLink(PATHS.supplyOrders, { status })}
        />
        {status.map((one) => (
          <DayCount
            key={one}
            label={one}
            count={open[one as keyof typeof open] ?? 0}
            noun="supply orders"
            to={listLink(PATHS.supplyOrders, { status: one })}
          />
        ))}
      </DayCard>
      <DayCard
        title={`This week (${formatDay(weekFrom)} – ${formatDay(weekTo)})`}
        isEmpty={dueThisWeek === 0 && overdue === 0}
        empty={NOTHING_DUE_TEXT}
      >
        <DayCount
          label="Due this week"
          count={dueThisWeek}
          noun="supply orders"
          to={listLink(PATHS.supplyOrders, { status, due_from: weekFrom, due_to: weekTo })}
        />
        <DayCount
          label="Overdue"
          count={overdue}
          noun="supply orders"
          warn
          to={listLink(PATHS.supplyOrders, { status, due_to: yesterday })}
        />
      </DayCard>
    </SimpleGrid>
  );
}
