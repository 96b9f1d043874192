import type { CourierService, CourierSortField } from '@depot/contract';
import { compiledQuery } from '../../db/compiled-query';
import { countRows, type ListColumns, orderedPage, whereSearched } from '../../db/list-query';
import type { Executor } from '../../db/schema';
import type { ListRequest } from '../../lib/list';

const LIST_COLUMNS: ListColumns<CourierSortField> = {
  sort: { name: { column: 'users.name', text: true }, id: { column: 'users.id' } },
  search: ['users.name'],
  id: 'users.id',
};

function activeCouriers(db: Executor) {
  return db
    .selectFrom('users')
    .where('users.role', '=', 'Courier Service')
    .where('users.deactivated_at', 'is', null);
}

/** One page of the active Courier Service accounts. */
export function listActiveCouriers(
  db: Executor,
  list: ListRequest<CourierSortField>,
): Promise<CourierService[]> {
  return orderedPage(
    db,
    db.selectFrom('users').select(['users.id', 'users.name']),
    whereSearched(db, activeCouriers(db), LIST_COLUMNS, list.q),
    LIST_COLUMNS,
    list.sort,
    list.page,
  ).execute();
}

export function countActiveCouriers(db: Executor, q: string | undefined): Promise<number> {
  return countRows(whereSearched(db, activeCouriers(db), LIST_COLUMNS, q));
}

const activeCourierQuery = compiledQuery((db, args: { id: number }) =>
  activeCouriers(db).select('users.id').where('users.id', '=', args.id),
);

export async function isActiveCourier(db: Executor, id: number): Promise<boolean> {
  return (await activeCourierQuery.executeTakeFirst(db, { id })) !== undefined;
}

/** Which of `ids` are active Courier Service accounts, in one query. */
export async function activeCouriersAmong(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 1) return new Set((await isActiveCourier(db, ids[0] as number)) ? ids : []);
  if (ids.length === 0) return new Set();
  const rows = await activeCouriers(db)
    .select('users.id')
    .where('users.id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}
