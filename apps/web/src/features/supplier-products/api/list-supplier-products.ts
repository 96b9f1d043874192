import type { SupplierProduct } from '@depot/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useRefetchOnLiveEvent } from '@/lib/live-events';
import { supplierProductKeys } from '@/lib/query-keys';

export const SUPPLIER_PRODUCTS_PATH = '/api/stock-replenishment/products';

export function listSupplierProducts(signal?: AbortSignal): Promise<SupplierProduct[]> {
  return apiClient.get<SupplierProduct[]>(SUPPLIER_PRODUCTS_PATH, { signal });
}

export const supplierProductsQueryOptions = () =>
  queryOptions({
    queryKey: supplierProductKeys.list(),
    queryFn: ({ signal }) => listSupplierProducts(signal),
  });

/** The signed-in supplier's own catalogue; a new or canceled supply order changes its quantities. */
export function useSupplierProducts() {
  useRefetchOnLiveEvent(supplierProductKeys.all, (event) => event.type === 'supply-order-updated');
  return useQuery(supplierProductsQueryOptions());
}
