import type { Supplier, SupplierResponse, UpdateSupplierBody } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { updateCachedListRows } from '@/lib/list-cache';
import { supplierKeys } from '@/lib/query-keys';

export interface UpdateSupplierVariables {
  id: number;
  body: UpdateSupplierBody;
}

export function updateSupplier({ id, body }: UpdateSupplierVariables): Promise<SupplierResponse> {
  return apiClient.put<SupplierResponse>(`/api/suppliers/${id}`, body);
}

/**
 * A failure is toasted with the server's message by the query client
 * (docs/product/validation-and-messages.md#how-messages-reach-the-user).
 */
export function useUpdateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupplier,
    onSuccess: ({ supplier }) => {
      updateCachedListRows<Supplier>(queryClient, supplierKeys.lists(), (rows) =>
        rows.map((row) => (row.id === supplier.id ? supplier : row)),
      );
      return queryClient.invalidateQueries({ queryKey: supplierKeys.all });
    },
  });
}
