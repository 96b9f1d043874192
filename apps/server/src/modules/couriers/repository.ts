import type { CourierService } from '@depot/contract';
import type { Kysely, Transaction } from 'kysely';
import { compiledQuery } from '../../db/compiled-query';
import type { Database } from '../../db/schema';

export type Executor = Kysely<Database> | Transaction<Database>;

function activeCouriers(db: Executor) {
  return db
    .selectFrom('users')
    .where('users.role', '=', 'Courier Service')
    .where('users.deactivated_at', 'is', null);
}

/** Active Courier Service accounts by name. */
export function listActiveCouriers(
  db: Executor,
  page: { limit: number; offset: number },
): Promise<CourierService[]> {
  return activeCouriers(db)
    .select(['users.id', 'users.name'])
    .orderBy('users.name', 'asc')
    .orderBy('users.id', 'asc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countActiveCouriers(db: Executor): Promise<number> {
  const row = await activeCouriers(db)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const activeCourierQuery = compiledQuery((db, args: { id: number }) =>
  activeCouriers(db).select('users.id').where('users.id', '=', args.id),
);

export async function isActiveCourier(db: Executor, id: number): Promise<boolean> {
  return (await activeCourierQuery.executeTakeFirst(db, { id })) !== undefined;
}
