import type { CreateSupplierBody, SupplierResponse } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { supplierKeys } from '@/lib/query-keys';

export function createSupplier(body: CreateSupplierBody): Promise<SupplierResponse> {
  // docs/product/api.md: the client sends an empty id with a new supplier; the server ignores it.
  return apiClient.post<SupplierResponse>('/api/suppliers', { ...body, id: '' });
}

/**
 * A failure is toasted with the server's message by the query client
 * (docs/product/validation-and-messages.md#how-messages-reach-the-user).
 */
export function useCreateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}
