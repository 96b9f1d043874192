import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '@/lib/live-events';
import { notificationKeys } from '../api/list-notifications';

/**
 * A live notification (or a reconnect) makes the page shown be asked for again: the server knows
 * where the new one falls in the page, search and sort on screen.
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useLiveEvents((signal) => {
    if (signal.type === 'reconnected' || signal.type === 'notification') {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    }
  });
}
