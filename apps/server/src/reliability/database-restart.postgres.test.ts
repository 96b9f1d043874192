import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { freePort } from '../test/free-port';
import { createPrivatePostgres, type PrivatePostgres } from '../test/private-postgres';
import {
  buildServerBundle,
  type ListeningServer,
  spawnServer,
  stopServer,
  waitUntilReady,
} from '../test/server-process';
import { waitFor } from '../test/wait-for';
import { checkInvariants } from './invariants';
import { setUpBusiness, startLoad, summarizeLedger, whileAcknowledging } from './workload';

/** Acknowledged before each outage and after the last: writes of every kind, customer orders among them. */
const BETWEEN_RESTARTS = { writes: 30, orders: 10 };

/** Polls GET /readyz and keeps each change of its answer (200, 503, or 0 for no answer). */
function watchReadiness(url: string) {
  const changes: number[] = [];
  let watching = true;
  const polling = (async () => {
    while (watching) {
      const status = await fetch(`${url}/readyz`).then(
        (response) => response.status,
        () => 0,
      );
      if (changes.at(-1) !== status) changes.push(status);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  return {
    changes,
    last: () => changes.at(-1),
    async stop() {
      watching = false;
      await polling;
    },
  };
}

describe('PostgreSQL restarting under load', () => {
  let postgres: PrivatePostgres | undefined;
  let bundle: Awaited<ReturnType<typeof buildServerBundle>> | undefined;
  let server: ListeningServer | undefined;
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await postgres?.remove();
    bundle?.remove();
  }, 30_000);

  it('turns readiness false and true again by itself, losing no acknowledged write, after a crash and a restart of the database', async () => {
    // A cluster of this test's own: the shared test server must never go down under other tests.
    [postgres, bundle] = await Promise.all([createPrivatePostgres(), buildServerBundle()]);
    await postgres.start();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    server = await waitUntilReady(
      spawnServer([bundle.entry], {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: postgres.url,
        DATABASE_POOL_SIZE: '4',
        LOG_LEVEL: 'warn',
      }),
      url,
      60_000,
    );
    const business = await setUpBusiness(url, 4);
    const load = startLoad(url, business, 11);
    const readiness = watchReadiness(url);
    const outages: string[] = [];
    try {
      for (const [how, takeDown] of [
        ['crash (SIGKILL to every PostgreSQL process)', () => postgres?.crash()],
        ['fast shutdown and start', () => postgres?.stop()],
      ] as const) {
        await whileAcknowledging(load, BETWEEN_RESTARTS);
        await takeDown();
        outages.push(how);
        await waitFor(() => readiness.last() === 503, { withinMs: 30_000, what: 'readiness false' });
        await postgres.start();
        await waitFor(() => readiness.last() === 200, { withinMs: 60_000, what: 'readiness true again' });
      }
      await whileAcknowledging(load, BETWEEN_RESTARTS);
    } finally {
      await load.stop();
      await readiness.stop();
    }
    // The same process served throughout: nobody restarted the app.
    expect(server.child.exitCode).toBeNull();
    expect(readiness.changes).toEqual([200, 503, 200, 503, 200]);
    expect(await stopServer(server)).toBe(0);

    const handle = createDatabase(postgres.url);
    try {
      const report = await checkInvariants(handle.db as Kysely<Database>, business, load.ledger);
      const figures = {
        database: 'private PostgreSQL',
        restarts: outages.length,
        ...summarizeLedger(load.ledger),
        ...report,
      };
      console.info(`database restart: ${JSON.stringify({ ...figures, checked: report.checked.length })}`);
      expect(report.violations).toEqual([]);
      expect(figures.acknowledged).toBeGreaterThanOrEqual(3 * BETWEEN_RESTARTS.writes);
      expect(figures.ordersAcknowledged).toBeGreaterThanOrEqual(3 * BETWEEN_RESTARTS.orders);
    } finally {
      await handle.destroy();
    }
  }, 180_000);
});
