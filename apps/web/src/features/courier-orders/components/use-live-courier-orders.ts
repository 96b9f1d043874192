import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '@/lib/live-events';
import { courierOrderKeys } from '../api/list-courier-orders';
import { replaceCourierOrder } from '../api/update-order-status';

/**
 * A changed order is replaced in place on the page shown; a newly assigned one makes the page be
 * asked for again (where it lands depends on the sort, search and filters, which the server applies).
 */
export function useLiveCourierOrders(courierId: number) {
  const queryClient = useQueryClient();
  useLiveEvents((signal) => {
    if (signal.type === 'reconnected') {
      void queryClient.invalidateQueries({ queryKey: courierOrderKeys.all });
      return;
    }
    if (signal.type !== 'order-assigned' && signal.type !== 'order-updated') return;
    const { order } = signal.data;
    void queryClient.invalidateQueries({ queryKey: courierOrderKeys.counts() });
    // Given to another courier by a manager: it leaves this board.
    if (order.courier_service_id !== courierId) {
      void queryClient.invalidateQueries({ queryKey: courierOrderKeys.lists() });
      return;
    }
    if (signal.type === 'order-updated') replaceCourierOrder(queryClient, order);
    else void queryClient.invalidateQueries({ queryKey: courierOrderKeys.lists() });
  });
}
