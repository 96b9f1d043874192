/**
 * TanStack Query keys of the resources that more than one screen shows, so that a change made on
 * one screen (or announced by a live event) can refresh the others without features importing
 * each other.
 */
export const supplierKeys = {
  all: ['suppliers'] as const,
  /** Suppliers Management's pages, each under this key and its search, sort and page. */
  lists: () => [...supplierKeys.all, 'list'] as const,
  /** Every supplier by name, for the Stock Replenishment page's select. */
  options: () => [...supplierKeys.all, 'options'] as const,
};

/** Suppliers' products: a supplier's own catalogue, or one supplier's for a manager. */
export const supplierProductKeys = {
  all: ['supplier-products'] as const,
  /** Each page is cached under this key and its parameters (supplier_id for a manager). */
  lists: () => [...supplierProductKeys.all, 'list'] as const,
};

/** Supply orders: a manager's own (My Orders) or a supplier's own (Supply Orders). */
export const supplyOrderKeys = {
  all: ['supply-orders'] as const,
  lists: () => [...supplyOrderKeys.all, 'list'] as const,
};

/** Suppliers' scorecards, worked out from supply orders: Suppliers Management and a supplier's Overview. */
export const supplierScorecardKeys = {
  all: ['supplier-scorecards'] as const,
};
