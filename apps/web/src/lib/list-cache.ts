import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ListPage } from './api-client';

/**
 * Edits the rows of every cached page of a list (each page is cached under the list's key and its
 * parameters, see hooks/use-list.ts): a row changed in place, or removed at once before the
 * server's answer. `totalChange` moves the total with it.
 */
export function updateCachedListRows<Row>(
  queryClient: QueryClient,
  listKey: QueryKey,
  edit: (rows: Row[]) => Row[],
  totalChange = 0,
): void {
  queryClient.setQueriesData<ListPage<Row>>({ queryKey: listKey }, (page) =>
    page ? { rows: edit(page.rows), total: Math.max(0, page.total + totalChange) } : page,
  );
}
