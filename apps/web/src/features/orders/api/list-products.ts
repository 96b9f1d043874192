import type { StockItem } from '@depot/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { orderKeys } from './order-keys';

/** GET /api/stocks answers a customer with every item on sale. */
export function listProducts(signal?: AbortSignal): Promise<StockItem[]> {
  return apiClient.get<StockItem[]>('/api/stocks', { signal });
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: orderKeys.products(), queryFn: ({ signal }) => listProducts(signal) });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
