import {
  ORDER_LIST,
  type Order,
  type OrderDetail,
  type OrderSortField,
  type orderDetailResponseSchema,
} from '@depot/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useList } from '@/hooks/use-list';
import { apiClient } from '@/lib/api-client';
import { useLiveEvents } from '@/lib/live-events';
import { orderKeys } from './order-keys';

type OrderDetailResponse = z.infer<typeof orderDetailResponseSchema>;

/** The signed-in customer's own orders (the server sends only those), newest first. */
export function useCustomerOrderList() {
  return useList<Order, OrderSortField>({
    path: '/api/orders',
    queryKey: orderKeys.placedLists(),
    spec: ORDER_LIST,
    filters: ['status'],
  });
}

export const orderDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: orderKeys.placed(id),
    queryFn: () => apiClient.get<OrderDetail>(`/api/orders/${id}`),
  });

/** GET /api/orders/{id}: the order, its courier, its timeline and its tracking link. */
export function useOrderDetail(id: number) {
  return useQuery({ ...orderDetailQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

/** POST /api/orders/{id}/cancel; the page and the lists show the Cancelled order at once. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.post<OrderDetailResponse>(`/api/orders/${id}/cancel`),
    onSuccess: ({ order }) => {
      queryClient.setQueryData(orderKeys.placed(order.id), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.placedLists() });
      // The units went back on sale.
      void queryClient.invalidateQueries({ queryKey: orderKeys.products() });
    },
    // The page shows the failure itself.
    meta: { handlesErrors: true },
  });
}

/**
 * An order of the customer changed (a courier moved it, a manager cancelled it or gave it another
 * courier): its page and the lists are asked for again, so the timeline shows the new step.
 */
export function useLiveCustomerOrders() {
  const queryClient = useQueryClient();
  useLiveEvents((signal) => {
    if (signal.type === 'reconnected') {
      void queryClient.invalidateQueries({ queryKey: [...orderKeys.all, 'placed'] });
      return;
    }
    if (signal.type !== 'order-updated') return;
    void queryClient.invalidateQueries({ queryKey: orderKeys.placed(signal.data.order.id) });
    void queryClient.invalidateQueries({ queryKey: orderKeys.placedLists() });
  });
}
