import type { MessageResponse, Supplier } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, errorMessageOf, isApiError } from '@/lib/api-client';
import { updateCachedListRows } from '@/lib/list-cache';
import { supplierKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';

export function deleteSupplier(id: number): Promise<MessageResponse> {
  return apiClient.delete<MessageResponse>(`/api/suppliers/${id}`);
}

/**
 * docs/product/validation-and-messages.md#how-messages-reach-the-user: the row leaves the table
 * whatever the server answers. The list is refetched only after a success, so a refused delete does
 * not bring the row straight back; a network error is only logged.
 */
export function useDeleteSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSupplier,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: supplierKeys.lists() });
      updateCachedListRows<Supplier>(
        queryClient,
        supplierKeys.lists(),
        (rows) => rows.filter((row) => row.id !== id),
        -1,
      );
    },
    onSuccess: ({ message }) => {
      toast.success(message);
      return queryClient.invalidateQueries({ queryKey: supplierKeys.all });
    },
    onError: (error) => {
      if (isApiError(error, 0))
        console.warn('Deleting a supplier failed: the server could not be reached.', error);
      else toast.error(errorMessageOf(error));
    },
    meta: { handlesErrors: true },
  });
}
