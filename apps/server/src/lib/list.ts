import {
  errorResponseSchema,
  LINK_HEADER,
  LIST_LIMIT_MAX,
  type ListQuery,
  type ListSpec,
  type SortOrder,
  sortOf,
  TOTAL_COUNT_HEADER,
} from '@depot/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { CSV_MEDIA_TYPE, EXPORT_BATCH_ROWS, sendCsv, wantsCsv } from './list-export';

/**
 * The service and HTTP halves of the list protocol (docs/decisions/011-one-list-protocol.md); the
 * SQL half is db/list-query.ts.
 */

/** The queries of CSV exports in flight, which listPage reads without a count. */
const exportQueries = new WeakSet<object>();

export interface Page {
  limit: number;
  offset: number;
  /** The offset counts from the end of the list: skipping rows costs as many as are skipped. */
  fromEnd?: boolean;
}

/** What a repository's list function is asked: the search, the sort and the page. */
export interface ListRequest<SortField extends string> {
  q: string | undefined;
  sort: { field: SortField; order: SortOrder };
  page: Page;
}

/**
 * A page the database wrote as the API's JSON array itself (db/list-query.ts, orderedJsonPage), and
 * how many rows it holds: the hot lists skip reading rows into objects and writing them out again.
 */
export class JsonRows {
  constructor(
    readonly text: string,
    readonly length: number,
  ) {}
}

const NO_JSON_ROWS = new JsonRows('[]', 0);

/** Sends JSON text as it is: Fastify serializes only what is not already a string. */
function sendJsonText(reply: FastifyReply, text: string) {
  reply.type('application/json; charset=utf-8');
  return reply.send(text);
}

/**
 * Sends an answer whose `field`, an array, the database wrote (JsonRows), such as a profile's
 * notifications. The route's serializer writes the rest with that array empty, then the database's
 * text takes the empty array's place. No string in the answer can hold `"field":[]` (its quotes
 * would be escaped), so the first such text is the field itself, as long as no nested object
 * before it has an empty array of the same name.
 */
export function sendWithJsonRows(reply: FastifyReply, answer: object, field: string, rows: JsonRows) {
  // The route's serializer answers a string (fast-json-stringify, plugins/response-serializer.ts).
  const text = String(reply.serialize({ ...answer, [field]: [] }));
  const empty = `"${field}":[]`;
  const at = text.indexOf(empty);
  if (at < 0) throw new Error(`the answer has no ${field} field to fill`);
  return sendJsonText(reply, `${text.slice(0, at)}"${field}":${rows.text}${text.slice(at + empty.length)}`);
}

/** One page of a list and the total behind it. */
export interface ListPage<T> {
  /** The rows, or (a list that has its database write its JSON) the page's JSON array. */
  items: T[] | JsonRows;
  total: number;
  page: Page;
  /** Reads another page of the same list (the same search, sort and filters): an export reads every row through it. */
  read?: (page: Page) => Promise<T[]>;
}

/** A list query with the list's defaults applied: everything up to the cap unless a page is asked. */
export function listRequestOf<SortField extends string>(
  spec: ListSpec<SortField>,
  query: ListQuery<SortField>,
): ListRequest<SortField> {
  return {
    q: query.q || undefined,
    sort: sortOf(spec, query),
    page: { limit: query.limit ?? LIST_LIMIT_MAX, offset: query.offset ?? 0 },
  };
}

/**
 * A page and the total behind it (X-Total-Count). The first page comes first: if it is shorter
 * than its limit it is the whole list, and no count is needed. A later page needs the total (it
 * is the last page, or the total is asked for), so the count comes first, and a page in the far
 * half of the list is read from the end: a database skips rows one by one, so the last page of
 * 100,000 would otherwise read all of them.
 */
export async function listWithTotal<Rows extends { length: number }>(
  page: Page,
  list: (page: Page) => Promise<Rows>,
  count: () => Promise<number>,
  none: Rows,
): Promise<{ items: Rows; total: number; page: Page }> {
  if (page.offset === 0) {
    const items = await list(page);
    return { items, total: items.length < page.limit ? items.length : await count(), page };
  }
  const total = await count();
  if (page.offset >= total) return { items: none, total, page };
  const rows = Math.min(page.limit, total - page.offset);
  const fromEnd = page.offset + rows / 2 > total / 2;
  const items = await list(
    fromEnd
      ? { limit: rows, offset: total - page.offset - rows, fromEnd }
      : { limit: page.limit, offset: page.offset },
  );
  return { items, total, page };
}

/**
 * A service's list: the protocol's defaults applied to the query, then one page from `list` and
 * the total from `count` (asked only when the page does not tell it). A list that has `json`
 * answers its JSON pages as the database writes them (the same rows as `list`'s, field for field);
 * a CSV export still reads rows.
 */
export async function listPage<SortField extends string, T>(
  spec: ListSpec<SortField>,
  query: ListQuery<SortField>,
  list: (request: ListRequest<SortField>) => Promise<T[]>,
  count: (q: string | undefined) => Promise<number>,
  json?: (request: ListRequest<SortField>) => Promise<JsonRows>,
): Promise<ListPage<T>> {
  const request = listRequestOf(spec, query);
  const read = (page: Page) => list({ ...request, page });
  // An export reads to the end anyway: counting first would only delay its first row.
  if (exportQueries.has(query)) {
    return { items: await list(request), total: Number.NaN, page: request.page, read };
  }
  const counted = () => count(request.q);
  if (json) return listWithTotal(request.page, (page) => json({ ...request, page }), counted, NO_JSON_ROWS);
  return { ...(await listWithTotal(request.page, read, counted, [])), read };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A list route: it answers CSV too (`Accept: text/csv`), and the API document says so. */
    listExport?: boolean;
  }
}

/** What the API document says a list's CSV is. */
export const LIST_CSV_DESCRIPTION =
  'With `Accept: text/csv`: every row the search and filters match, in the sort asked (limit and offset are ignored), as CSV: UTF-8 with a byte-order mark, a header row of the fields below, dates in ISO 8601, money and weights as plain decimals, text cells starting with = + - @ (or a tab or CR) prefixed with a quote.';

/** The OpenAPI answer of a list route's 200: its JSON array, or the same rows as CSV. */
export function listAnswerDocument(json: unknown) {
  return {
    description: 'The page of the list (JSON), or every matching row (CSV)',
    content: {
      'application/json': { schema: json },
      [CSV_MEDIA_TYPE]: { schema: { type: 'string', description: LIST_CSV_DESCRIPTION } },
    },
  };
}

/**
 * A CSV export is the whole list: its first batch is asked as the route's first page, with the
 * export's batch size, whatever page the URL names.
 */
async function exportFromTheStart(request: FastifyRequest) {
  if (!wantsCsv(request)) return;
  const query = request.query as { limit?: number; offset?: number };
  query.limit = EXPORT_BATCH_ROWS;
  query.offset = 0;
  exportQueries.add(query);
}

/**
 * The options of a list route: its query and answer schemas, the errors any list may answer, the
 * CSV export, and the response cache (a list depends on nothing but the caller, the URL and the
 * data; a CSV export is never kept).
 */
export function listRouteOptions<
  Query extends ZodType,
  Answer extends ZodType,
  Params extends ZodType = ZodType,
>(route: {
  tags: string[];
  description?: string;
  /** A list inside one object (an item's history): its path's parameters; the object may be 404. */
  params?: Params;
  querystring: Query;
  response: Answer;
}) {
  const { tags, description, params, querystring, response } = route;
  const schema = {
    tags,
    security: [{ session: [] }],
    ...(description ? { description } : {}),
    // Typed for the handler's request.params; left out for a list of its own (Fastify warns at an
    // undefined one).
    params: params as Params,
    querystring,
    response: {
      200: response,
      400: errorResponseSchema,
      401: errorResponseSchema,
      403: errorResponseSchema,
      ...(params ? { 404: errorResponseSchema } : {}),
    },
  };
  if (!params) delete (schema as { params?: unknown }).params;
  return { config: { responseCache: true, listExport: true }, preHandler: exportFromTheStart, schema };
}

/** The list's URL with another offset: the same search, sort, filters and page size. */
function pageUrl(request: FastifyRequest, limit: number, offset: number): string {
  const url = new URL(request.url, 'http://depot.invalid');
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('offset', String(offset));
  return `${url.pathname}${url.search}`;
}

/**
 * Answers a list page as the protocol says: the rows as a JSON array, how many match in
 * X-Total-Count, and the first, previous, next and last pages in a Link header (RFC 8288). Asked
 * with `Accept: text/csv`, it answers every matching row as CSV instead (lib/list-export.ts).
 */
export function sendListPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  { items, total, page, read }: ListPage<T>,
) {
  const { limit, offset } = page;
  if (wantsCsv(request)) {
    if (items instanceof JsonRows) throw new Error(`${request.url}: a CSV export reads rows, not JSON`);
    return sendCsv(request, reply, items, read, limit);
  }
  const lastOffset = total === 0 ? 0 : Math.floor((total - 1) / limit) * limit;
  const links = [`<${pageUrl(request, limit, 0)}>; rel="first"`];
  if (offset > 0) links.push(`<${pageUrl(request, limit, Math.max(0, offset - limit))}>; rel="prev"`);
  if (offset + limit < total) links.push(`<${pageUrl(request, limit, offset + limit)}>; rel="next"`);
  links.push(`<${pageUrl(request, limit, lastOffset)}>; rel="last"`);
  reply.header(TOTAL_COUNT_HEADER, String(total));
  reply.header(LINK_HEADER, links.join(', '));
  // The same URL answers CSV to another Accept: no cache on the way may hand one for the other.
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept\b(?!-)/i.test(vary)) reply.header('vary', vary ? `accept, ${vary}` : 'accept');
  if (items instanceof JsonRows) return sendJsonText(reply, items.text);
  return items;
}
