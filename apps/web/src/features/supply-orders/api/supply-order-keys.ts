/**
 * TanStack Query keys for supply orders: a manager's own (My Orders) or a supplier's own (Supply
 * Orders). Invalidate `supplyOrderKeys.all` when a 'supply-order-updated' live event arrives.
 */
export const supplyOrderKeys = {
  all: ['supply-orders'] as const,
  lists: () => [...supplyOrderKeys.all, 'list'] as const,
};
