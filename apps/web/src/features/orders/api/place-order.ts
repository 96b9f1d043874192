import { IDEMPOTENCY_KEY_HEADER, type OrderDraftInput, type OrderResponse } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { orderKeys } from './order-keys';

export interface PlaceOrderVariables {
  body: OrderDraftInput;
  idempotencyKey: string;
}

export function placeOrder({ body, idempotencyKey }: PlaceOrderVariables): Promise<OrderResponse> {
  return apiClient.post<OrderResponse>('/api/orders', body, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/**
 * POST /api/orders; a failure shows the server's message in an error toast
 * (docs/product/validation-and-messages.md#how-messages-reach-the-user).
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // Whatever happened, the quantities on sale may have changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.products() }),
  });
}
