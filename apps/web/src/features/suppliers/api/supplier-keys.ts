/** TanStack Query keys for Supplier accounts in Suppliers Management. */
export const supplierKeys = {
  all: ['suppliers'] as const,
  lists: () => [...supplierKeys.all, 'list'] as const,
};
