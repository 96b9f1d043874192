import {
  type CreateReplenishmentOrderInput,
  IDEMPOTENCY_KEY_HEADER,
  type SupplyOrderResponse,
} from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { supplierProductKeys, supplyOrderKeys } from '@/lib/query-keys';

export interface PlaceReplenishmentOrderVariables {
  body: CreateReplenishmentOrderInput;
  /** The same for a retry of the same order, so a lost answer never places it twice. */
  idempotencyKey: string;
}

export function placeReplenishmentOrder({
  body,
  idempotencyKey,
}: PlaceReplenishmentOrderVariables): Promise<SupplyOrderResponse> {
  return apiClient.post<SupplyOrderResponse>('/api/replenishment-orders', body, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** A failure is toasted with the server's message by the query client (SPEC §8). */
export function usePlaceReplenishmentOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeReplenishmentOrder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supplierProductKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: supplyOrderKeys.lists() }),
      ]),
  });
}
