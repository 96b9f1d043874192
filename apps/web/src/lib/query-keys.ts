/**
 * TanStack Query keys of the resources that more than one screen shows, so that a change made on
 * one screen (or announced by a live event) can refresh the others without features importing
 * each other.
 */
export const supplierKeys = {
  all: ['suppliers'] as const,
  lists: () => [...supplierKeys.all, 'list'] as const,
};

/** Suppliers' products: a supplier's own catalogue, or one supplier's for a manager. */
export const supplierProductKeys = {
  all: ['supplier-products'] as const,
  lists: () => [...supplierProductKeys.all, 'list'] as const,
  /** No supplier: the caller's own catalogue (suppliers) or every supplier's (managers). */
  list: (supplierId?: number) => [...supplierProductKeys.lists(), { supplierId }] as const,
};

/** Supply orders: a manager's own (My Orders) or a supplier's own (Supply Orders). */
export const supplyOrderKeys = {
  all: ['supply-orders'] as const,
  lists: () => [...supplyOrderKeys.all, 'list'] as const,
};
