import type { Notification } from '@depot/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Notifications per page; the list grows by this much with each 'Show older'. */
export const NOTIFICATIONS_PAGE_SIZE = 50;

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
};

export function listNotifications(offset: number, signal?: AbortSignal): Promise<Notification[]> {
  return apiClient.get<Notification[]>(
    `/api/notifications?limit=${NOTIFICATIONS_PAGE_SIZE}&offset=${offset}`,
    { signal },
  );
}

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.lists(),
    queryFn: ({ pageParam, signal }) => listNotifications(pageParam, signal),
    initialPageParam: 0,
    // A short page is the last one.
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < NOTIFICATIONS_PAGE_SIZE ? undefined : pages.length * NOTIFICATIONS_PAGE_SIZE,
  });

/** The caller's notifications, newest first (GET /api/notifications). */
export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
