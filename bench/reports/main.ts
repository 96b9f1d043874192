import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { REPORT_PATHS } from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import type { DayRange } from '../../apps/server/src/modules/reports/days';
import {
  referenceInventoryReport,
  referenceOrderPerformanceReport,
  referenceSalesReport,
} from '../../apps/server/src/modules/reports/reference-queries';
import {
  rebuildReportSummaries,
  rebuildSupplierDeliveries,
} from '../../apps/server/src/modules/reports/summaries';
import { benchOptions, type CacheMode, cacheMb, wholeNumber } from '../support/options';
import type { BusinessPlan } from './business';
import { seedPostgres, seedSqlite } from './seed';

const USAGE = `Seeds a business of the given size and times each analytics report through the app.

  npm run bench:reports -- [--db sqlite|postgres|both] [--cache off|on|both] [--orders 100000]
                           [--runs 10] [--keep]

  --db       sqlite (a file in a temporary folder) and/or postgres (a schema of its own in
             BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test)
  --cache    the response cache off (what a business sees while orders keep arriving) and/or
             on (every timed request after the warm-up a hit); SQLite only has one
  --orders   customer orders over one year, about 2.5 lines each, 500 products
  --runs     timed requests per report, after one warm-up request
  --keep     leave the database in place and print where it is`;

const PASSWORD = 'bench-manager-password-42';
const YEAR = 2025;
/**
 * The six months the reports are timed over, as the default range of
 * docs/product/screens.md#inventory-reporting would give in December.
 */
const RANGE = { startDate: `${YEAR}-07-01`, endDate: `${YEAR}-12-31` };
/** Cut mid-month at both ends: the most daily rows the sales report ever reads (15 days a side). */
const RAGGED_RANGE = { startDate: `${YEAR}-07-16`, endDate: `${YEAR}-12-15` };

function options() {
  const parsed = benchOptions({
    usage: USAGE,
    defaults: { db: 'both', cache: 'both', runs: 10, warmUp: 1 },
    extra: { orders: { type: 'string', default: '100000' }, keep: { type: 'boolean', default: false } },
  });
  const orders = wholeNumber(parsed.values, 'orders', 1, USAGE);
  return { ...parsed, orders, keep: Boolean(parsed.values.keep) };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function timed<T>(label: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label.padEnd(44)} ${seconds(performance.now() - started)}`);
  return result;
}

/** A database of its own for the run, migrated and empty, and how to throw it away. */
async function openDatabase(db: 'sqlite' | 'postgres') {
  if (db === 'sqlite') {
    const folder = mkdtempSync(join(tmpdir(), 'depot-bench-'));
    const file = join(folder, 'depot.db');
    const url = `sqlite:${file}`;
    const handle = createDatabase(url);
    await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
    return {
      handle,
      url,
      where: file,
      seed: async (plan: BusinessPlan, progress: (done: number, total: number) => void) =>
        seedSqlite(file, plan, progress),
      drop: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const url = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_reports_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = createDatabase(url, { pgSchema: schema });
  await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
  return {
    handle,
    url,
    where: `schema ${schema} of ${url}`,
    seed: (plan: BusinessPlan, progress: (done: number, total: number) => void) =>
      seedPostgres(url, schema, plan, progress),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

async function databaseVersion(handle: DatabaseHandle) {
  const query =
    handle.dialect === 'sqlite'
      ? sql<{ v: string }>`select 'SQLite ' || sqlite_version() as v`
      : sql<{ v: string }>`select version() as v`;
  return (await query.execute(handle.db)).rows[0]?.v.split(' on ')[0] ?? handle.dialect;
}

async function logInManager(app: FastifyInstance): Promise<string> {
  const email = `bench.manager.${randomBytes(4).toString('hex')}@bench.depot.test`;
  const registered = await app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { role: 'Inventory Manager', name: 'Bench Manager', email, password: PASSWORD },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password: PASSWORD },
  });
  const cookie = login.cookies.find((c) => c.name.endsWith('depot_session'));
  if (!cookie) throw new Error(`login failed: ${login.body}`);
  return `${cookie.name}=${cookie.value}`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;
}

/** Times each report through the app and checks its answer against the plain query over the rows. */
async function timeReports(
  app: FastifyInstance,
  cookie: string,
  handle: DatabaseHandle,
  range: DayRange,
  runs: number,
) {
  const reports = [
    { path: REPORT_PATHS.inventory, reference: referenceInventoryReport },
    { path: REPORT_PATHS.orderPerformance, reference: referenceOrderPerformanceReport },
    { path: REPORT_PATHS.sales, reference: referenceSalesReport },
  ];
  const rows: string[][] = [];
  let allEqual = true;
  for (const report of reports) {
    const request = async () => {
      const response = await app.inject({
        method: 'GET',
        url: `${report.path}?${new URLSearchParams(range)}`,
        headers: { cookie },
      });
      if (response.statusCode !== 200)
        throw new Error(`${report.path}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    const answer = await request();
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await request();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const referenceStarted = performance.now();
    const expected = await report.reference(handle.db, range);
    const referenceMs = performance.now() - referenceStarted;
    const equal = isDeepStrictEqual(answer, expected);
    allEqual &&= equal;
    rows.push([
      `GET ${report.path}`,
      percentile(times, 0.5).toFixed(1),
      percentile(times, 0.95).toFixed(1),
      referenceMs.toFixed(0),
      equal ? 'yes' : 'NO',
    ]);
  }
  return { rows, equal: allEqual };
}

/** A Markdown table, ready to paste into the README. */
function printTable(header: string[], rows: string[][]) {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const pad = (cell: string, column: number) =>
    column === 0 ? cell.padEnd(widths[column] as number) : cell.padStart(widths[column] as number);
  const line = (cells: string[]) => `| ${cells.map(pad).join(' | ')} |`;
  console.log(line(header));
  console.log(
    line(widths.map((width, column) => (column === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`))),
  );
  for (const row of rows) console.log(line(row));
}

async function main() {
  const args = options();
  for (const db of args.dbs) await benchDatabase(db, args);
}

async function benchDatabase(db: 'sqlite' | 'postgres', args: ReturnType<typeof options>) {
  const plan: BusinessPlan = {
    orders: args.orders,
    products: 500,
    customers: 2_000,
    couriers: 20,
    suppliers: 50,
    supplyOrders: 20_000,
    year: YEAR,
  };
  console.log(
    `Depot report bench: ${db}, ${plan.orders.toLocaleString('en')} orders over ${YEAR}, ${plan.products} products`,
  );
  console.log(
    `Machine: ${availableParallelism()} CPUs, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`,
  );

  const database = await openDatabase(db);
  const { handle } = database;
  console.log(`Database: ${await databaseVersion(handle)}, ${database.where}`);
  try {
    console.log('Seeding');
    const seedStarted = performance.now();
    let lastShown = 0;
    await timed('orders and lines (batched inserts)', () =>
      database.seed(plan, (done, total) => {
        if (done - lastShown >= total / 10 || done === total) {
          lastShown = done;
          process.stdout.write(`    ${done.toLocaleString('en')} / ${total.toLocaleString('en')} orders\n`);
        }
      }),
    );
    await timed('report summaries (rebuild from the rows)', () =>
      handle.db.transaction().execute(async (trx) => {
        await rebuildReportSummaries(trx);
        await rebuildSupplierDeliveries(trx);
      }),
    );
    await timed(handle.dialect === 'postgres' ? 'vacuum analyze' : 'analyze', () =>
      sql.raw(handle.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(handle.db),
    );
    const counted = await handle.db
      .selectFrom('order_items')
      .select((eb) => [
        eb.fn.countAll<number>().as('lines'),
        eb.fn.count<number>('order_id').distinct().as('orders'),
      ])
      .executeTakeFirstOrThrow();
    console.log(
      `  ${'total'.padEnd(44)} ${seconds(performance.now() - seedStarted)}  (${Number(counted.orders).toLocaleString('en')} orders, ${Number(counted.lines).toLocaleString('en')} lines)`,
    );

    // The response cache exists on SQLite only (docs/decisions/020-response-cache-on-sqlite.md).
    const caches: CacheMode[] = db === 'sqlite' ? args.caches : ['off'];
    for (const cache of caches) await timeWithCache(handle, database.url, cache, args.runs);
  } finally {
    await handle.destroy();
    if (args.keep) console.log(`\nKept: ${database.where}`);
    else await database.drop();
  }
}

/** The reports through an app with the response cache off (0 MB) or on, each range in turn. */
async function timeWithCache(handle: DatabaseHandle, url: string, cache: CacheMode, runs: number) {
  {
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'production',
        REGISTRATION: 'open',
        DATABASE_URL: url,
        PUBLIC_URL: 'http://bench.depot.test',
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'silent',
        RESPONSE_CACHE_MB: String(cacheMb(cache)),
      }),
      database: handle,
      logger: false,
    });
    try {
      const cookie = await logInManager(app);
      let allEqual = true;
      for (const [range, what] of [
        [RANGE, 'six whole months, the target'],
        [RAGGED_RANGE, 'cut mid-month: the most daily rows, the slowest shape'],
      ] as const) {
        console.log(
          `\nReports, ${range.startDate} to ${range.endDate} (${what}), response cache ${cache}: ${runs} timed requests each` +
            ` after a warm-up; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} CPUs`,
        );
        const { rows, equal } = await timeReports(app, cookie, handle, range, runs);
        printTable(['report', 'median ms', 'p95 ms', 'raw-row query ms', 'same answer'], rows);
        allEqual &&= equal;
      }
      if (!allEqual) {
        console.error('\nA report differs from the plain query over the order rows.');
        process.exitCode = 1;
      }
    } finally {
      await app.close();
    }
  }
}

await main();
