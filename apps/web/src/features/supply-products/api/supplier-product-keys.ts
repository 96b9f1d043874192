/** TanStack Query keys for suppliers' products: a supplier's own catalogue, or one supplier's for a manager. */
export const supplierProductKeys = {
  all: ['supplier-products'] as const,
  lists: () => [...supplierProductKeys.all, 'list'] as const,
  /** No supplier: the caller's own catalogue (suppliers) or every supplier's (managers). */
  list: (supplierId?: number) => [...supplierProductKeys.lists(), { supplierId }] as const,
};
