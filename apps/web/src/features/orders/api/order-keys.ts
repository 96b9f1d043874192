import type { LocationType } from '@depot/contract';

/** TanStack Query keys of the customer's ordering screens and their orders. */
export const orderKeys = {
  all: ['customer-orders'] as const,
  products: () => [...orderKeys.all, 'products'] as const,
  courierServices: () => [...orderKeys.all, 'courier-services'] as const,
  pincode: (pin: string) => [...orderKeys.all, 'pincode', pin] as const,
  shippingCost: (totalWeightKg: number, locationType: LocationType) =>
    [...orderKeys.all, 'shipping-cost', totalWeightKg, locationType] as const,
  /** The orders placed: each page of My Orders, and each order's page. */
  placedLists: () => [...orderKeys.all, 'placed', 'list'] as const,
  placed: (id: number) => [...orderKeys.all, 'placed', 'detail', id] as const,
};
