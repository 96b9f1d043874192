import type { StockItem } from '@depot/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { stockKeys } from './stock-keys';

export function getStock(id: number, signal?: AbortSignal): Promise<StockItem> {
  return apiClient.get<StockItem>(`/api/stocks/${id}`, { signal });
}

export const stockQueryOptions = (id: number) =>
  queryOptions({ queryKey: stockKeys.detail(id), queryFn: ({ signal }) => getStock(id, signal) });

export function useStock(id: number) {
  return useQuery(stockQueryOptions(id));
}
