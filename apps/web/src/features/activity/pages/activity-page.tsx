import { type ActivityEvent, LIST_MESSAGES } from '@depot/contract';
import { Button, Center, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { EmptyState, LoadingSpinner, QueryError } from '@/components/query-states';
import { useIsPhone } from '@/hooks/use-is-phone';
import { type ActivityFilters, NO_ACTIVITY_FILTERS, useActivity } from '../api/list-activity';
import { ActivityCards } from '../components/activity-cards';
import { ActivityFilterBar } from '../components/activity-filters';
import { ActivityTable } from '../components/activity-table';

export const NO_ACTIVITY_TEXT = 'No activity yet.';
export const NO_MATCHING_ACTIVITY_TEXT = 'No activity matches these filters.';

const isFiltered = (filters: ActivityFilters) => Object.values(filters).some((value) => value.trim() !== '');

/**
 * The audit trail a manager may read: what they did, changes to their stock, orders holding it,
 * their supply orders, the suppliers they opened or order from, and their own sign-ins.
 */
export default function ActivityPage() {
  const isPhone = useIsPhone();
  const [filters, setFilters] = useState<ActivityFilters>(NO_ACTIVITY_FILTERS);
  // Typing a name asks the server once the typing pauses, not at every key.
  const [actor] = useDebouncedValue(filters.actor, 300);
  const applied = useMemo(() => ({ ...filters, actor }), [filters, actor]);
  const dateError =
    filters.from && filters.to && filters.from > filters.to ? LIST_MESSAGES.fromAfterTo : undefined;
  const activity = useActivity(applied, dateError === undefined);

  // A new event shifts later pages by one, so a loaded page can repeat an event: show it once.
  const events = useMemo(() => {
    const seen = new Set<number>();
    const unique: ActivityEvent[] = [];
    for (const event of activity.data?.pages.flat() ?? []) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      unique.push(event);
    }
    return unique;
  }, [activity.data]);

  return (
    <Stack gap="md">
      <PageTitle>Activity</PageTitle>
      <Text size="sm" c="dimmed">
        Who changed what, and when: your stock, orders holding it, your supply orders, suppliers and their
        catalogues, and your sign-ins. Days are UTC.
      </Text>
      <ActivityFilterBar value={filters} onChange={setFilters} dateError={dateError} />

      {dateError ? null : activity.isPending ? (
        <LoadingSpinner label="Loading activity" />
      ) : activity.isError ? (
        <QueryError
          title="Could not load activity"
          error={activity.error}
          onRetry={() => void activity.refetch()}
        />
      ) : events.length === 0 ? (
        isFiltered(applied) ? (
          <EmptyState title={NO_MATCHING_ACTIVITY_TEXT}>Clear a filter to see more.</EmptyState>
        ) : (
          <EmptyState title={NO_ACTIVITY_TEXT}>Changes to your stock and orders will appear here.</EmptyState>
        )
      ) : (
        <>
          {isPhone ? <ActivityCards events={events} /> : <ActivityTable events={events} />}
          {activity.hasNextPage && (
            <Center>
              <Button
                variant="default"
                loading={activity.isFetchingNextPage}
                onClick={() => void activity.fetchNextPage()}
              >
                Show older
              </Button>
            </Center>
          )}
        </>
      )}
    </Stack>
  );
}
