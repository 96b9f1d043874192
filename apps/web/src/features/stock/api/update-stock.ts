import type { MessageResponse, UpdateStockInput } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { stockKeys } from './stock-keys';

export interface UpdateStockVariables {
  id: number;
  body: UpdateStockInput;
}

export function updateStock({ id, body }: UpdateStockVariables): Promise<MessageResponse> {
  return apiClient.put<MessageResponse>(`/api/stocks/${id}`, body);
}

export function useUpdateStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStock,
    onSuccess: (_response, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stockKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: stockKeys.detail(id) }),
      ]),
    // docs/product/validation-and-messages.md#how-messages-reach-the-user: the form shows failures
    // in a red alert, not a toast.
    meta: { handlesErrors: true },
  });
}
