import type { MessageResponse, SupplierProductResponse } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { supplierProductKeys } from '@/lib/query-keys';
import { SUPPLIER_PRODUCTS_PATH } from './list-supplier-products';

export interface DiscontinueVariables {
  id: number;
  /** True discontinues, false resumes. */
  discontinued: boolean;
}

export function setProductDiscontinued({ id, discontinued }: DiscontinueVariables) {
  const action = discontinued ? 'discontinue' : 'resume';
  return apiClient.post<SupplierProductResponse>(`${SUPPLIER_PRODUCTS_PATH}/${id}/${action}`);
}

export function deleteSupplierProduct(id: number): Promise<MessageResponse> {
  return apiClient.delete<MessageResponse>(`${SUPPLIER_PRODUCTS_PATH}/${id}`);
}

/**
 * Discontinue or resume (docs/product/screens.md#supplier-products); a failure is toasted with the
 * server's message by the query client.
 */
export function useSetProductDiscontinued() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProductDiscontinued,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierProductKeys.lists() }),
  });
}

/** Delete a product never ordered; the 409 for an ordered one is toasted by the query client. */
export function useDeleteSupplierProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSupplierProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierProductKeys.lists() }),
  });
}
