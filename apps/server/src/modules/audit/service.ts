import { ACTIVITY_LIST, type ActivityEvent, type ActivityQuery } from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type ListPage, listPage } from '../../lib/list';
import type { Scope } from '../auth/authenticate';
import * as repo from './repository';

export interface ActivityServiceDeps {
  db: Kysely<Database>;
}

/**
 * Activity (docs/RELIABILITY.md, "Audit trail"): a manager reads what they did and the events that
 * concern them: their stock, orders holding it, their supply orders, their own sign-ins, and the
 * suppliers they opened or ordered from.
 */
export function createActivityService(deps: ActivityServiceDeps) {
  const { db } = deps;
  return {
    list(scope: Scope, query: ActivityQuery): Promise<ListPage<ActivityEvent>> {
      const filters: repo.ActivityFilters = {
        action: query.action,
        entityType: query.entity_type,
        actor: query.actor || undefined,
        from: query.from,
        to: query.to,
      };
      // The page and the count share one lookup of the actors a search names.
      let searches: Promise<repo.ActivitySearches> | undefined;
      const searchesFor = (q: string | undefined) => {
        searches ??= repo.activitySearches(db, filters, q);
        return searches;
      };
      return listPage(
        ACTIVITY_LIST,
        query,
        async (list) => repo.listActivity(db, scope.user.id, filters, await searchesFor(list.q), list),
        async (q) => repo.countActivity(db, scope.user.id, filters, await searchesFor(q)),
      );
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
