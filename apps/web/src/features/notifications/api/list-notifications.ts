import { NOTIFICATION_LIST, type Notification, type NotificationSortField } from '@depot/contract';
import { useList } from '@/hooks/use-list';

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
};

/** The caller's notifications, newest first, a page at a time (GET /api/notifications). */
export function useNotificationList() {
  return useList<Notification, NotificationSortField>({
    path: '/api/notifications',
    queryKey: notificationKeys.lists(),
    spec: NOTIFICATION_LIST,
  });
}
