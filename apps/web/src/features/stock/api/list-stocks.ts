import { STOCK_LIST, type StockItem, type StockSortField } from '@depot/contract';
import { useQuery } from '@tanstack/react-query';
import { useList } from '@/hooks/use-list';
import { apiClient } from '@/lib/api-client';
import { useRefetchOnLiveEvent } from '@/lib/live-events';
import { stockKeys } from './stock-keys';

export const STOCKS_PATH = '/api/stocks';

/** A supply order delivered to the manager, whole or in part, adds to their stock while the page is open. */
function useRefetchStockOnDelivery() {
  useRefetchOnLiveEvent(
    stockKeys.lists(),
    (event) => event.type === 'supply-order-updated' && event.data.order.delivered_quantity > 0,
  );
}

/** The manager's stock, a page at a time, sorted by Stock Id at first (docs/product/screens.md). */
export function useStockList() {
  useRefetchStockOnDelivery();
  return useList<StockItem, StockSortField>({
    path: STOCKS_PATH,
    queryKey: stockKeys.lists(),
    spec: STOCK_LIST,
    defaultSort: { field: 'stock_id', order: 'asc' },
  });
}

/**
 * How many stock items the manager has in all: the list's own total, unless a search narrows the
 * list; then one row is asked for the whole count.
 */
export function useStockCount(list: ReturnType<typeof useStockList>): number | undefined {
  const whole = useQuery({
    queryKey: [...stockKeys.lists(), 'count'],
    queryFn: async ({ signal }) =>
      (await apiClient.list<StockItem>(STOCKS_PATH, { limit: 1 }, { signal })).total,
    enabled: list.isNarrowed,
  });
  if (list.isNarrowed) return whole.data;
  // A page kept on screen while the next loads may be a search's: its total is not the count.
  return list.query.isPlaceholderData ? undefined : list.total;
}
