import type { MessageResponse } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { stockKeys } from './stock-keys';

export function deleteStock(id: number): Promise<MessageResponse> {
  return apiClient.delete<MessageResponse>(`/api/stocks/${id}`);
}

export function useDeleteStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStock,
    onSuccess: (_response, id) => {
      queryClient.removeQueries({ queryKey: stockKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: stockKeys.lists() });
    },
    // docs/product/validation-and-messages.md#how-messages-reach-the-user: the page shows failures
    // in a red alert, not a toast.
    meta: { handlesErrors: true },
  });
}
