import { SUPPLIER_LIST, type Supplier, type SupplierSortField } from '@depot/contract';
import { useList } from '@/hooks/use-list';
import { supplierKeys } from '@/lib/query-keys';

export const SUPPLIERS_PATH = '/api/suppliers';

/** The active suppliers, a page at a time, sorted by Supplier ID at first (docs/product/screens.md). */
export function useSupplierList() {
  return useList<Supplier, SupplierSortField>({
    path: SUPPLIERS_PATH,
    queryKey: supplierKeys.lists(),
    spec: SUPPLIER_LIST,
    defaultSort: { field: 'id', order: 'asc' },
  });
}
