import {
  SUPPLIER_PRODUCT_LIST,
  type Supplier,
  type SupplierProduct,
  type SupplierProductSortField,
} from '@depot/contract';
import { useQuery } from '@tanstack/react-query';
import { useList } from '@/hooks/use-list';
import { apiClient } from '@/lib/api-client';
import { useRefetchOnLiveEvent } from '@/lib/live-events';
import { supplierKeys, supplierProductKeys } from '@/lib/query-keys';

const SUPPLIER_PRODUCTS_PATH = '/api/stock-replenishment/products';

/** The suppliers a manager can order from (the same list and cache as Suppliers Management). */
export function useSupplierOptions() {
  return useQuery({
    queryKey: supplierKeys.options(),
    queryFn: ({ signal }) => apiClient.get<Supplier[]>('/api/suppliers', { signal }),
  });
}

/** One supplier's catalogue, a page at a time, once a supplier is chosen; supply orders change what is available. */
export function useOrderableProductList(supplierId: number | undefined) {
  useRefetchOnLiveEvent(supplierProductKeys.all, (event) => event.type === 'supply-order-updated');
  return useList<SupplierProduct, SupplierProductSortField>({
    path: SUPPLIER_PRODUCTS_PATH,
    queryKey: supplierProductKeys.lists(),
    spec: SUPPLIER_PRODUCT_LIST,
    defaultSort: { field: 'id', order: 'asc' },
    params: { supplier_id: supplierId },
    enabled: supplierId !== undefined,
  });
}
