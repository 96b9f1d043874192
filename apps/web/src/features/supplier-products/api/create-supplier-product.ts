import type { CreateSupplierProductInput, SupplierProduct } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { supplierProductKeys } from '@/lib/query-keys';
import { SUPPLIER_PRODUCTS_PATH } from './list-supplier-products';

/**
 * docs/product/api.md: the client sends its own id as supplier_id; the server files the product
 * under the caller anyway.
 */
export function createSupplierProduct(body: CreateSupplierProductInput): Promise<SupplierProduct> {
  return apiClient.post<SupplierProduct>(SUPPLIER_PRODUCTS_PATH, body);
}

/**
 * A failure is toasted with the server's message by the query client
 * (docs/product/validation-and-messages.md#how-messages-reach-the-user).
 */
export function useCreateSupplierProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupplierProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierProductKeys.lists() }),
  });
}
