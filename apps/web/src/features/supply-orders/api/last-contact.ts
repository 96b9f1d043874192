import type { SupplyOrder } from '@depot/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { supplyOrderKeys } from '@/lib/query-keys';
import { SUPPLY_ORDERS_PATH } from './list-supply-orders';

/**
 * The warehouse address and mobile number of the manager's last supply order, to prefill Stock
 * Replenishment (docs/product/screens.md#stock-replenishment): one row of their own list, newest
 * first. Undefined before their first order.
 */
export function useLastSupplyContact() {
  return useQuery({
    queryKey: [...supplyOrderKeys.all, 'last-contact'],
    queryFn: async ({ signal }) => {
      const page = await apiClient.list<SupplyOrder>(
        SUPPLY_ORDERS_PATH,
        { sort: 'created_at', order: 'desc', limit: 1 },
        { signal },
      );
      const last = page.rows[0];
      return last ? { address: last.address, mobile_number: last.mobile_number } : null;
    },
    staleTime: 60_000,
  });
}
