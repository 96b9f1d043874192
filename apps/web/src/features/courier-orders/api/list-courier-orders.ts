import { ORDER_LIST, type Order, type OrderSortField, type OrderStatusCounts } from '@depot/contract';
import { useQuery } from '@tanstack/react-query';
import { useList } from '@/hooks/use-list';
import { apiClient } from '@/lib/api-client';
import { BOARD_REQUEST_HEADER, BOARD_REQUEST_VALUE } from '@/lib/offline-board';

export const courierOrderKeys = {
  all: ['courier-orders'] as const,
  /** Each page of the board is cached under this key and its search, filter, sort and page. */
  lists: () => [...courierOrderKeys.all, 'list'] as const,
  /** The counts per status above the board, per day they are due by. */
  counts: () => [...courierOrderKeys.all, 'counts'] as const,
};

/** What the board asks for besides the list protocol's own: statuses and the day orders are due by. */
export interface CourierBoardParams {
  status?: readonly string[] | undefined;
  /** The days orders are due, first and last (an Overview's "due today" and "overdue" links). */
  delivery_from?: string | undefined;
  delivery_to?: string | undefined;
  /** Whether the choices above narrow the courier's orders (see useList's `narrowed`). */
  narrowed?: boolean;
}

/**
 * The orders assigned to the signed-in courier (the server sends only those), soonest due first
 * (docs/product/screens.md#courier-service).
 */
export function useCourierOrderList(params: CourierBoardParams) {
  return useList<Order, OrderSortField>({
    path: '/api/orders',
    queryKey: courierOrderKeys.lists(),
    spec: ORDER_LIST,
    defaultSort: { field: 'delivery_date', order: 'asc' },
    params: { status: params.status, delivery_from: params.delivery_from, delivery_to: params.delivery_to },
    // The one API answer the service worker keeps, to show the last board without signal
    // (docs/decisions/029-offline-courier-changes.md).
    headers: { [BOARD_REQUEST_HEADER]: BOARD_REQUEST_VALUE },
    networkMode: 'offlineFirst',
    narrowed: params.narrowed ?? false,
  });
}

/** GET /api/orders/status-counts: the courier's orders per status, those due by a day when given. */
export function useOrderStatusCounts(days: {
  delivery_from?: string | undefined;
  delivery_to?: string | undefined;
}) {
  const query = new URLSearchParams();
  if (days.delivery_from) query.set('delivery_from', days.delivery_from);
  if (days.delivery_to) query.set('delivery_to', days.delivery_to);
  const search = query.toString();
  return useQuery({
    queryKey: [...courierOrderKeys.counts(), search],
    queryFn: ({ signal }) =>
      apiClient.get<OrderStatusCounts>(`/api/orders/status-counts${search ? `?${search}` : ''}`, { signal }),
  });
}
