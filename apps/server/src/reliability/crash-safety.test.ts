import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { freePort } from '../test/free-port';
import {
  buildServerBundle,
  type ListeningServer,
  spawnServer,
  stopServer,
  waitUntilReady,
} from '../test/server-process';
import { createScratchSchema, testDialect } from '../test/test-app';
import { checkInvariants } from './invariants';
import { setUpBusiness, startLoad, summarizeLedger, whileAcknowledging } from './workload';

const CRASHES = 3;
/** Acknowledged between two crashes, and after the last one: writes of every kind, customer orders among them. */
const BETWEEN_CRASHES = { writes: 30, orders: 10 };

/** A database of this run's dialect that nothing else uses: a SQLite file, or a PostgreSQL schema. */
async function scratchDatabase() {
  if (testDialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'depot-crash-'));
    return {
      url: `sqlite:${join(dir, 'depot.db')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  return createScratchSchema('crash');
}

/** Thrown to roll a transaction back once it has given its answer. */
class RolledBack<Value> extends Error {
  constructor(readonly value: Value) {
    super('rolled back');
  }
}

describe(`crash safety on ${testDialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`, () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  let bundle: Awaited<ReturnType<typeof buildServerBundle>> | undefined;
  let server: ListeningServer | undefined;
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await database?.drop();
    bundle?.remove();
  }, 30_000);

  it(`keeps every acknowledged write and every invariant through ${CRASHES} SIGKILLs of the server under load`, async () => {
    [database, bundle] = await Promise.all([scratchDatabase(), buildServerBundle()]);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '4',
      LOG_LEVEL: 'warn',
    };
    const entry = bundle.entry;
    // The same port every time, so the clients find the restarted server where the old one was.
    const start = () => waitUntilReady(spawnServer([entry], env), url, 60_000);

    server = await start();
    const business = await setUpBusiness(url, 4);
    const load = startLoad(url, business, 7);
    let crashes = 0;
    try {
      for (; crashes < CRASHES; crashes += 1) {
        await whileAcknowledging(load, BETWEEN_CRASHES);
        server.child.kill('SIGKILL');
        await server.exited;
        expect(server.child.signalCode).toBe('SIGKILL');
        server = await start();
      }
      await whileAcknowledging(load, BETWEEN_CRASHES);
    } finally {
      await load.stop();
    }
    expect(await stopServer(server)).toBe(0);

    const handle = createDatabase(database.url);
    try {
      const db = handle.db as Kysely<Database>;
      const report = await checkInvariants(db, business, load.ledger);
      const figures = { database: testDialect, crashes, ...summarizeLedger(load.ledger), ...report };
      console.info(`crash safety: ${JSON.stringify({ ...figures, checked: report.checked.length })}`);
      expect(report.violations).toEqual([]);
      expect(report.checked).toHaveLength(8);
      expect(figures.acknowledged).toBeGreaterThanOrEqual((CRASHES + 1) * BETWEEN_CRASHES.writes);
      expect(figures.ordersAcknowledged).toBeGreaterThanOrEqual((CRASHES + 1) * BETWEEN_CRASHES.orders);

      // The checks can fail: an acknowledged order that lost its lines, in a transaction rolled back.
      const orderId = load.ledger.orders.find((write) => write.outcome === 'acknowledged')?.id ?? 0;
      const tampered = await db
        .transaction()
        .execute(async (trx) => {
          await trx.deleteFrom('order_items').where('order_id', '=', orderId).execute();
          throw new RolledBack(await checkInvariants(trx, business, load.ledger));
        })
        .catch((error: unknown) => {
          if (error instanceof RolledBack) return error.value as typeof report;
          throw error;
        });
      expect(tampered.violations).toContain(`order #${orderId} has no lines`);
      expect(tampered.violations.some((violation) => violation.includes('expected 100000 -'))).toBe(true);
    } finally {
      await handle.destroy();
    }
  }, 180_000);
});
