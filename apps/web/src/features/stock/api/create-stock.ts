import type { CreateStockInput, CreateStockResponse } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { stockKeys } from './stock-keys';

export function createStock(body: CreateStockInput): Promise<CreateStockResponse> {
  return apiClient.post<CreateStockResponse>('/api/stocks', body);
}

export function useCreateStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.lists() }),
    // docs/product/validation-and-messages.md#how-messages-reach-the-user: the form shows failures
    // in a red alert, not a toast.
    meta: { handlesErrors: true },
  });
}
