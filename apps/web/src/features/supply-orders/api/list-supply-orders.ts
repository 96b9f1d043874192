import type { SupplyOrder } from '@depot/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { supplyOrderKeys } from './supply-order-keys';

export const SUPPLY_ORDERS_PATH = '/api/replenishment-orders';
/** Orders per page; older ones load on request. */
export const SUPPLY_ORDERS_PAGE_SIZE = 50;
/** My Orders asks again this often until the live events are wired to it, and on every focus. */
export const SUPPLY_ORDERS_REFRESH_MS = 15_000;

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

/** `live` keeps the list fresh while the page is open: every 15 s, and whenever the window regains focus. */
export function useSupplyOrders({ live = false }: { live?: boolean } = {}) {
  return useInfiniteQuery({
    ...supplyOrdersQueryOptions(),
    ...(live ? { refetchInterval: SUPPLY_ORDERS_REFRESH_MS, refetchOnWindowFocus: 'always' as const } : {}),
  });
}
