import { SUPPLY_ORDER_LIST, type SupplyOrder, type SupplyOrderSortField } from '@depot/contract';
import { useList } from '@/hooks/use-list';
import { useRefetchOnLiveEvent } from '@/lib/live-events';
import { supplyOrderKeys } from '@/lib/query-keys';

export const SUPPLY_ORDERS_PATH = '/api/replenishment-orders';

/**
 * The caller's supply orders (the server picks mine by role), newest first, a page at a time;
 * refetched when the other party changes one (a live event).
 */
export function useSupplyOrderList() {
  useRefetchOnLiveEvent(supplyOrderKeys.all, (event) => event.type === 'supply-order-updated');
  return useList<SupplyOrder, SupplyOrderSortField>({
    path: SUPPLY_ORDERS_PATH,
    queryKey: supplyOrderKeys.lists(),
    spec: SUPPLY_ORDER_LIST,
    defaultSort: { field: 'id', order: 'desc' },
    // due_from/due_to: a supplier's Overview links ("due this week", "overdue").
    filters: ['status', 'due_from', 'due_to'],
  });
}
