import { OPEN_ORDER_STATUSES, ORDER_STATUSES, PATHS } from '@depot/contract';
import { SimpleGrid } from '@mantine/core';
import { LoadingSpinner, QueryError } from '@/components/query-states';
import { useCourierDay } from '../api/overview-day';
import { DayCard, DayCount, formatDay, listLink } from './day-card';

export const NO_DELIVERIES_TODAY_TEXT = 'No deliveries due today.';
export const NOTHING_OVERDUE_TEXT = 'Nothing overdue.';

/**
 * A courier's day (docs/product/screens.md#overview): the orders due today by status and the open
 * ones due before today, each a link to the board filtered to it.
 */
export function CourierDay() {
  const day = useCourierDay();
  if (day.isPending) return <LoadingSpinner label="Loading your deliveries" />;
  if (day.isError) {
    return (
      <QueryError
        title="Could not load your deliveries"
        error={day.error}
        onRetry={() => void day.refetch()}
      />
    );
  }
  const { today, yesterday, today_by_status: todays, overdue } = day.data;
  const todayCount = ORDER_STATUSES.reduce((sum, status) => sum + todays[status], 0);
  const overdueCount = OPEN_ORDER_STATUSES.reduce((sum, status) => sum + overdue[status], 0);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <DayCard
        title={`Due today (${formatDay(today)})`}
        isEmpty={todayCount === 0}
        empty={NO_DELIVERIES_TODAY_TEXT}
      >
        {ORDER_STATUSES.map((status) => (
          <DayCount
            key={status}
            label={status}
            count={todays[status]}
            noun="orders due today"
            to={listLink(PATHS.couriers, { status, delivery_from: today, delivery_to: today })}
          />
        ))}
      </DayCard>
      <DayCard title="Overdue" isEmpty={overdueCount === 0} empty={NOTHING_OVERDUE_TEXT}>
        {OPEN_ORDER_STATUSES.map((status) => (
          <DayCount
            key={status}
            label={status}
            count={overdue[status]}
            noun="orders overdue"
            warn
            to={listLink(PATHS.couriers, { status, delivery_to: yesterday })}
          />
        ))}
      </DayCard>
    </SimpleGrid>
  );
}
