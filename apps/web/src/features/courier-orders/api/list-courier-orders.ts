import { ORDER_LIST, type Order, type OrderSortField } from '@depot/contract';
import { useList } from '@/hooks/use-list';

export const courierOrderKeys = {
  all: ['courier-orders'] as const,
  /** Each page of the board is cached under this key and its search, filter, sort and page. */
  lists: () => [...courierOrderKeys.all, 'list'] as const,
};

/** The orders assigned to the signed-in courier (the server sends only those), newest first. */
export function useCourierOrderList() {
  return useList<Order, OrderSortField>({
    path: '/api/orders',
    queryKey: courierOrderKeys.lists(),
    spec: ORDER_LIST,
    // delivery_from/delivery_to: the Overview's "due today" and "overdue" links.
    filters: ['status', 'delivery_from', 'delivery_to'],
  });
}
