import { ORDER_LIST, type Order, type OrderSortField } from '@depot/contract';
import { useList } from '@/hooks/use-list';
import { BOARD_REQUEST_HEADER, BOARD_REQUEST_VALUE } from '@/lib/offline-board';

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
    filters: ['status'],
    // The one API answer the service worker keeps, to show the last board without signal
    // (docs/decisions/029-offline-courier-changes.md).
    headers: { [BOARD_REQUEST_HEADER]: BOARD_REQUEST_VALUE },
    networkMode: 'offlineFirst',
  });
}
