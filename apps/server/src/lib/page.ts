import { LIST_LIMIT_MAX, type ListQuery } from '@depot/contract';

export interface Page {
  limit: number;
  offset: number;
}

/** ?limit=&offset= as a page: everything up to the cap unless asked (DESIGN §10). */
export const pageOf = (query: ListQuery): Page => ({
  limit: query.limit ?? LIST_LIMIT_MAX,
  offset: query.offset ?? 0,
});

/**
 * A page and the total behind it (X-Total-Count). A page that came back shorter than its limit
 * is the end of the list, so the total is known without a count; only a full page, or an empty
 * one past the end, asks the database.
 */
export async function listWithTotal<T>(
  page: Page,
  list: (page: Page) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ items: T[]; total: number }> {
  const items = await list(page);
  const ended = items.length < page.limit && (items.length > 0 || page.offset === 0);
  return { items, total: ended ? page.offset + items.length : await count() };
}
