import type { SupplierProduct } from '@depot/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { supplierProductKeys } from './supplier-product-keys';

export const SUPPLIER_PRODUCTS_PATH = '/api/stock-replenishment/products';

export function listSupplierProducts(supplierId?: number, signal?: AbortSignal): Promise<SupplierProduct[]> {
  const query = supplierId === undefined ? '' : `?supplier_id=${supplierId}`;
  return apiClient.get<SupplierProduct[]>(`${SUPPLIER_PRODUCTS_PATH}${query}`, { signal });
}

export const supplierProductsQueryOptions = (supplierId?: number) =>
  queryOptions({
    queryKey: supplierProductKeys.list(supplierId),
    queryFn: ({ signal }) => listSupplierProducts(supplierId, signal),
  });

/** A supplier's own products; `supplierId` narrows a manager's list to one supplier. */
export function useSupplierProducts(supplierId?: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...supplierProductsQueryOptions(supplierId), enabled });
}
