import type { CourierService } from '@depot/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { orderKeys } from './order-keys';

export function listCourierServices(signal?: AbortSignal): Promise<CourierService[]> {
  return apiClient.get<CourierService[]>('/api/couriers-services', { signal });
}

export const courierServicesQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.courierServices(),
    queryFn: ({ signal }) => listCourierServices(signal),
    staleTime: 5 * 60_000,
  });

export function useCourierServices() {
  return useQuery(courierServicesQueryOptions());
}
