import { COURIER_LIST, type CourierService, type CourierServiceListQuery } from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type ListPage, listPage } from '../../lib/list';
import * as repo from './repository';

export function createCourierService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    list(query: CourierServiceListQuery): Promise<ListPage<CourierService>> {
      return listPage(
        COURIER_LIST,
        query,
        (list) => repo.listActiveCouriers(db, list),
        (q) => repo.countActiveCouriers(db, q),
      );
    },
  };
}

export type CourierServiceService = ReturnType<typeof createCourierService>;
