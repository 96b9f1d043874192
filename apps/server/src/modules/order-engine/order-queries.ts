import type { ListQuery, ListSpec } from '@depot/contract';
import type { SelectQueryBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import {
  countRows,
  type ListColumns,
  type ListSearch,
  listSearch,
  orderedPage,
  sortWithin,
  whereInDays,
  whereSearched,
} from '../../db/list-query';
import { type Reach, type ReadersAsked, reached } from '../../db/reach';
import { type Database, type Executor, isPostgres } from '../../db/schema';
import { together } from '../../db/together';
import { groupBy } from '../../lib/group-by';
import { type ListPage, type ListRequest, listPage } from '../../lib/list';

/** The filters every kind of order takes: its statuses, and the days it was placed (UTC, whole). */
export interface OrderFilters<Status extends string> {
  status?: readonly Status[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

type OrderTable = 'orders' | 'supply_orders';
// biome-ignore lint/suspicious/noExplicitAny: the rows' type comes from each kind's `select`.
export type AnyRowQuery = SelectQueryBuilder<Database, OrderTable, any>;

/** What a kind of order tells the engine about itself; everything else about reading it is shared. */
export interface OrderKind<
  Row extends { id: number },
  Line extends { order_id: number },
  Order,
  SortField extends string,
  Filters,
> {
  table: OrderTable;
  /** The kind's list, as the contract declares it: sort fields, default order, search. */
  spec: ListSpec<SortField>;
  columns: ListColumns<SortField>;
  /** The columns of an order's row, with the names it shows (a query on `table`). */
  select(query: AnyRowQuery): SelectQueryBuilder<Database, OrderTable, Row>;
  /** The kind's own filters besides status and days, applied to a query on `table`. */
  filter?(query: AnyRowQuery, filters: Filters): AnyRowQuery;
  /** The columns the kind's own filters hold to one value (a sort by the name they name is by id). */
  fixedColumns?(filters: Filters): string[];
  /** The lines of many orders in one query. */
  linesOf(db: Executor, orderIds: number[]): Promise<Line[]>;
  toOrder(row: Row, lines: Line[]): Order;
}

/**
 * Lists, counts and gets orders of one kind, each with its lines, narrowed to what the caller
 * reaches (docs/decisions/012-one-order-engine.md): customer orders and supply orders are read the
 * same way.
 */
export function orderQueries<
  Row extends { id: number },
  Line extends { order_id: number },
  Order,
  SortField extends string,
  Filters extends OrderFilters<string>,
>(kind: OrderKind<Row, Line, Order, SortField, Filters>) {
  const { table, columns } = kind;

  /** The orders the caller reaches that pass the filters and the search. */
  function ordersReached(
    db: Executor,
    reach: Reach,
    filters?: Filters,
    search?: ListSearch,
    readersAsked?: ReadersAsked,
  ): AnyRowQuery {
    let query: AnyRowQuery = db.selectFrom(table).where(reached(table, reach, readersAsked));
    if (filters?.status?.length)
      query = query.where(sql<SqlBool>`${sql.ref(`${table}.status`)} in (${sql.join(filters.status)})`);
    if (filters && kind.filter) query = kind.filter(query, filters);
    return whereSearched(db, whereInDays(query, `${table}.created_at`, filters ?? {}), columns, search);
  }

  /** Whether a list query narrows by anything but the caller's reach (status, days, the kind's own). */
  const filtered = (filters: Filters) =>
    Boolean(filters.status?.length || filters.from || filters.to || kind.fixedColumns?.(filters).length);

  /** Each order with its lines: one query for the lines of all of them, so a page costs two. */
  async function withTheirLines(db: Executor, rows: Row[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const lines = groupBy(
      await kind.linesOf(
        db,
        rows.map((row) => row.id),
      ),
      (line) => line.order_id,
    );
    return rows.map((row) => kind.toOrder(row, lines.get(row.id) ?? []));
  }

  /** One page of the orders the caller reaches, each with its lines (two queries). */
  async function list(
    db: Executor,
    reach: Reach,
    filters: Filters,
    request: ListRequest<SortField>,
    search: Promise<ListSearch | undefined> = listSearch(db, columns, request.q),
  ): Promise<Order[]> {
    // A sort by the name of the one user every row names (a customer's own orders by customer) is by id.
    const fixed = [
      ...(reach !== 'all' && 'field' in reach ? [`${table}.${reach.field}`] : []),
      ...(kind.fixedColumns?.(filters) ?? []),
    ];
    const sort = sortWithin(columns, request.sort, fixed);
    // SQLite's orders have indexes for few sorts (db/migrations/2026-12-01-list-indexes.ts): for the
    // others every order reached is read and sorted, so a table of readers is read once, as a set.
    const { column, sqliteIndex } = columns.sort[sort.field];
    const readersAsked = isPostgres(db) || sqliteIndex || column === columns.id ? 'row by row' : 'as a set';
    const matches = ordersReached(db, reach, filters, await search, readersAsked);
    const rows = kind.select(db.selectFrom(table));
    return withTheirLines(db, await orderedPage(db, rows, matches, columns, sort, request.page).execute());
  }

  return {
    list,

    /** A list query answered by the list protocol: the page and the total of what matches. */
    page(db: Executor, reach: Reach, query: Filters & ListQuery<SortField>): Promise<ListPage<Order>> {
      // The page and the count share one lookup of the users a search names (a common surname
      // names thousands: about 10 ms on PostgreSQL).
      let search: Promise<ListSearch | undefined> | undefined;
      const searchOf = (q: string | undefined) => {
        search ??= listSearch(db, columns, q);
        return search;
      };
      return listPage(
        kind.spec,
        query,
        (request) => list(db, reach, query, request, searchOf(request.q)),
        async (q) => {
          const search = await searchOf(q);
          // Unfiltered, a table of readers counts its own rows for the reader (one index range)
          // instead of probing it once per order (docs/decisions/025-a-manager-reaches-the-orders-of-their-stock.md).
          if (reach !== 'all' && 'readers' in reach && !search && !filtered(query)) {
            const { table: readers, reader } = reach.readers;
            const { rows } = await sql<{ count: number }>`select count(*) as count from ${sql.table(readers)}
              where ${sql.ref(reader)} = ${reach.id}`.execute(db);
            return Number(rows[0]?.count ?? 0);
          }
          return countRows(ordersReached(db, reach, query, search));
        },
      );
    },

    /** One order the caller reaches, with its lines; undefined for one out of reach, as for none. */
    async get(db: Executor, id: number, reach: Reach): Promise<Order | undefined> {
      return (await getMany(db, [id], reach))[0];
    },

    getMany,
  };

  /**
   * The orders of `ids` the caller reaches, with their lines, in id order. The ids are known, so
   * the lines are read beside the orders (db/together.ts: one round trip on PostgreSQL), and only
   * the lines of the orders the caller reaches are kept.
   */
  async function getMany(db: Executor, ids: readonly number[], reach: Reach): Promise<Order[]> {
    if (ids.length === 0) return [];
    const query = kind
      .select(db.selectFrom(table))
      .where(reached(table, reach))
      .where(sql<SqlBool>`${sql.ref(`${table}.id`)} in (${sql.join([...ids])})`)
      .orderBy(sql.ref(`${table}.id`));
    const [rows, lines] = await together(
      () => query.execute() as Promise<Row[]>,
      () => kind.linesOf(db, [...ids]),
    );
    const linesOf = groupBy(lines, (line) => line.order_id);
    return rows.map((row) => kind.toOrder(row, linesOf.get(row.id) ?? []));
  }
}
