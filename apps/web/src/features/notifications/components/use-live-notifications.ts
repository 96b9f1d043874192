import type { Notification } from '@depot/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '@/lib/live-events';
import { notificationKeys } from '../api/list-notifications';

/** Puts a live notification at the top of the loaded list; after a reconnect, loads the list again. */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useLiveEvents((signal) => {
    if (signal.type === 'reconnected') {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      return;
    }
    if (signal.type !== 'notification') return;
    const incoming = signal.data;
    queryClient.setQueryData<InfiniteData<Notification[], number>>(notificationKeys.lists(), (data) => {
      if (!data) return data;
      if (data.pages.some((page) => page.some((item) => item.id === incoming.id))) return data;
      const [first = [], ...rest] = data.pages;
      return { ...data, pages: [[incoming, ...first], ...rest] };
    });
  });
}
