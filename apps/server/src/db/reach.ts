import type { OwnerField, ReaderTable } from '@depot/contract';
import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * Which objects a caller reaches, from their scope (modules/auth/authenticate.ts): those whose
 * owner or assignee field holds their id, those a table of readers names them for (a manager's
 * share of the customer orders, docs/decisions/025-a-manager-reaches-the-orders-of-their-stock.md),
 * or all of them.
 */
export type Reach = { field: OwnerField; id: number } | { readers: ReaderTable; id: number } | 'all';

/**
 * Keeps the rows of `table` the caller reaches; every row for 'all'. A table of readers is asked
 * row by row (`exists` on its primary key, reader first), so a page sorted by an index of `table`
 * stops after its rows instead of reading every row the reader reaches.
 */
export function reached(table: string, reach: Reach): Expression<SqlBool> {
  if (reach === 'all') return sql<SqlBool>`true`;
  if ('field' in reach) return sql<SqlBool>`${sql.ref(`${table}.${reach.field}`)} = ${reach.id}`;
  const { readers } = reach;
  return sql<SqlBool>`exists (select 1 from ${sql.table(readers.table)} where ${sql.ref(`${readers.table}.${readers.reader}`)} = ${reach.id} and ${sql.ref(`${readers.table}.${readers.object}`)} = ${sql.ref(`${table}.id`)})`;
}
