import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { dayAfter, dayBefore } from '../../lib/days';
import type { Scope } from '../auth/authenticate';
import * as repo from './repository';

export interface OverviewServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** Today, yesterday and this week (Monday to Sunday), UTC. */
export function overviewDays(now: Date): repo.OverviewDays {
  const today = now.toISOString().slice(0, 10);
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  let weekFrom = today;
  for (let day = 0; day < sinceMonday; day++) weekFrom = dayBefore(weekFrom);
  let weekEnd = weekFrom;
  for (let day = 0; day < 7; day++) weekEnd = dayAfter(weekEnd);
  return {
    today,
    tomorrow: dayAfter(today),
    yesterday: dayBefore(today),
    weekFrom,
    weekTo: dayBefore(weekEnd),
    weekEnd,
  };
}

/** Each role's day on the Overview (docs/product/screens.md#overview), over the caller's own orders. */
export function createOverviewService({ db, clock }: OverviewServiceDeps) {
  return {
    customer: (scope: Scope) => repo.customerDay(db, scope.reach, overviewDays(clock.now())),
    supplier: (scope: Scope) => repo.supplierDay(db, scope.reach, overviewDays(clock.now())),
    courier: (scope: Scope) => repo.courierDay(db, scope.reach, overviewDays(clock.now())),
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
