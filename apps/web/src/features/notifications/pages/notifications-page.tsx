import type { Notification } from '@depot/contract';
import { Button, Center, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { PageTitle } from '@/components/page-title';
import { EmptyState, LoadingSpinner, QueryError } from '@/components/query-states';
import { useNotifications } from '../api/list-notifications';
import { NotificationList } from '../components/notification-list';
import { useLiveNotifications } from '../components/use-live-notifications';

export const NO_NOTIFICATIONS_TEXT = 'No notifications yet.';

export default function NotificationsPage() {
  const notifications = useNotifications();
  useLiveNotifications();

  // A live arrival shifts later pages by one, so a loaded page can repeat an item: show it once.
  const items = useMemo(() => {
    const seen = new Set<number>();
    const unique: Notification[] = [];
    for (const item of notifications.data?.pages.flat() ?? []) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      unique.push(item);
    }
    return unique;
  }, [notifications.data]);

  return (
    <Stack gap="md">
      <PageTitle>Notifications</PageTitle>
      {notifications.isPending ? (
        <LoadingSpinner label="Loading notifications" />
      ) : notifications.isError ? (
        <QueryError
          title="Could not load notifications"
          error={notifications.error}
          onRetry={() => void notifications.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState title={NO_NOTIFICATIONS_TEXT}>Updates on your orders will appear here.</EmptyState>
      ) : (
        <>
          <NotificationList items={items} />
          {notifications.hasNextPage && (
            <Center>
              <Button
                variant="default"
                loading={notifications.isFetchingNextPage}
                onClick={() => void notifications.fetchNextPage()}
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
