import { Stack } from '@mantine/core';
import { DataList } from '@/components/data-list/data-list';
import { PageTitle } from '@/components/page-title';
import { useNotificationList } from '../api/list-notifications';
import { NOTIFICATION_COLUMNS, NotificationCard } from '../components/notification-list';
import { useLiveNotifications } from '../components/use-live-notifications';

export const NO_NOTIFICATIONS_TEXT = 'No notifications yet.';

export default function NotificationsPage() {
  const notifications = useNotificationList();
  useLiveNotifications();

  return (
    <Stack gap="md">
      <PageTitle>Notifications</PageTitle>
      <DataList
        list={notifications}
        columns={NOTIFICATION_COLUMNS}
        rowKey={(item) => item.id}
        label="Notifications"
        noun={{ one: 'notification', other: 'notifications' }}
        loadingLabel="Loading notifications"
        errorTitle="Could not load notifications"
        empty={{ title: NO_NOTIFICATIONS_TEXT, hint: 'Updates on your orders will appear here.' }}
        noMatch={(search) => `No notifications match “${search}”.`}
        alwaysCards
        renderCard={(item) => <NotificationCard item={item} />}
      />
    </Stack>
  );
}
