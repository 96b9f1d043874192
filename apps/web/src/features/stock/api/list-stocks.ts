import type { StockItem } from '@depot/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useRefetchOnLiveEvent } from '@/lib/live-events';
import { stockKeys } from './stock-keys';

export function listStocks(signal?: AbortSignal): Promise<StockItem[]> {
  return apiClient.get<StockItem[]>('/api/stocks', { signal });
}

export const stocksQueryOptions = () =>
  queryOptions({ queryKey: stockKeys.lists(), queryFn: ({ signal }) => listStocks(signal) });

/** The manager's stock; a supply order delivered to them changes it while the page is open. */
export function useStocks() {
  useRefetchOnLiveEvent(
    stockKeys.lists(),
    (event) => event.type === 'supply-order-updated' && event.data.order.status === 'Delivered',
  );
  return useQuery(stocksQueryOptions());
}
