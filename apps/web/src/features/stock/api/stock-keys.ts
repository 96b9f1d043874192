/** TanStack Query keys for stock items; the list is the manager's own stock. */
export const stockKeys = {
  all: ['stocks'] as const,
  lists: () => [...stockKeys.all, 'list'] as const,
  details: () => [...stockKeys.all, 'detail'] as const,
  detail: (id: number) => [...stockKeys.details(), id] as const,
};
