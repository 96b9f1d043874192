import { STOCK_MOVEMENT_LIST, type StockMovement, type StockMovementSortField } from '@depot/contract';
import { useList } from '@/hooks/use-list';
import { useRefetchOnLiveEvent } from '@/lib/live-events';
import { stockKeys } from './stock-keys';

export const stockMovementsPath = (id: number) => `/api/stocks/${id}/movements`;

/** The list's own filter: the URL's `reason`, as the API names it. */
export const MOVEMENT_REASON_FILTER = 'reason';

/**
 * An item's history (docs/product/screens.md#stock-history), newest first, a page at a time; a
 * delivery into the manager's stock while the page is open adds a row.
 */
export function useStockMovementList(id: number) {
  useRefetchOnLiveEvent(
    stockKeys.movements(id),
    (event) => event.type === 'supply-order-updated' && event.data.order.delivered_quantity > 0,
  );
  return useList<StockMovement, StockMovementSortField>({
    path: stockMovementsPath(id),
    queryKey: stockKeys.movements(id),
    spec: STOCK_MOVEMENT_LIST,
    filters: [MOVEMENT_REASON_FILTER],
  });
}
