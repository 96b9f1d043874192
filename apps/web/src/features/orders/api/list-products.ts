import { STOCK_LIST, type StockItem } from '@depot/contract';
import { useList } from '@/hooks/use-list';
import { orderKeys } from './order-keys';

export type ProductSortField = (typeof STOCK_LIST.sortFields)[number];

/**
 * GET /api/stocks answers a customer with every item on sale: a page at a time, sorted by Product
 * at first (docs/product/screens.md#customer-products).
 */
export function useProductList() {
  return useList<StockItem, ProductSortField>({
    path: '/api/stocks',
    queryKey: orderKeys.products(),
    spec: STOCK_LIST,
    defaultSort: { field: 'stock_name', order: 'asc' },
  });
}
