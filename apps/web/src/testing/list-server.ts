import type { RecordedRequest } from './fetch-stub';

type Cell = string | number | null | undefined;

interface ListServerOptions<Row> {
  /** The fields `q` is looked for in, as the list's endpoint does. */
  searchIn: (row: Row) => Cell[];
  /** A row's value for a sort field; the row's own field by default. */
  sortValue?: (row: Row, field: string) => Cell;
  /** The list's own filters: whether a row passes the request's query. */
  filter?: (row: Row, query: URLSearchParams) => boolean;
}

/**
 * A stub answer that does what a list endpoint does (docs/decisions/011-one-list-protocol.md) to
 * the rows it is given: search, filters, sort, page, and the total in X-Total-Count.
 */
export function listServer<Row>(rows: Row[] | (() => Row[]), options: ListServerOptions<Row>) {
  return (request: RecordedRequest) => {
    const { query } = request;
    const needle = (query.get('q') ?? '').trim().toLowerCase();
    const sort = query.get('sort');
    const sign = query.get('order') === 'desc' ? -1 : 1;
    const sortValueOf =
      options.sortValue ?? ((row: Row, field: string) => (row as Record<string, Cell>)[field]);
    const matching = (typeof rows === 'function' ? rows() : rows).filter(
      (row) =>
        (!needle ||
          options.searchIn(row).some((cell) =>
            String(cell ?? '')
              .toLowerCase()
              .includes(needle),
          )) &&
        (options.filter?.(row, query) ?? true),
    );
    if (sort) {
      matching.sort((a, b) => {
        const left = sortValueOf(a, sort);
        const right = sortValueOf(b, sort);
        if (left == null) return right == null ? 0 : 1;
        if (right == null) return -1;
        if (typeof left === 'number' && typeof right === 'number') return sign * (left - right);
        return sign * String(left).toLowerCase().localeCompare(String(right).toLowerCase());
      });
    }
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 1000);
    return {
      status: 200,
      body: matching.slice(offset, offset + limit),
      headers: { 'X-Total-Count': String(matching.length) },
    };
  };
}
