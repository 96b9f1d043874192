import { type ActivityEvent, type ActivityQuery, LIST_LIMIT_MAX, type SessionUser } from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import * as repo from './repository';

export interface ActivityServiceDeps {
  db: Kysely<Database>;
}

/** The UTC midnight after a YYYY-MM-DD day: the `to` day counts whole. */
function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

/**
 * Activity (docs/RELIABILITY.md, "Audit trail"): a manager reads what they did and the events that
 * concern them: their stock, orders holding it, their supply orders, their own sign-ins, and the
 * suppliers they opened or ordered from.
 */
export function createActivityService(deps: ActivityServiceDeps) {
  const { db } = deps;
  return {
    async list(user: SessionUser, query: ActivityQuery): Promise<{ items: ActivityEvent[]; total: number }> {
      const filters: repo.ActivityFilters = {
        action: query.action,
        entityType: query.entity_type,
        actor: query.actor || undefined,
        from: query.from && `${query.from}T00:00:00.000Z`,
        until: query.to && dayAfter(query.to),
      };
      const [items, total] = await Promise.all([
        repo.listActivity(db, user.id, filters, {
          limit: query.limit ?? LIST_LIMIT_MAX,
          offset: query.offset ?? 0,
        }),
        repo.countActivity(db, user.id, filters),
      ]);
      return { items, total };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
