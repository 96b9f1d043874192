import type { Supplier, SupplierProduct } from '@depot/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useRefetchOnLiveEvent } from '@/lib/live-events';
import { supplierKeys, supplierProductKeys } from '@/lib/query-keys';

/** The suppliers a manager can order from (the same list and cache as Suppliers Management). */
export function useSupplierOptions() {
  return useQuery({
    queryKey: supplierKeys.lists(),
    queryFn: ({ signal }) => apiClient.get<Supplier[]>('/api/suppliers', { signal }),
  });
}

/** One supplier's catalogue, once a supplier is chosen; supply orders change what is available. */
export function useOrderableProducts(supplierId: number | undefined) {
  useRefetchOnLiveEvent(supplierProductKeys.all, (event) => event.type === 'supply-order-updated');
  return useQuery({
    queryKey: supplierProductKeys.list(supplierId),
    queryFn: ({ signal }) =>
      apiClient.get<SupplierProduct[]>(`/api/stock-replenishment/products?supplier_id=${supplierId}`, {
        signal,
      }),
    enabled: supplierId !== undefined,
  });
}
