import type { SortOrder } from '@depot/contract';
import { type Expression, PostgresAdapter, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { dayAfter } from '../lib/days';
import type { Executor } from './schema';

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

/** A column read from the user a row names, e.g. an order's customer: { user: 'orders.customer_id' }. */
export interface NameOf {
  user: string;
}

export type SortColumn =
  | { column: string; text?: boolean; nullable?: boolean }
  /** The name of the user a row names: looked up for each row, so slower than a column of its own. */
  | { nameOf: string };

/** The name of the user whose id is in `column`. */
export const userNameOf = (column: string) =>
  sql<string>`(select users.name from users where users.id = ${sql.ref(column)})`;

/** LIKE's wildcards and its escape character, taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Keeps the rows where `q` appears in one of the columns. SQLite's LIKE ignores the case of ASCII
 * letters only, PostgreSQL's ILIKE of every letter: a search for "émile" finds "Émile" only there.
 */
export function whereSearched<DB, TB extends keyof DB, O>(
  db: Executor,
  query: SelectQueryBuilder<DB, TB, O>,
  columns: ListColumns<string>,
  q: string | undefined,
): SelectQueryBuilder<DB, TB, O> {
  const text = q?.trim();
  if (!text) return query;
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  const like = isPostgres(db) ? sql`ilike` : sql`like`;
  const number = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : undefined;
  return query.where(() => {
    const matches: Expression<SqlBool>[] = columns.search.map((target) =>
      typeof target === 'string'
        ? sql<SqlBool>`${sql.ref(target)} ${like} ${pattern} escape '\\'`
        : // Names are searched once, in the users table, not once per row.
          sql<SqlBool>`${sql.ref(target.user)} in (select users.id from users where users.name ${like} ${pattern} escape '\\')`,
    );
    if (number !== undefined && columns.searchNumber) {
      matches.push(sql<SqlBool>`${sql.ref(columns.searchNumber)} = ${number}`);
    }
    return sql<SqlBool>`(${sql.join(matches, sql` or `)})`;
  });
}

/**
 * Orders by the sort field, then by id in the same direction, and takes one page. Text sorts by its
 * lower case, compared code point by code point in both databases (PostgreSQL's collation would
 * otherwise order it by the server's locale, SQLite's by bytes).
 */
export function orderedPage<DB, TB extends keyof DB, O, SortField extends string>(
  db: Executor,
  query: SelectQueryBuilder<DB, TB, O>,
  columns: ListColumns<SortField>,
  sort: { field: SortField; order: SortOrder },
  page: { limit: number; offset: number },
): SelectQueryBuilder<DB, TB, O> {
  const sortColumn = columns.sort[sort.field];
  const direction = sort.order === 'asc' ? sql`asc` : sql`desc`;
  const collate = isPostgres(db) ? sql` collate "C"` : sql``;
  if ('nameOf' in sortColumn) {
    return query
      .orderBy(sql`lower(${userNameOf(sortColumn.nameOf)})${collate} ${direction}`)
      .orderBy(sql`${sql.ref(columns.id)} ${direction}`)
      .limit(page.limit)
      .offset(page.offset);
  }
  const { column, text, nullable } = sortColumn;
  const key = text ? sql`lower(${sql.ref(column)})${collate}` : sql.ref(column);
  // Both databases put nulls last this way; left to themselves they disagree.
  const nulls = nullable ? sql`${sql.ref(column)} is null, ` : sql``;
  return query
    .orderBy(sql`${nulls}${key} ${direction}`)
    .orderBy(sql`${sql.ref(columns.id)} ${direction}`)
    .limit(page.limit)
    .offset(page.offset);
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
