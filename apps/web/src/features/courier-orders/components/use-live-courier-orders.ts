import type { Order } from '@depot/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '@/lib/live-events';
import { courierOrderKeys } from '../api/list-courier-orders';
import { replaceCourierOrder } from '../api/update-order-status';

/** A newly assigned order appears at the top of the board; a changed one is replaced in place. */
export function useLiveCourierOrders(courierId: number) {
  const queryClient = useQueryClient();
  useLiveEvents((signal) => {
    if (signal.type === 'reconnected') {
      void queryClient.invalidateQueries({ queryKey: courierOrderKeys.all });
      return;
    }
    if (signal.type !== 'order-assigned' && signal.type !== 'order-updated') return;
    const { order } = signal.data;
    if (order.courier_service_id !== courierId) return;
    queryClient.setQueryData<Order[]>(courierOrderKeys.lists(), (orders) => {
      if (!orders) return orders;
      return orders.some((row) => row.id === order.id)
        ? replaceCourierOrder(orders, order)
        : [order, ...orders];
    });
  });
}
