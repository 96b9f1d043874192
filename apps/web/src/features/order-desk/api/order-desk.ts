import {
  type CourierService,
  isDayRangeInOrder,
  ORDER_LIST,
  type Order,
  type OrderDetail,
  type OrderSortField,
  type orderDetailResponseSchema,
} from '@depot/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Filters, useList } from '@/hooks/use-list';
import { apiClient } from '@/lib/api-client';

type OrderDetailResponse = z.infer<typeof orderDetailResponseSchema>;

export const orderDeskKeys = {
  all: ['order-desk'] as const,
  lists: () => [...orderDeskKeys.all, 'list'] as const,
  couriers: () => [...orderDeskKeys.all, 'couriers'] as const,
  detail: (id: number) => [...orderDeskKeys.all, 'detail', id] as const,
};

export const dayRangeOf = (filters: Filters) => ({ from: filters.from?.[0], to: filters.to?.[0] });

/**
 * The customer orders holding the manager's stock (the server narrows to those), newest first:
 * searched by order number, customer, phone or PIN; filtered by status, courier and days.
 */
export function useOrderDeskList() {
  return useList<Order, OrderSortField>({
    path: '/api/orders',
    queryKey: orderDeskKeys.lists(),
    spec: ORDER_LIST,
    filters: ['status', 'courier_service_id', 'from', 'to'],
    enabled: (filters) => isDayRangeInOrder(dayRangeOf(filters)),
  });
}

export const deskCouriersQueryOptions = () =>
  queryOptions({
    queryKey: orderDeskKeys.couriers(),
    queryFn: ({ signal }) => apiClient.get<CourierService[]>('/api/couriers-services', { signal }),
    staleTime: 5 * 60_000,
  });

export function useDeskCouriers() {
  return useQuery(deskCouriersQueryOptions());
}

/** POST /api/orders/{id}/cancel: the units go back to stock; the list shows the order Cancelled. */
export function useDeskCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.post<OrderDetailResponse>(`/api/orders/${id}/cancel`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderDeskKeys.lists() }),
    meta: { handlesErrors: true },
  });
}

/** PUT /api/orders/{id}/courier: another courier brings it. */
export function useReassignCourier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, courierId }: { id: number; courierId: number }) =>
      apiClient.put<OrderDetailResponse>(`/api/orders/${id}/courier`, { courier_service_id: courierId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderDeskKeys.lists() }),
    meta: { handlesErrors: true },
  });
}

/**
 * GET /api/orders/{id}: one order of the desk while a dialog shows it, with its timeline (statuses
 * and failed attempts) and its proof of delivery.
 */
export function useDeskOrderDetail(id: number | undefined) {
  return useQuery({
    queryKey: orderDeskKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiClient.get<OrderDetail>(`/api/orders/${id}`, { signal }),
    enabled: id !== undefined,
  });
}

/**
 * POST /api/orders/{id}/reopen: a Delivered order back In Transit, a Returned one back to
 * Processing with its units taken again (docs/decisions/031-failed-attempts-and-returns.md).
 */
export function useReopenOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiClient.post<OrderDetailResponse>(`/api/orders/${id}/reopen`, { reason }),
    onSuccess: ({ order }) => queryClient.setQueryData(orderDeskKeys.detail(order.id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderDeskKeys.lists() }),
    meta: { handlesErrors: true },
  });
}
