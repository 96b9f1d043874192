/** TanStack Query keys for stock items; the list is the manager's own stock. */
export const stockKeys = {
  all: ['stocks'] as const,
  lists: () => [...stockKeys.all, 'list'] as const,
  details: () => [...stockKeys.all, 'detail'] as const,
  detail: (id: number) => [...stockKeys.details(), id] as const,
  /** An item's history; under its detail, so what refreshes the item refreshes its history. */
  movements: (id: number) => [...stockKeys.detail(id), 'movements'] as const,
};
