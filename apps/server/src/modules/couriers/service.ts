import { COURIER_LIST, type CourierService, type CourierServiceListQuery } from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type ListPage, listRequestOf, listWithTotal } from '../../lib/list';
import * as repo from './repository';

export function createCourierService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    list(query: CourierServiceListQuery): Promise<ListPage<CourierService>> {
      const list = listRequestOf(COURIER_LIST, query);
      return listWithTotal(
        list.page,
        (page) => repo.listActiveCouriers(db, { ...list, page }),
        () => repo.countActiveCouriers(db, list.q),
      );
    },
  };
}

export type CourierServiceService = ReturnType<typeof createCourierService>;
