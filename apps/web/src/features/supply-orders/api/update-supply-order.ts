import type { SupplyOrderResponse, UpdateSupplyOrderInput } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, errorMessageOf, isApiError } from '@/lib/api-client';
import { supplyOrderKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { SUPPLY_ORDERS_PATH } from './list-supply-orders';

export interface UpdateSupplyOrderVariables {
  id: number;
  body: UpdateSupplyOrderInput;
}

export function updateSupplyOrder({ id, body }: UpdateSupplyOrderVariables): Promise<SupplyOrderResponse> {
  return apiClient.put<SupplyOrderResponse>(`${SUPPLY_ORDERS_PATH}/${id}`, body);
}

/**
 * docs/product/validation-and-messages.md#how-messages-reach-the-user: a refused update is toasted
 * with the server's error; a network error is only logged.
 */
export function useUpdateSupplyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupplyOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplyOrderKeys.lists() }),
    onError: (error) => {
      if (isApiError(error, 0))
        console.warn('Updating a supply order failed: the server could not be reached.', error);
      else toast.error(errorMessageOf(error));
    },
    meta: { handlesErrors: true },
  });
}
