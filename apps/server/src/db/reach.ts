import type { OwnerField } from '@depot/contract';
import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * Which objects a caller reaches, from their scope (modules/auth/authenticate.ts): those whose
 * owner or assignee field holds their id, or all of them.
 */
export type Reach = { field: OwnerField; id: number } | 'all';

/** Keeps the rows of `table` the caller reaches; every row for 'all'. */
export function reached(table: string, reach: Reach): Expression<SqlBool> {
  return reach === 'all'
    ? sql<SqlBool>`true`
    : sql<SqlBool>`${sql.ref(`${table}.${reach.field}`)} = ${reach.id}`;
}
