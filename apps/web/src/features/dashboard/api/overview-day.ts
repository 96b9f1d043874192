import type { CourierDay, CustomerDay, SupplierDay } from '@depot/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useRefetchOnLiveEvent } from '@/lib/live-events';

/** Each role's day on the Overview (docs/product/screens.md#overview), one endpoint a role. */
export const overviewKeys = {
  all: ['overview'] as const,
  day: (role: 'customer' | 'supplier' | 'courier') => [...overviewKeys.all, role] as const,
};

function useDay<Day>(role: 'customer' | 'supplier' | 'courier', liveTypes: readonly string[]) {
  const queryKey = overviewKeys.day(role);
  useRefetchOnLiveEvent(queryKey, (event) => liveTypes.includes(event.type));
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => apiClient.get<Day>(`/api/overview/${role}`, { signal }),
  });
}

/** GET /api/overview/customer, fetched again as couriers move the customer's orders. */
export const useCustomerDay = () => useDay<CustomerDay>('customer', ['order-updated']);
/** GET /api/overview/supplier, fetched again when a supply order changes. */
export const useSupplierDay = () => useDay<SupplierDay>('supplier', ['supply-order-updated']);
/** GET /api/overview/courier, fetched again when an order is assigned to the courier or changes. */
export const useCourierDay = () => useDay<CourierDay>('courier', ['order-updated', 'order-assigned']);
