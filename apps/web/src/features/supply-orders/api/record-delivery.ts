import type { RecordDeliveryInput, SupplyOrderResponse } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, errorMessageOf, isApiError } from '@/lib/api-client';
import { supplyOrderKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { SUPPLY_ORDERS_PATH } from './list-supply-orders';

export interface RecordDeliveryVariables {
  id: number;
  body: RecordDeliveryInput;
}

export function recordDelivery({ id, body }: RecordDeliveryVariables): Promise<SupplyOrderResponse> {
  return apiClient.post<SupplyOrderResponse>(`${SUPPLY_ORDERS_PATH}/${id}/deliveries`, body);
}

/** As an update: a refused delivery is toasted with the server's error; a network error only logged. */
export function useRecordDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplyOrderKeys.lists() }),
    onError: (error) => {
      if (isApiError(error, 0))
        console.warn('Recording a delivery failed: the server could not be reached.', error);
      else toast.error(errorMessageOf(error));
    },
    meta: { handlesErrors: true },
  });
}
