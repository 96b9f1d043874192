import {
  type CreateSupplyOrderInput,
  IDEMPOTENCY_KEY_HEADER,
  type SupplyOrderResponse,
} from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { supplierProductKeys, supplyOrderKeys } from '@/lib/query-keys';

export interface PlaceSupplyOrderVariables {
  body: CreateSupplyOrderInput;
  /** The same for a retry of the same order, so a lost answer never places it twice. */
  idempotencyKey: string;
}

export function placeSupplyOrder({
  body,
  idempotencyKey,
}: PlaceSupplyOrderVariables): Promise<SupplyOrderResponse> {
  return apiClient.post<SupplyOrderResponse>('/api/replenishment-orders', body, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/**
 * A failure is toasted with the server's message by the query client
 * (docs/product/validation-and-messages.md#how-messages-reach-the-user).
 */
export function usePlaceSupplyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeSupplyOrder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supplierProductKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: supplyOrderKeys.lists() }),
      ]),
  });
}
