import type { SupplierProductResponse, UpdateSupplierProductInput } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { supplierProductKeys } from '@/lib/query-keys';
import { SUPPLIER_PRODUCTS_PATH } from './list-supplier-products';

export interface UpdateSupplierProductVariables {
  id: number;
  body: UpdateSupplierProductInput;
}

export function updateSupplierProduct({
  id,
  body,
}: UpdateSupplierProductVariables): Promise<SupplierProductResponse> {
  return apiClient.put<SupplierProductResponse>(`${SUPPLIER_PRODUCTS_PATH}/${id}`, body);
}

/** A failure is toasted with the server's message by the query client. */
export function useUpdateSupplierProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupplierProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierProductKeys.lists() }),
  });
}
