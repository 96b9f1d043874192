import { isDayRangeInOrder, LIST_MESSAGES } from '@depot/contract';
import { Stack, Text } from '@mantine/core';
import { DataList } from '@/components/data-list/data-list';
import { PageTitle } from '@/components/page-title';
import { EmptyState } from '@/components/query-states';
import { dayRangeOf, useActivityList } from '../api/list-activity';
import { ACTIVITY_COLUMNS } from '../components/activity-columns';
import { ActivityFilterBar, type ActivityFilters } from '../components/activity-filters';

export const NO_ACTIVITY_TEXT = 'No activity yet.';
export const NO_MATCHING_ACTIVITY_TEXT = 'No activity matches these filters.';

/**
 * The audit trail a manager may read: what they did, changes to their stock, orders holding it,
 * their supply orders, the suppliers they opened or order from, and their own sign-ins.
 */
export default function ActivityPage() {
  const activity = useActivityList();
  const range = dayRangeOf(activity.filters);
  const dateError = isDayRangeInOrder(range) ? undefined : LIST_MESSAGES.fromAfterTo;
  const filters: ActivityFilters = {
    action: activity.filters.action?.[0] ?? '',
    // Typing a name asks the server once the typing pauses (the list's search), not at every key.
    actor: activity.searchText,
    from: range.from ?? '',
    to: range.to ?? '',
  };

  return (
    <Stack gap="md">
      <PageTitle>Activity</PageTitle>
      <Text size="sm" c="dimmed">
        Who changed what, and when: your stock, orders holding it, your supply orders, suppliers and their
        catalogues, and your sign-ins. Days are UTC.
      </Text>
      <ActivityFilterBar
        value={filters}
        onChange={(name, value) =>
          name === 'actor' ? activity.setSearchText(value) : activity.setFilter(name, value)
        }
        dateError={dateError}
      />

      {dateError ? null : (
        <DataList
          list={activity}
          columns={ACTIVITY_COLUMNS}
          rowKey={(event) => event.id}
          label="Activity"
          noun={{ one: 'event', other: 'events' }}
          loadingLabel="Loading activity"
          errorTitle="Could not load activity"
          empty={{ title: NO_ACTIVITY_TEXT, hint: 'Changes to your stock and orders will appear here.' }}
          noMatch={() => (
            <EmptyState title={NO_MATCHING_ACTIVITY_TEXT}>Clear a filter to see more.</EmptyState>
          )}
          minTableWidth={820}
          cardsBelowEm={75}
        />
      )}
    </Stack>
  );
}
