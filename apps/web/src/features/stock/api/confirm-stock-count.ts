import type { ConfirmStockCountInput, ConfirmStockCountResponse } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { stockKeys } from './stock-keys';

export function confirmStockCount(body: ConfirmStockCountInput): Promise<ConfirmStockCountResponse> {
  return apiClient.post<ConfirmStockCountResponse>('/api/stock-counts', body);
}

/** Confirms a count; the counted items' quantities and histories are fetched again. */
export function useConfirmStockCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmStockCount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
    // docs/product/validation-and-messages.md#how-messages-reach-the-user: the page shows failures
    // in a red alert, not a toast.
    meta: { handlesErrors: true },
  });
}
