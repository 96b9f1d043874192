import type { CreateReplenishmentOrderInput, SupplyOrderResponse } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supplyOrderKeys } from '@/features/supply-orders/api/supply-order-keys';
// The order changes what other screens show: the supplier's quantities and the manager's orders.
import { supplierProductKeys } from '@/features/supply-products/api/supplier-product-keys';
import { apiClient } from '@/lib/api-client';

export function placeReplenishmentOrder(body: CreateReplenishmentOrderInput): Promise<SupplyOrderResponse> {
  return apiClient.post<SupplyOrderResponse>('/api/replenishment-orders', body);
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
