import { STOCK_LIST, type StockItem, type StockSortField } from '@depot/contract';
import { useList } from '@/hooks/use-list';
import { orderKeys } from './order-keys';

/**
 * GET /api/stocks answers a customer with every item on sale: a page at a time, sorted by Product
 * at first (docs/product/screens.md#customer-products).
 */
export function useProductList() {
  return useList<StockItem, StockSortField>({
    path: '/api/stocks',
    queryKey: orderKeys.products(),
    spec: STOCK_LIST,
    defaultSort: { field: 'stock_name', order: 'asc' },
  });
}
