import type { LocationType, ShippingCostResponse } from '@depot/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { orderKeys } from './order-keys';

export function getShippingCost(
  totalWeightKg: number,
  locationType: LocationType,
  signal?: AbortSignal,
): Promise<ShippingCostResponse> {
  const query = new URLSearchParams({ total_weight: String(totalWeightKg), location_type: locationType });
  return apiClient.get<ShippingCostResponse>(`/api/orders/get-shipping-cost?${query}`, { signal });
}

export const shippingCostQueryOptions = (totalWeightKg: number, locationType: LocationType) =>
  queryOptions({
    queryKey: orderKeys.shippingCost(totalWeightKg, locationType),
    queryFn: ({ signal }) => getShippingCost(totalWeightKg, locationType, signal),
  });

/** The server's shipping cost for the draft: the same rule it charges when the order is placed. */
export function useShippingCost(totalWeightKg: number, locationType: LocationType) {
  return useQuery(shippingCostQueryOptions(totalWeightKg, locationType));
}
