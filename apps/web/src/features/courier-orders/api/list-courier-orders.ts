import type { Order } from '@depot/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const courierOrderKeys = {
  all: ['courier-orders'] as const,
  lists: () => [...courierOrderKeys.all, 'list'] as const,
};

export function listCourierOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiClient.get<Order[]>('/api/orders', { signal });
}

export const courierOrdersQueryOptions = (courierId: number) =>
  queryOptions({
    queryKey: courierOrderKeys.lists(),
    // SPEC §7: the board keeps the orders whose courier is the user (the server already sends only those).
    queryFn: async ({ signal }) =>
      (await listCourierOrders(signal)).filter((order) => order.courier_service_id === courierId),
  });

/** The orders assigned to the signed-in courier, newest first. */
export function useCourierOrders(courierId: number) {
  return useQuery(courierOrdersQueryOptions(courierId));
}
