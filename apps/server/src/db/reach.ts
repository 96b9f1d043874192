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
 * How a table of readers is asked: row by row (`exists` on its primary key, reader first), so a
 * page sorted by an index of `table` stops after its rows instead of reading every row the reader
 * reaches; or as a set (`id in (select …)`), which reads only the reader's rows, for a page whose
 * order no index gives, where every row reached is read and sorted anyway.
 */
export type ReadersAsked = 'row by row' | 'as a set';

/** Keeps the rows of `table` the caller reaches; every row for 'all'. */
export function reached(
  table: string,
  reach: Reach,
  readersAsked: ReadersAsked = 'row by row',
): Expression<SqlBool> {
  if (reach === 'all') return sql<SqlBool>`true`;
  if ('field' in reach) return sql<SqlBool>`${sql.ref(`${table}.${reach.field}`)} = ${reach.id}`;
  const { readers } = reach;
  const reader = sql.ref(`${readers.table}.${readers.reader}`);
  const object = sql.ref(`${readers.table}.${readers.object}`);
  if (readersAsked === 'as a set') {
    return sql<SqlBool>`${sql.ref(`${table}.id`)} in (select ${object} from ${sql.table(readers.table)} where ${reader} = ${reach.id})`;
  }
  return sql<SqlBool>`exists (select 1 from ${sql.table(readers.table)} where ${reader} = ${reach.id} and ${object} = ${sql.ref(`${table}.id`)})`;
}
