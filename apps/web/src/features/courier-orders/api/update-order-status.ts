import type { CourierOrderStatus, Order, OrderResponse } from '@depot/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { updateCachedListRows } from '@/lib/list-cache';
import { courierOrderKeys } from './list-courier-orders';

export interface UpdateOrderStatusVariables {
  id: number;
  status: CourierOrderStatus;
}

export function updateOrderStatus({ id, status }: UpdateOrderStatusVariables): Promise<OrderResponse> {
  return apiClient.put<OrderResponse>(`/api/orders/${id}`, { status });
}

/** Replaces one order wherever a loaded page of the board shows it, keeping its place. */
export function replaceCourierOrder(queryClient: QueryClient, order: Order): void {
  updateCachedListRows<Order>(queryClient, courierOrderKeys.lists(), (rows) =>
    rows.map((row) => (row.id === order.id ? order : row)),
  );
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    // docs/product/api.md: the row's status is updated in place.
    onSuccess: ({ order }) => {
      replaceCourierOrder(queryClient, order);
      void queryClient.invalidateQueries({ queryKey: courierOrderKeys.counts() });
    },
    // The dialog shows the failure itself.
    meta: { handlesErrors: true },
  });
}
