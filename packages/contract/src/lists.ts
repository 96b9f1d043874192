import { z } from 'zod';
import { isCalendarDay } from './analytics-rules';
import { text } from './common';

/**
 * The list protocol: every list endpoint takes the same query parameters and answers a JSON array
 * with the same headers (docs/decisions/011-one-list-protocol.md).
 *
 *   q       text to search for (contains, any letter case) in the fields the list names
 *   sort    one of the list's sort fields; order asc or desc (asc unless sort is left out too)
 *   limit   rows per page, 1 to LIST_LIMIT_MAX (LIST_LIMIT_MAX when left out)
 *   offset  rows to skip
 *   …       the list's own filters, e.g. status (repeatable), from and to (UTC days, to counted whole)
 *
 * The answer carries X-Total-Count (rows matching the search and filters) and a Link header with
 * first, prev, next and last pages, so a client that reads only the body still gets an array and
 * a client that reads the headers never mistakes a page for the whole list.
 */

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A page holds at most this many rows, and this many when no limit is asked for. */
export const LIST_LIMIT_MAX = 1000;
export const LIST_SEARCH_MAX_LENGTH = 100;

export const TOTAL_COUNT_HEADER = 'x-total-count';
export const LINK_HEADER = 'link';

export interface ListSpec<SortField extends string = string> {
  /** The fields the list sorts by, as the API names them. */
  sortFields: readonly [SortField, ...SortField[]];
  /** The order of a list asked for without `sort`. */
  defaultSort: { field: SortField; order: SortOrder };
  /** What `q` is looked for in, in words (for the API document). */
  searches: string;
}

export const defineList = <const SortField extends string>(spec: ListSpec<SortField>) => spec;

export const LIST_MESSAGES = {
  invalidLimit: `limit must be a whole number from 1 to ${LIST_LIMIT_MAX}`,
  invalidOffset: 'offset must be a whole number from 0',
  searchTooLong: `q must be at most ${LIST_SEARCH_MAX_LENGTH} characters`,
  invalidOrder: 'order must be asc or desc',
  invalidDate: 'Dates must be real calendar days written YYYY-MM-DD',
  fromAfterTo: 'from must be on or before to',
  deliveryFromAfterTo: 'delivery_from must be on or before delivery_to',
  dueFromAfterTo: 'due_from must be on or before due_to',
} as const;

export const invalidSortMessage = (fields: readonly string[]) => `sort must be one of ${fields.join(', ')}`;
export const invalidFilterMessage = (name: string, values: readonly string[]) =>
  `${name} must be one of ${values.join(', ')}`;

/** ?limit=&offset=: the page of any list. */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIST_MESSAGES.invalidLimit })
    .int(LIST_MESSAGES.invalidLimit)
    .min(1, LIST_MESSAGES.invalidLimit)
    .max(LIST_LIMIT_MAX, LIST_MESSAGES.invalidLimit)
    .optional(),
  offset: z.coerce
    .number({ error: LIST_MESSAGES.invalidOffset })
    .int(LIST_MESSAGES.invalidOffset)
    .min(0, LIST_MESSAGES.invalidOffset)
    .max(Number.MAX_SAFE_INTEGER, LIST_MESSAGES.invalidOffset)
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The query of one list: search, sort and page, then the list's own filters. */
export function listQuerySchema<
  const SortField extends string,
  Filters extends z.ZodRawShape = z.ZodRawShape,
>(spec: ListSpec<SortField>, filters?: Filters) {
  return pageQuerySchema.extend({
    q: text('q')
      .max(LIST_SEARCH_MAX_LENGTH, LIST_MESSAGES.searchTooLong)
      .optional()
      .describe(`Text looked for in ${spec.searches}, in any letter case`),
    sort: z
      .enum(spec.sortFields, { error: invalidSortMessage(spec.sortFields) })
      .optional()
      .describe(`Sort field; ${spec.defaultSort.field} ${spec.defaultSort.order} when left out`),
    order: z.enum(SORT_ORDERS, { error: LIST_MESSAGES.invalidOrder }).optional(),
    ...((filters ?? {}) as Filters),
  });
}

/** Search, sort and page as a list's query carries them, before its defaults apply. */
export interface ListQuery<SortField extends string = string> extends PageQuery {
  q?: string | undefined;
  sort?: SortField | undefined;
  order?: SortOrder | undefined;
}

/** The sort a query asks for, or the list's default: a field given without an order sorts ascending. */
export function sortOf<SortField extends string>(
  spec: ListSpec<SortField>,
  query: Pick<ListQuery<SortField>, 'sort' | 'order'>,
): { field: SortField; order: SortOrder } {
  if (query.sort === undefined)
    return { field: spec.defaultSort.field, order: query.order ?? spec.defaultSort.order };
  return { field: query.sort, order: query.order ?? 'asc' };
}

/** A filter that takes one or more of `values`: status=Processing&status=In%20Transit, or comma-separated. */
export function oneOrMoreOf<const Value extends string>(name: string, values: readonly [Value, ...Value[]]) {
  const error = invalidFilterMessage(name, values);
  return z
    .preprocess(
      (input) => (typeof input === 'string' ? input.split(',').map((part) => part.trim()) : input),
      z.array(z.enum(values, { error }), { error }).max(values.length, error),
    )
    .optional()
    .describe(`One or more of ${values.join(', ')}; repeat the parameter or separate by commas`);
}

/** A UTC day, YYYY-MM-DD, for a list's from/to filter. */
export const listDayFilter = text('A date')
  .refine(isCalendarDay, LIST_MESSAGES.invalidDate)
  .optional()
  .describe('A UTC day, YYYY-MM-DD');

/** A list's from/to filters, both optional, checked to be in order. */
export const dayRangeFilters = { from: listDayFilter, to: listDayFilter };

export const isDayRangeInOrder = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;
export const DAY_RANGE_RULE = { message: LIST_MESSAGES.fromAfterTo, path: ['from'] };
