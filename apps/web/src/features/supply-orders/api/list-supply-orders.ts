import type { SupplyOrder } from '@depot/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useRefetchOnLiveEvent } from '@/lib/live-events';
import { supplyOrderKeys } from '@/lib/query-keys';

export const SUPPLY_ORDERS_PATH = '/api/replenishment-orders';
/** Orders per page; older ones load on request. */
export const SUPPLY_ORDERS_PAGE_SIZE = 50;

export function listSupplyOrders(
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<SupplyOrder[]> {
  return apiClient.get<SupplyOrder[]>(`${SUPPLY_ORDERS_PATH}?limit=${page.limit}&offset=${page.offset}`, {
    signal,
  });
}

/** The caller's supply orders, newest first, a page at a time (the server picks mine by role). */
export const supplyOrdersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: supplyOrderKeys.lists(),
    queryFn: ({ pageParam, signal }) =>
      listSupplyOrders({ limit: SUPPLY_ORDERS_PAGE_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < SUPPLY_ORDERS_PAGE_SIZE ? undefined : pages.length * SUPPLY_ORDERS_PAGE_SIZE,
  });

/** The caller's supply orders, refetched when the other party changes one (a live event). */
export function useSupplyOrders() {
  useRefetchOnLiveEvent(supplyOrderKeys.all, (event) => event.type === 'supply-order-updated');
  return useInfiniteQuery(supplyOrdersQueryOptions());
}
