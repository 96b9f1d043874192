import { SUPPLIER_PRODUCT_LIST, type SupplierProduct, type SupplierProductSortField } from '@depot/contract';
import { useList } from '@/hooks/use-list';
import { useRefetchOnLiveEvent } from '@/lib/live-events';
import { supplierProductKeys } from '@/lib/query-keys';

export const SUPPLIER_PRODUCTS_PATH = '/api/stock-replenishment/products';

/**
 * The signed-in supplier's own catalogue, sorted by ID at first (docs/product/screens.md); a new
 * or canceled supply order changes its quantities.
 */
export function useSupplierProductList() {
  useRefetchOnLiveEvent(supplierProductKeys.all, (event) => event.type === 'supply-order-updated');
  return useList<SupplierProduct, SupplierProductSortField>({
    path: SUPPLIER_PRODUCTS_PATH,
    queryKey: supplierProductKeys.lists(),
    spec: SUPPLIER_PRODUCT_LIST,
    defaultSort: { field: 'id', order: 'asc' },
  });
}
