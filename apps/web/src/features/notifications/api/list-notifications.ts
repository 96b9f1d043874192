import { NOTIFICATION_LIST, type Notification } from '@depot/contract';
import { useList } from '@/hooks/use-list';

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
};

export type NotificationSortField = (typeof NOTIFICATION_LIST.sortFields)[number];

/** The caller's notifications, newest first, a page at a time (GET /api/notifications). */
export function useNotificationList() {
  return useList<Notification, NotificationSortField>({
    path: '/api/notifications',
    queryKey: notificationKeys.lists(),
    spec: NOTIFICATION_LIST,
  });
}
