import { type CourierService, LIST_LIMIT_MAX, type ListQuery } from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import * as repo from './repository';

export function createCourierService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    async list(page: ListQuery): Promise<{ items: CourierService[]; total: number }> {
      const [items, total] = await Promise.all([
        repo.listActiveCouriers(db, { limit: page.limit ?? LIST_LIMIT_MAX, offset: page.offset ?? 0 }),
        repo.countActiveCouriers(db),
      ]);
      return { items, total };
    },
  };
}

export type CourierServiceService = ReturnType<typeof createCourierService>;
