import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import * as repo from './repository';
import { draftNeeds } from './service';

/** The advisory lock that lets one instance at a time draft (docs/product/business-rules.md#automatic-drafting). */
export const REORDER_JOB_LOCK = 80_026;

export interface ReorderJobDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalMs: number;
}

/**
 * Automatic drafting (docs/product/business-rules.md#automatic-drafting): every interval, for each
 * manager who switched it on, drafts the needs not yet in a draft. On PostgreSQL the run holds a
 * transaction-level advisory lock, tried not awaited: while one instance drafts, the others skip
 * that turn. `close` stops the timer and waits for a run under way.
 */
export function startReorderJob(deps: ReorderJobDeps) {
  const { db, dialect, clock, log, intervalMs } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let closed = false;

  /** One run: 'skipped' when another instance holds the lock; otherwise the drafts touched. */
  async function runOnce(): Promise<'skipped' | number[]> {
    return db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') {
        const { rows } = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_xact_lock(${REORDER_JOB_LOCK}) as locked`.execute(trx);
        if (!rows[0]?.locked) return 'skipped' as const;
      }
      const now = clock.now().toISOString();
      const touched: number[] = [];
      for (const { inventory_manager_id } of await repo.automaticManagers(trx)) {
        // Drafted by the job, not by a request: no actor (docs/product/business-rules.md#automatic-drafting).
        const audit = { actor: null, requestId: `reorder-job-${now}` };
        touched.push(...(await draftNeeds(trx, inventory_manager_id, now, { automatic: true, audit })));
      }
      return touched;
    });
  }

  function schedule() {
    if (closed || intervalMs <= 0) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch((err: unknown) => log.error({ err }, 'automatic drafting failed'))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, intervalMs);
    timer.unref();
  }
  schedule();

  return {
    runOnce,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type ReorderJob = ReturnType<typeof startReorderJob>;
