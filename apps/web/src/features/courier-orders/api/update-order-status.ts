import type { Order, OrderResponse, OrderStatus } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courierOrderKeys } from './list-courier-orders';

export interface UpdateOrderStatusVariables {
  id: number;
  status: OrderStatus;
}

export function updateOrderStatus({ id, status }: UpdateOrderStatusVariables): Promise<OrderResponse> {
  return apiClient.put<OrderResponse>(`/api/orders/${id}`, { status });
}

/** Replaces one order in the loaded board, keeping its place. */
export function replaceCourierOrder(orders: Order[] | undefined, order: Order): Order[] | undefined {
  return orders?.map((row) => (row.id === order.id ? order : row));
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    // SPEC §7: the row's status is updated in place.
    onSuccess: ({ order }) =>
      queryClient.setQueryData<Order[]>(courierOrderKeys.lists(), (orders) =>
        replaceCourierOrder(orders, order),
      ),
    // The dialog shows the failure itself.
    meta: { handlesErrors: true },
  });
}
