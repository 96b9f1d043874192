/**
 * Where a request's time goes on PostgreSQL, in figures that do not depend on how busy the machine
 * is: statements (round trips) per request, how many of them reused a prepared statement, pool
 * checkouts and the time waited for one, the Node.js CPU per request (process.cpuUsage) and the
 * PostgreSQL backends' CPU per request (utime + stime of their /proc/<pid>/stat). One instance of
 * the app in this process, on a scratch schema of TEST_POSTGRES_URL, seeded through its API; each
 * request of the mixed load (bench/scale.ts) and of the issues' new endpoints is sent `--runs`
 * times, one at a time, through inject.
 *
 *   npm run bench:pg-profile -- [--runs 200]
 *
 * docs/decisions/035-postgresql-path-and-benches.md explains what was cut with these figures.
 */

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { IDEMPOTENCY_KEY_HEADER } from '@depot/contract';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase, type DatabaseHandle, statementTrace } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { orderDraftFor } from '../apps/server/src/test/order-draft';
import {
  createScratchSchema,
  createTestApp,
  registerAndLogin,
  TEST_POSTGRES_URL,
} from '../apps/server/src/test/test-app';
import { benchOptions } from './support/options';

const APPLICATION_NAME = `depot-pg-profile-${process.pid}`;
// pg takes application_name from PGAPPNAME: the backends serving this run can be told apart.
process.env.PGAPPNAME = APPLICATION_NAME;

const CLOCK_TICKS_PER_S = 100;

/** CPU ms used so far by the PostgreSQL backends connected as this run (same machine only). */
async function backendCpuMs(admin: pg.Client): Promise<number> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where application_name = $1',
    [APPLICATION_NAME],
  );
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A backend that ended meanwhile, or PostgreSQL on another machine: counted as nothing.
    }
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_S;
}

async function main() {
  const options = benchOptions({
    usage: 'npm run bench:pg-profile -- [--runs 200] [--trace <part of a request name>]',
    defaults: { runs: 200 },
    extra: { trace: { type: 'string' } },
  });
  const trace = options.values.trace as string | undefined;
  const scratch = await createScratchSchema('pgprofile');
  const database = createDatabase(TEST_POSTGRES_URL, { pgSchema: scratch.schema }) as DatabaseHandle & {
    dialect: 'postgres';
  };
  await migrateToLatest(database.db as Kysely<unknown>, database.dialect);
  const test = await createTestApp({ databaseHandle: database });
  const admin = new pg.Client({
    connectionString: TEST_POSTGRES_URL,
    application_name: 'depot-pg-profile-admin',
  });
  await admin.connect();
  try {
    const { app } = test;
    const manager = await registerAndLogin(app, 'Inventory Manager');
    const customer = await registerAndLogin(app, 'Customer');
    const courier = await registerAndLogin(app, 'Courier Service');
    const stockIds: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const created = await test.call('POST', '/api/stocks', manager, {
        name: `Profile item ${i}`,
        price: 2 + i,
        quantity: 10_000_000,
        weight: 0.5 + i / 10,
      });
      stockIds.push(created.json().stock.stock_id);
    }
    const orders: { id: number; token: string }[] = [];
    for (let i = 0; i < 20; i += 1) {
      const placed = await test.call(
        'POST',
        '/api/orders',
        customer,
        orderDraftFor({ courierId: courier.user.id, stockId: stockIds[i % stockIds.length] as number }),
      );
      const { id } = (placed.json() as { order: { id: number } }).order;
      const detail = (await test.call('GET', `/api/orders/${id}`, customer)).json() as {
        tracking_url: string;
      };
      orders.push({ id, token: detail.tracking_url.split('/').pop() ?? '' });
    }
    const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)] as T;
    let status = 0;
    let tracked = 0;
    const requests: [string, () => Promise<{ statusCode: number }>][] = [
      ['list stock (customer)', () => test.call('GET', '/api/stocks', customer)],
      ['orders list (customer)', () => test.call('GET', '/api/orders?limit=20', customer)],
      [
        'place an order',
        () =>
          test.call(
            'POST',
            '/api/orders',
            customer,
            orderDraftFor({ courierId: courier.user.id, stockId: pick(stockIds) }),
            { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
          ),
      ],
      [
        'courier status update',
        () => {
          status += 1;
          return test.call('PUT', `/api/orders/${pick(orders).id}`, courier, {
            status: status % 2 ? 'In Transit' : 'Processing',
          });
        },
      ],
      ['order page (customer)', () => test.call('GET', `/api/orders/${pick(orders).id}`, customer)],
      [
        'tracking answer (signed out)',
        // Each from another address: the endpoint is limited per address (as bench/order-following.ts).
        () => {
          tracked += 1;
          return app.inject({
            method: 'GET',
            url: `/api/track/${pick(orders).token}`,
            remoteAddress: `10.${(tracked >> 16) & 255}.${(tracked >> 8) & 255}.${tracked & 255}`,
          });
        },
      ],
      ['stock history (manager)', () => test.call('GET', `/api/stocks/${pick(stockIds)}/movements`, manager)],
      ['reorder suggestions (manager)', () => test.call('GET', '/api/reorder-suggestions', manager)],
      ['profile (customer)', () => test.call('GET', '/auth/profile', customer)],
    ];
    console.log(
      `\n${options.runs} sequential requests each, one instance in-process on PostgreSQL (pool of 10)\n`,
    );
    console.log(
      '| request | statements per request | round trips per request | of them prepared reuses | pool checkouts per request | pool wait per request | Node CPU per request | PostgreSQL CPU per request |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    // The shares of bench/scale.ts's MIX (its 1% CSV export aside), for the weighted row.
    const shares: Record<string, number> = {
      'list stock (customer)': 30,
      'orders list (customer)': 25,
      'place an order': 12,
      'courier status update': 17,
      'order page (customer)': 5,
      'tracking answer (signed out)': 3,
      'stock history (manager)': 2,
      'reorder suggestions (manager)': 2,
      'profile (customer)': 3,
    };
    const weighted = { weight: 0, statements: 0, roundTrips: 0, node: 0, postgres: 0 };
    for (const [name, send] of requests) {
      for (let i = 0; i < 5; i += 1) await send(); // warm: statements prepared, JIT settled
      if (trace && name.includes(trace)) {
        console.log(`statements of one "${name}":`);
        statementTrace.listener = (text) => console.log(`  ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
        await send();
        statementTrace.listener = undefined;
      }
      const before = database.statistics();
      const cpuBefore = process.cpuUsage();
      const pgBefore = await backendCpuMs(admin);
      for (let i = 0; i < options.runs; i += 1) {
        const reply = await send();
        if (reply.statusCode >= 300) throw new Error(`${name} answered ${reply.statusCode}`);
      }
      const cpu = process.cpuUsage(cpuBefore);
      const pgCpu = (await backendCpuMs(admin)) - pgBefore;
      const after = database.statistics();
      const per = (value: number) => (value / options.runs).toFixed(2);
      const share = shares[name] ?? 0;
      weighted.weight += share;
      weighted.statements += (share * (after.queries - before.queries)) / options.runs;
      weighted.roundTrips += (share * (after.roundTrips - before.roundTrips)) / options.runs;
      weighted.node += (share * (cpu.user + cpu.system)) / 1000 / options.runs;
      weighted.postgres += (share * pgCpu) / options.runs;
      console.log(
        `| ${name} | ${per(after.queries - before.queries)} | ${per(after.roundTrips - before.roundTrips)} | ` +
          `${per(after.preparedReuses - before.preparedReuses)} | ` +
          `${per(after.checkouts - before.checkouts)} | ${per(after.waitMs - before.waitMs)} ms | ` +
          `${per((cpu.user + cpu.system) / 1000)} ms | ${per(pgCpu)} ms |`,
      );
    }
    const mean = (value: number) => (value / weighted.weight).toFixed(2);
    console.log(
      `| the mix (bench/scale.ts's shares) | ${mean(weighted.statements)} | ${mean(weighted.roundTrips)} | | | | ${mean(weighted.node)} ms | ${mean(weighted.postgres)} ms |`,
    );
    console.log(
      '\nPostgreSQL CPU is read in clock ticks of 10 ms: take it from runs of 200 or more. Statements count BEGIN and COMMIT; statements sent together are one round trip.',
    );
  } finally {
    await admin.end();
    await test.close();
    await database.destroy();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
