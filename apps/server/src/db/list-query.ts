import type { Role, SortOrder } from '@depot/contract';
import {
  type Compilable,
  type Expression,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { dayAfter } from '../lib/days';
import { JsonRows, type ListRequest, type Page } from '../lib/list';
import { compiledShapes } from './compiled-query';
import type { Reach } from './reach';
import { type Executor, isPostgres } from './schema';

/**
 * The SQL half of the list protocol (docs/decisions/011-one-list-protocol.md): how one list's
 * search and sort fields map to columns. Repositories build their list's scoped, filtered query and
 * hand it here for the search, the order and the page; the count runs on the same query.
 */
export interface ListColumns<SortField extends string> {
  /** Each sort field's column (`table.column`); text sorts ignoring letter case, nulls last. */
  sort: Record<SortField, SortColumn>;
  /** Where `q` is looked for (contains, any letter case): the list's own columns, or a user's name. */
  search: readonly (string | NameOf)[];
  /** A `q` that is a whole number (an order number, `#123` too) also matches this column exactly. */
  searchNumber?: string;
  /** The rows' unique id: ties break on it, so pages never overlap or skip a row. */
  id: string;
}

/**
 * A column read from the user a row names, e.g. an order's customer:
 * { user: 'orders.customer_id', role: 'Customer' }. When every user the column names has one role,
 * a search looks at those users' names only; `alsoEmail` looks in their emails too.
 */
export interface NameOf {
  user: string;
  role?: Role;
  alsoEmail?: true;
}

/**
 * A sort field's column (`table.column`). `text` sorts by its lower case; `nullable` puts nulls last
 * both ways; `sameFor` names the id column whose user the value belongs to (an order's customer
 * name, `orders.customer_id`): where that id is held to one value, the sort is by id instead.
 */
export interface SortColumn {
  column: string;
  text?: boolean;
  nullable?: boolean;
  sameFor?: string;
  /** SQLite has an index that gives this order (the id's order always has one, the rowid). */
  sqliteIndex?: true;
}

/** LIKE's wildcards and its escape character, taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A search as a list's query takes it: the text, and the users its names were found to be. */
export interface ListSearch {
  q: string;
  /** For each of the columns' search targets that is a user's name, those users' ids; else undefined. */
  users: (readonly number[] | undefined)[];
}

/**
 * More users than this found by a name are looked up inside the list's query instead. A common
 * surname finds thousands among 200,000 users ("kulkarni": 3,359); as values, PostgreSQL probes an
 * index for each (13 ms for Activity's count), where as a subquery it read the reader's 100,000
 * rows (35 ms of CPU).
 */
const NAMED_USERS_MAX = 5_000;

const likeOf = (db: Executor) => (isPostgres(db) ? sql`ilike` : sql`like`);
const patternOf = (text: string) => `%${escapeLike(text.toLowerCase())}%`;

/**
 * SQLite's trigram tables, `<table>_search` over the columns its lists search
 * (db/migrations/2026-12-02-list-sorts-and-search.ts): they find the rows holding a text of three
 * letters or more without reading every row, as PostgreSQL's trigram indexes do for ILIKE.
 */
const TRIGRAM_TABLES = new Set([
  'stocks',
  'supplier_products',
  'users',
  'orders',
  'supply_orders',
  'notifications',
]);
const TRIGRAM_MIN_LENGTH = 3;

/** The tables whose `table.column`s a search may look for `text` in through a trigram table. */
function trigramTablesFor(db: Executor, text: string): ReadonlySet<string> {
  return isPostgres(db) || [...text].length < TRIGRAM_MIN_LENGTH ? new Set() : TRIGRAM_TABLES;
}

/**
 * The rows of `table` holding `text` in one of `columns`, any letter case, found in its trigram
 * table: a phrase of the text's trigrams, limited to those columns.
 */
function trigramMatch(table: string, columns: readonly string[], text: string): RawBuilder<SqlBool> {
  const search = `${table}_search`;
  const query = `{${columns.join(' ')}} : "${text.replaceAll('"', '""')}"`;
  return sql<SqlBool>`${sql.ref(`${table}.id`)} in (select rowid from ${sql.id(search)} where ${sql.id(search)} match ${query})`;
}

/** The users whose name (or email) the search holds, among those of the target's role. */
function namedUsers(db: Executor, target: NameOf, text: string) {
  const role = target.role ? sql`users.role = ${target.role} and ` : sql``;
  const columns = target.alsoEmail ? ['name', 'email'] : ['name'];
  if (trigramTablesFor(db, text).has('users')) {
    return sql`select users.id from users where ${role}${trigramMatch('users', columns, text)}`;
  }
  const like = likeOf(db);
  const pattern = patternOf(text);
  const matches = columns.map((column) => sql`${sql.ref(`users.${column}`)} ${like} ${pattern} escape '\\'`);
  return sql`select users.id from users where ${role}(${sql.join(matches, sql` or `)})`;
}

/** The column holds one of the ids: one array parameter on PostgreSQL, a list of them on SQLite. */
function isAmong(db: Executor, column: string, ids: readonly number[]): RawBuilder<SqlBool> {
  if (isPostgres(db)) return sql<SqlBool>`${sql.ref(column)} = any(${[...ids]}::integer[])`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(ids)})`;
}

/**
 * Finds the users a search names before the list's query runs, so the query holds their ids as
 * values. PostgreSQL plans a subquery's answer as unknown: on a list whose rows name few users (a
 * customer's own orders) it would assume the name matches every row and read them all in order
 * rather than use the columns' search indexes.
 */
export async function listSearch(
  db: Executor,
  columns: ListColumns<string>,
  q: string | undefined,
): Promise<ListSearch | undefined> {
  const text = q?.trim();
  if (!text) return undefined;
  const users = await Promise.all(
    columns.search.map(async (target) => {
      if (typeof target === 'string') return undefined;
      const { rows } = await sql<{
        id: number;
      }>`${namedUsers(db, target, text)} limit ${NAMED_USERS_MAX + 1}`.execute(db);
      return rows.length > NAMED_USERS_MAX ? undefined : rows.map((row) => Number(row.id));
    }),
  );
  return { q: text, users };
}

/**
 * Keeps the rows where the search's text appears in one of the columns, in any letter case: through
 * PostgreSQL's ILIKE, or SQLite's trigram tables. A text of fewer than three letters on SQLite is
 * looked for with LIKE, which folds the case of ASCII letters only ("é" does not find "É"). A
 * name is looked up in the users table once (by listSearch, or here), not once per row.
 */
export function whereSearched<DB, TB extends keyof DB, O>(
  db: Executor,
  query: SelectQueryBuilder<DB, TB, O>,
  columns: ListColumns<string>,
  search: string | ListSearch | undefined,
): SelectQueryBuilder<DB, TB, O> {
  const text = (typeof search === 'string' ? search : search?.q)?.trim();
  if (!text) return query;
  const pattern = patternOf(text);
  const like = likeOf(db);
  const number = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : undefined;
  const trigramTables = trigramTablesFor(db, text);
  const trigramColumns = new Map<string, string[]>();
  for (const target of columns.search) {
    if (typeof target !== 'string') continue;
    const [table = '', column = ''] = target.split('.');
    if (trigramTables.has(table)) trigramColumns.set(table, [...(trigramColumns.get(table) ?? []), column]);
  }
  return query.where(() => {
    const matches: Expression<SqlBool>[] = [...trigramColumns].map(([table, names]) =>
      trigramMatch(table, names, text),
    );
    columns.search.forEach((target, index) => {
      if (typeof target === 'string') {
        if (!trigramColumns.has(target.split('.')[0] ?? '')) {
          matches.push(sql<SqlBool>`${sql.ref(target)} ${like} ${pattern} escape '\\'`);
        }
        return;
      }
      const found = typeof search === 'string' ? undefined : search?.users[index];
      if (!found) matches.push(sql<SqlBool>`${sql.ref(target.user)} in (${namedUsers(db, target, text)})`);
      else if (found.length > 0) matches.push(isAmong(db, target.user, found));
    });
    if (number !== undefined && columns.searchNumber) {
      matches.push(sql<SqlBool>`${sql.ref(columns.searchNumber)} = ${number}`);
    }
    if (matches.length === 0) return sql<SqlBool>`false`;
    return sql<SqlBool>`(${sql.join(matches, sql` or `)})`;
  });
}

/**
 * The ORDER BY of a sort: the field's key, then the id in the same direction. `reversed` gives the
 * same order backwards, every part flipped (nulls then come first), to read a page from the end.
 */
function orderOf<SortField extends string>(
  db: Executor,
  columns: ListColumns<SortField>,
  sort: { field: SortField; order: SortOrder },
  reversed = false,
): RawBuilder<unknown>[] {
  const { column, text, nullable } = columns.sort[sort.field];
  const ascending = (sort.order === 'asc') !== reversed;
  const direction = ascending ? sql`asc` : sql`desc`;
  const collate = isPostgres(db) ? sql` collate "C"` : sql``;
  const key = text ? sql`lower(${sql.ref(column)})${collate}` : sql.ref(column);
  const parts = [sql`${key} ${direction}`, sql`${sql.ref(columns.id)} ${direction}`];
  if (!nullable) return parts;
  // Nulls last both ways (left to themselves the databases disagree), every part in one
  // direction so that one index, read forwards or backwards, gives the order.
  const nulls = sort.order === 'asc' ? sql`${sql.ref(column)} is null` : sql`${sql.ref(column)} is not null`;
  return [sql`${nulls} ${direction}`, ...parts];
}

/**
 * The sort as asked, unless it is by the name of a user whom every row names (a customer reading
 * their own orders by customer name): then the order is the ids' order, which an index gives.
 * `fixed` are the columns the reach or a filter holds to one value.
 */
export function sortWithin<SortField extends string>(
  columns: ListColumns<SortField>,
  sort: { field: SortField; order: SortOrder },
  fixed: readonly string[],
): { field: SortField; order: SortOrder } {
  const { sameFor } = columns.sort[sort.field];
  if (!sameFor || !fixed.includes(sameFor)) return sort;
  const byId = (Object.keys(columns.sort) as SortField[]).find(
    (field) => columns.sort[field].column === columns.id,
  );
  return byId ? { field: byId, order: sort.order } : sort;
}

/**
 * One page of `rows`, in the sort's order: text by its lower case, compared code point by code
 * point in both databases (PostgreSQL's collation would otherwise order it by the server's
 * locale, SQLite's by bytes); ties by id in the same direction, so pages never overlap or skip.
 *
 * The page is found among `matches` (the list's scoped, searched and filtered rows) as ids alone,
 * and only its rows are then read from `rows` (the list's columns, unfiltered): sorting and
 * skipping carry an id and a key, not whole rows, and what a row adds (a user's name, wide text)
 * is worked out for the page's rows only. A page with `fromEnd` (see lib/list.ts) is found
 * counting from the end, in the order reversed, and still comes back in the sort's order.
 */
export function orderedPage<
  DB,
  TB extends keyof DB,
  O,
  MDB,
  MTB extends keyof MDB,
  MO,
  SortField extends string,
>(
  db: Executor,
  rows: SelectQueryBuilder<DB, TB, O>,
  matches: SelectQueryBuilder<MDB, MTB, MO>,
  columns: ListColumns<SortField>,
  sort: { field: SortField; order: SortOrder },
  page: Page,
): SelectQueryBuilder<DB, TB, O> {
  return inSortOrder(db, rows.where(inPage(db, matches, columns, sort, page)), columns, sort);
}

/** `query` ordered as orderOf says (backwards when `reversed`). */
function inSortOrder<DB, TB extends keyof DB, O, SortField extends string>(
  db: Executor,
  query: SelectQueryBuilder<DB, TB, O>,
  columns: ListColumns<SortField>,
  sort: { field: SortField; order: SortOrder },
  reversed = false,
): SelectQueryBuilder<DB, TB, O> {
  let sorted = query;
  for (const part of orderOf(db, columns, sort, reversed)) sorted = sorted.orderBy(part);
  return sorted;
}

/** The rows' ids are those of the page: found among `matches` as orderedPage says. */
function inPage<MDB, MTB extends keyof MDB, MO, SortField extends string>(
  db: Executor,
  matches: SelectQueryBuilder<MDB, MTB, MO>,
  columns: ListColumns<SortField>,
  sort: { field: SortField; order: SortOrder },
  page: Page,
): RawBuilder<SqlBool> {
  const ids = inSortOrder(
    db,
    matches.clearSelect().select(sql.ref(columns.id).as('page_id')) as unknown as SelectQueryBuilder<
      MDB,
      MTB,
      { page_id: number }
    >,
    columns,
    sort,
    page.fromEnd,
  );
  return sql<SqlBool>`${sql.ref(columns.id)} in ${ids.limit(page.limit).offset(page.offset)}`;
}

/**
 * A page read from the start skips nothing, so finding its ids first (orderedPage) saves nothing:
 * orderedJsonPage reads such a page's rows as it finds them. A statement of PostgreSQL's stock list
 * cost 0.25 ms so against 0.28 ms (pgbench, one client).
 */
const isFirstPage = (page: Page) => page.offset === 0 && !page.fromEnd;

/**
 * How a list's row is written as JSON by the database: each field of the API's row and the SQL
 * expression of its value, which must be a JSON string, number or null as the API answers it
 * (money and weights through jsonDecimal).
 */
export type JsonFields<Row> = { readonly [Field in keyof Row]-?: Expression<unknown> };

/**
 * A decimal of the API from the integer column that holds it in cents (100) or grams (1000), as
 * lib/amounts.ts's fromCents and fromGrams work it out: one floating-point division, which both
 * databases write as JavaScript does, the shortest text that reads back as the same number.
 */
export function jsonDecimal(db: Executor, column: string, per: 100 | 1000): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`(${sql.ref(column)}::float8 / ${sql.lit(per)})`
    : sql<number>`(${sql.ref(column)} / ${sql.raw(`${per}.0`)})`;
}

/**
 * orderedPage's page written by the database as the API's JSON array, each row as `fields` say,
 * in the sort's order: one text value to send as it is. Reading 100 rows as objects and writing
 * them out again cost a list more than everything else its request does
 * (docs/decisions/041-lists-written-by-the-database.md). `rows` is the list's table (and joins)
 * without a select; `fields` may use its columns, and must find them in `matches` too: a first
 * page is read from `matches` alone (isFirstPage).
 */
export function orderedJsonPage<
  DB,
  TB extends keyof DB,
  MDB,
  MTB extends keyof MDB,
  MO,
  SortField extends string,
  Row,
>(
  db: Executor,
  rows: SelectQueryBuilder<DB, TB, object>,
  matches: SelectQueryBuilder<MDB, MTB, MO>,
  columns: ListColumns<SortField>,
  sort: { field: SortField; order: SortOrder },
  page: Page,
  fields: JsonFields<Row>,
): Compilable<JsonPageRow> {
  const named = Object.entries<Expression<unknown>>(fields);
  const selected = named.map(([name, value]) => sql`${value}`.as(name));
  const sorted = isFirstPage(page)
    ? (inSortOrder(db, matches.select(selected), columns, sort).limit(
        page.limit,
      ) as unknown as SelectQueryBuilder<DB, TB, object>)
    : orderedPage(db, rows.select(selected), matches, columns, sort, page);
  const names = named.map(([name]) => name);
  return db
    .selectFrom(sorted.as('page_row'))
    .select(jsonArrayOf(db, 'page_row', names)) as unknown as Compilable<JsonPageRow>;
}

/**
 * The rows of `alias`, a sorted subquery whose columns are `names`, as one JSON array in the
 * subquery's order, and how many. Both databases aggregate a sorted subquery in its order:
 * PostgreSQL's documentation gives it for ordering an aggregate's input. SQLite does not flatten
 * an ORDER BY subquery into an aggregate query (its optimizer overview, flattening rule 16), and
 * keeps a FROM subquery's ORDER BY whenever the outer query uses an aggregate other than count,
 * min or max (the conditions under which select.c omits a superfluous one): both for group_concat.
 * An ORDER BY inside the aggregate would sort the page a second time: on SQLite a sixth of the
 * stock list's query. The byte-for-byte tests (modules/stocks/json-page.test.ts,
 * modules/auth/profile-json.test.ts) hold the order on both databases.
 */
function jsonArrayOf(db: Executor, alias: string, names: readonly string[]) {
  const count = sql<number | string>`count(*)`.as('page_rows');
  if (isPostgres(db)) {
    // Each row written by row_to_json, as PostgREST does: json_build_object and json_agg put
    // spaces after colons and commas, row_to_json writes a row compactly, as JSON.stringify does.
    return [
      sql<string>`coalesce('[' || string_agg(row_to_json(${sql.table(alias)})::text, ',') || ']', '[]')`.as(
        'page_json',
      ),
      count,
    ];
  }
  const pairs = names.flatMap((name) => [sql.lit(name), sql.ref(`${alias}.${name}`)]);
  return [sql<string>`json_group_array(json_object(${sql.join(pairs)}))`.as('page_json'), count];
}

/**
 * The first `limit` of `rows` in `order`, written by the database as the API's JSON array, as
 * orderedJsonPage writes a list's page: for a short list read from its start, such as a profile's
 * newest notifications. `rows` is the filtered query without a select or an order; `fields` are
 * its columns, named and ordered as the API's fields, each a JSON string, number or null as the API
 * answers it; `order` names fields.
 */
export function jsonArray<DB, TB extends keyof DB>(
  db: Executor,
  rows: SelectQueryBuilder<DB, TB, object>,
  fields: readonly string[],
  order: readonly (readonly [field: string, direction: SortOrder])[],
  limit: number,
): Compilable<JsonPageRow> {
  let first = rows.select(fields.map((field) => sql.ref(field).as(field)));
  for (const [field, direction] of order) first = first.orderBy(sql.ref(field), direction);
  return db
    .selectFrom(first.limit(limit).as('json_row'))
    .select(jsonArrayOf(db, 'json_row', fields)) as unknown as Compilable<JsonPageRow>;
}

/** The text of a JSON page query's one row (orderedJsonPage, jsonArray). */
export function jsonRowsOf(rows: readonly JsonPageRow[]): JsonRows {
  const [row] = rows;
  if (!row) throw new Error('a JSON page query answered no row');
  return new JsonRows(row.page_json, Number(row.page_rows));
}

/** What orderedJsonPage's query answers: one row. */
interface JsonPageRow {
  page_json: string;
  page_rows: number | string;
}

/** Which rows a reach names, without whose they are: part of a page query's shape. */
function reachShape(reach: Reach): string {
  if (reach === 'all') return 'all';
  if ('field' in reach) return `field ${reach.field}`;
  const { table, reader, object } = reach.readers;
  return `readers ${table}.${reader}.${object}`;
}

/**
 * A list's JSON pages, each from `page` (an orderedJsonPage query). Pages without a search are
 * compiled once per shape (the reach's kind, the sort, from which end), the reach's id, limit and
 * offset run as values: building and compiling the query was a fifth of a page's CPU time.
 */
export function jsonPages<SortField extends string>(
  page: (db: Executor, reach: Reach, list: ListRequest<SortField>) => Compilable<JsonPageRow>,
) {
  const shapes = compiledShapes(
    ({ reach, list }: { reach: Reach; list: ListRequest<SortField> }) =>
      `${reachShape(reach)} ${list.sort.field} ${list.sort.order} ${list.page.fromEnd ? 'from end' : ''} ${isFirstPage(list.page) ? 'first' : ''}`,
    (db, { reach, list }, args: { reachId: number; limit: number; offset: number }) =>
      page(db, reach === 'all' ? reach : { ...reach, id: args.reachId }, {
        ...list,
        // A first page's SQL is a shape of its own (isFirstPage): its offset is the 0 it was asked with.
        page: {
          limit: args.limit,
          offset: isFirstPage(list.page) ? 0 : args.offset,
          fromEnd: list.page.fromEnd,
        },
      }),
  );
  return async (db: Executor, reach: Reach, list: ListRequest<SortField>): Promise<JsonRows> => {
    const { rows } = list.q
      ? await db.executeQuery(page(db, reach, list).compile())
      : await shapes.execute(
          db,
          { reach, list },
          { reachId: reach === 'all' ? 0 : reach.id, limit: list.page.limit, offset: list.page.offset },
        );
    return jsonRowsOf(rows);
  };
}

/** How many rows the query holds (its search and filters applied, no page). */
export async function countRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await query.clearSelect().select(sql<number>`count(*)`.as('count')).executeTakeFirst();
  return Number((row as { count?: number } | undefined)?.count ?? 0);
}

/** Keeps the rows whose timestamp column falls on the days from `from` to `to`, both whole (UTC). */
export function whereInDays<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: string,
  days: { from?: string | undefined; to?: string | undefined },
): SelectQueryBuilder<DB, TB, O> {
  let filtered = query;
  if (days.from) filtered = filtered.where(sql<SqlBool>`${sql.ref(column)} >= ${days.from}`);
  if (days.to) filtered = filtered.where(sql<SqlBool>`${sql.ref(column)} < ${dayAfter(days.to)}`);
  return filtered;
}
