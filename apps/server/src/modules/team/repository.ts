import type { TeamMember, TeamMemberStatus, TeamSortField } from '@depot/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import { countRows, type ListColumns, orderedPage, whereSearched } from '../../db/list-query';
import type { Executor } from '../../db/schema';
import type { ListRequest } from '../../lib/list';

const LIST_COLUMNS: ListColumns<TeamSortField> = {
  sort: {
    id: { column: 'users.id' },
    name: { column: 'users.name', text: true },
    email: { column: 'users.email', text: true },
    role: { column: 'users.role' },
    created_at: { column: 'users.created_at' },
  },
  search: ['users.name', 'users.email'],
  id: 'users.id',
};

/** A deactivated account reads `deactivated` whatever its approval; otherwise its approval status. */
const statusOf = sql<TeamMemberStatus>`case when users.deactivated_at is not null then 'deactivated' else users.approval_status end`;

const memberColumns = [
  'users.id',
  'users.role',
  'users.name',
  'users.email',
  'users.created_at',
  statusOf.as('status'),
] as const;

function statusIs(status: TeamMemberStatus): Expression<SqlBool> {
  if (status === 'deactivated') return sql<SqlBool>`users.deactivated_at is not null`;
  return sql<SqlBool>`(users.deactivated_at is null and users.approval_status = ${status})`;
}

/** Every account but a customer's: customers stay self-service and are not staff. */
function staff(db: Executor, q: string | undefined, statuses: readonly TeamMemberStatus[] | undefined) {
  let query = db.selectFrom('users').where('users.role', '<>', 'Customer');
  if (statuses && statuses.length > 0) {
    query = query.where(() => sql<SqlBool>`(${sql.join(statuses.map(statusIs), sql` or `)})`);
  }
  return whereSearched(db, query, LIST_COLUMNS, q);
}

export function listTeam(
  db: Executor,
  list: ListRequest<TeamSortField>,
  statuses: readonly TeamMemberStatus[] | undefined,
): Promise<TeamMember[]> {
  return orderedPage(
    db,
    db.selectFrom('users').select(memberColumns),
    staff(db, list.q, statuses),
    LIST_COLUMNS,
    list.sort,
    list.page,
  ).execute();
}

export function countTeam(
  db: Executor,
  q: string | undefined,
  statuses: readonly TeamMemberStatus[] | undefined,
): Promise<number> {
  return countRows(staff(db, q, statuses));
}

export function getMember(db: Executor, id: number): Promise<TeamMember | undefined> {
  return db
    .selectFrom('users')
    .select(memberColumns)
    .where('users.id', '=', id)
    .where('users.role', '<>', 'Customer')
    .executeTakeFirst();
}

/** Moves a pending, not deactivated account to `to`; false when it is not pending (any more). */
export async function decidePending(db: Executor, id: number, to: 'active' | 'rejected'): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ approval_status: to })
    .where('id', '=', id)
    .where('role', '<>', 'Customer')
    .where('approval_status', '=', 'pending')
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deactivates an approved, active staff account; false when it is not one. */
export async function deactivate(db: Executor, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ deactivated_at: at })
    .where('id', '=', id)
    .where('role', '<>', 'Customer')
    .where('approval_status', '=', 'active')
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function reactivate(db: Executor, id: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ deactivated_at: null })
    .where('id', '=', id)
    .where('role', '<>', 'Customer')
    .where('deactivated_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
