import type { StockItem } from '@depot/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { stockKeys } from './stock-keys';

export function listStocks(signal?: AbortSignal): Promise<StockItem[]> {
  return apiClient.get<StockItem[]>('/api/stocks', { signal });
}

export const stocksQueryOptions = () =>
  queryOptions({ queryKey: stockKeys.lists(), queryFn: ({ signal }) => listStocks(signal) });

export function useStocks() {
  return useQuery(stocksQueryOptions());
}
