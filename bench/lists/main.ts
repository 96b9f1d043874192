/**
 * The list budget (issue "One house", part 3): every list at 100,000 rows answers a page, a search
 * and a sort on each column with p99 under 50 ms, on SQLite and on PostgreSQL.
 *
 *   npm run bench:lists -- [--db sqlite|postgres|both] [--cache off|on|both] [--runs 100] [--warm-up 5] [--only orders,stocks]
 *                          [--json results.json] [--keep] [--check]
 *
 * Seeds one business per database straight into its tables (bench/lists/business.ts: every list
 * holds 100,000 rows for the user who reads it), starts the built server on it (bundle it first:
 * `npm run build -w @depot/server`, which the npm script does) with the response cache off, and on
 * SQLite once more with it on, logs in as each reader and times sequential requests of each list:
 * the first, middle and last page, a search that finds a few hundred rows and one that finds none,
 * every sort field both ways, and the list's filters. Prints p50 and p99 per line with PASS or
 * FAIL against the budget; exits non-zero on a failure only with --check.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { TOTAL_COUNT_HEADER } from '@depot/contract';
import { type Kysely, sql } from 'kysely';
import { createDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags';
import { freePort } from '../../apps/server/src/test/free-port';
import { call } from '../../apps/server/src/test/http-client';
import { spawnServer, stopServer, waitUntilReady } from '../../apps/server/src/test/server-process';
import { createScratchSchema, TEST_POSTGRES_URL } from '../../apps/server/src/test/test-app';
import { benchOptions } from '../support/options';
import { businessOf, READER_PASSWORD, READERS, type Reader, ROWS } from './business';
import { LISTS, PAGE, queriesOf } from './lists';
import { seedPostgres, seedSqlite } from './seed';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** BENCH_SERVER_ENTRY times another bundle, e.g. a copy of an earlier build to compare with. */
const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? join(ROOT, 'apps/server/dist/main.js');
const BUDGET_MS = 50;

const USAGE = `Times every list at ${ROWS.toLocaleString('en')} rows against the ${BUDGET_MS} ms p99 budget.

  npm run bench:lists -- [--db sqlite|postgres|both] [--cache off|on|both] [--runs 100] [--warm-up 5] [--only LISTS]
                         [--json FILE] [--keep] [--check]

  --db       sqlite (a file in a temporary folder) and/or postgres (a schema of its own in
             BENCH_POSTGRES_URL, default ${TEST_POSTGRES_URL})
  --runs     timed requests per line, one after another, after --warm-up untimed ones
  --only     some lists: stocks, suppliers, couriers, products, orders, supply-orders,
             notifications, activity
  --json     also write every line's figures to FILE
  --keep     leave the seeded databases in place and print where they are
  --check    exit 1 when a line is over budget`;

type DatabaseKind = 'sqlite' | 'postgres';

/** The shared command line (bench/support/options.ts) and this bench's --only, --json and --keep. */
function options() {
  const parsed = benchOptions({
    usage: USAGE,
    defaults: { runs: 100, warmUp: 5 },
    extra: { only: { type: 'string' }, json: { type: 'string' }, keep: { type: 'boolean', default: false } },
  });
  const only = (parsed.values.only as string | undefined)?.split(',').map((name) => name.trim());
  if (only?.find((name) => !LISTS.some((list) => list.name === name))) {
    console.log(`--only takes ${LISTS.map((list) => list.name).join(', ')}\n\n${USAGE}`);
    process.exit(1);
  }
  return {
    ...parsed,
    lists: LISTS.filter((list) => !only || only.includes(list.name)),
    json: parsed.values.json as string | undefined,
    keep: Boolean(parsed.values.keep),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A migrated, empty database of the run's own, the URL the server reaches it at, and how to drop it. */
async function openDatabase(kind: DatabaseKind) {
  if (kind === 'sqlite') {
    const folder = mkdtempSync(join(tmpdir(), 'depot-bench-lists-'));
    const file = join(folder, 'depot.db');
    const handle = createDatabase(`sqlite:${file}`);
    await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
    const version = await sql<{ v: string }>`select sqlite_version() as v`.execute(handle.db);
    await handle.destroy();
    return {
      url: `sqlite:${file}`,
      where: file,
      version: `SQLite ${version.rows[0]?.v}`,
      seed: async (
        business: ReturnType<typeof businessOf>,
        progress: (table: string, rows: number) => void,
      ) => seedSqlite(file, business, progress),
      drop: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const baseUrl = process.env.BENCH_POSTGRES_URL ?? TEST_POSTGRES_URL;
  const scratch = await createScratchSchema('bench_lists');
  const handle = createDatabase(baseUrl, { pgSchema: scratch.schema });
  await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
  const version = await sql<{ v: string }>`select version() as v`.execute(handle.db);
  await handle.destroy();
  return {
    url: scratch.url,
    where: `schema ${scratch.schema} of ${baseUrl}`,
    version: version.rows[0]?.v.split(' on ')[0] ?? 'PostgreSQL',
    seed: (business: ReturnType<typeof businessOf>, progress: (table: string, rows: number) => void) =>
      seedPostgres(baseUrl, scratch.schema, business, progress),
    drop: () => scratch.drop(),
  };
}

async function startServer(databaseUrl: string, cacheMb: number) {
  const port = await freePort();
  const server = spawnServer([...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    RESPONSE_CACHE_MB: String(cacheMb),
    LOG_LEVEL: 'warn',
    // The offline PIN code set only: a bench must not call out.
    PINCODE_API_URL: '',
  });
  // Migrations already ran; a PostgreSQL server still checks them, a big file opens at once.
  return waitUntilReady(server, `http://127.0.0.1:${port}`, 120_000);
}

async function logIn(url: string, reader: Reader): Promise<string> {
  const { email } = READERS[reader];
  const reply = await call(url, 'POST', '/auth/login', { body: { email, password: READER_PASSWORD } });
  const cookie = ([] as string[]).concat(reply.headers['set-cookie'] ?? [])[0]?.split(';')[0];
  if (reply.status !== 200 || !cookie)
    throw new Error(`${reader} could not log in: ${JSON.stringify(reply.body)}`);
  return cookie;
}

interface Line {
  db: DatabaseKind;
  cache: 'off' | 'on';
  list: string;
  reader: Reader;
  query: string;
  url: string;
  /** X-Total-Count of the answer: how many rows the query matched. */
  rows: number;
  p50: number;
  p99: number;
}

/** Nearest rank: the smallest time at least `p` of the runs took no longer than. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;

async function timeUrl(base: string, path: string, cookie: string, runs: number, warmUp: number) {
  const times: number[] = [];
  let rows = 0;
  for (let run = -warmUp; run < runs; run++) {
    const started = performance.now();
    const reply = await call(base, 'GET', path, { cookie });
    const took = performance.now() - started;
    if (reply.status !== 200)
      throw new Error(`GET ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    rows = Number(reply.headers[TOTAL_COUNT_HEADER]);
    if (run >= 0) times.push(took);
  }
  times.sort((a, b) => a - b);
  return { rows, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

async function timeLists(
  kind: DatabaseKind,
  databaseUrl: string,
  cache: 'off' | 'on',
  args: ReturnType<typeof options>,
): Promise<Line[]> {
  const server = await startServer(databaseUrl, cache === 'on' ? 16 : 0);
  const lines: Line[] = [];
  try {
    const cookies = new Map<Reader, string>();
    for (const reader of Object.keys(READERS) as Reader[])
      cookies.set(reader, await logIn(server.url, reader));
    for (const list of args.lists) {
      for (const reader of list.readers) {
        const cookie = cookies.get(reader) as string;
        const started = performance.now();
        const first = await call(server.url, 'GET', `${list.path}?limit=${PAGE}`, { cookie });
        const total = Number(first.headers[TOTAL_COUNT_HEADER]);
        for (const [query, search] of queriesOf(list, reader, total)) {
          const url = `${list.path}?${search}`;
          const figures = await timeUrl(server.url, url, cookie, args.runs, args.warmUp);
          lines.push({ db: kind, cache, list: list.name, reader, query, url, ...figures });
        }
        process.stderr.write(
          `  ${kind}, cache ${cache}: ${list.name} as ${reader} in ${seconds(performance.now() - started)}\n`,
        );
      }
    }
  } finally {
    const code = await stopServer(server);
    if (code !== 0 && code !== null)
      console.error(`the server exited with ${code}:\n${server.output().slice(-2000)}`);
  }
  return lines;
}

/** A Markdown table. */
function printTable(header: string[], rows: string[][]) {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const numeric = header.map((_, column) => rows.every((row) => /^[\d.,]*$/.test(row[column] ?? '')));
  const pad = (cell: string, column: number) =>
    numeric[column] ? cell.padStart(widths[column] as number) : cell.padEnd(widths[column] as number);
  const line = (cells: string[]) => `| ${cells.map(pad).join(' | ')} |`;
  console.log(line(header));
  console.log(
    line(widths.map((width, column) => (numeric[column] ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width)))),
  );
  for (const row of rows) console.log(line(row));
}

const passes = (line: Line) => line.p99 < BUDGET_MS;

async function main() {
  const args = options();
  // Closing a SQLite handle awaits its checkpoint worker, which is unref'd: with nothing else
  // holding the event loop, the process could end (exit code 13) before the worker has.
  const keepAlive = setInterval(() => {}, 60_000);
  console.log(
    `Depot list bench: every list at ${ROWS.toLocaleString('en')} rows, ${args.runs} sequential requests per line after ${args.warmUp} untimed; budget p99 < ${BUDGET_MS} ms`,
  );
  console.log(
    `Machine: ${availableParallelism()} CPUs, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; client and server on one machine`,
  );
  const generated = performance.now();
  const business = businessOf(await hashPassword(READER_PASSWORD));
  console.log(`Business generated in ${seconds(performance.now() - generated)}`);

  const lines: Line[] = [];
  for (const kind of args.dbs) {
    const database = await openDatabase(kind);
    try {
      console.log(`\n${database.version}: ${database.where}`);
      const seeding = performance.now();
      await database.seed(business, (table, rows) =>
        process.stderr.write(`  ${table}: ${rows.toLocaleString('en')} rows\n`),
      );
      console.log(
        `Seeded in ${seconds(performance.now() - seeding)} (SQL bulk inserts${kind === 'postgres' ? ', then vacuum analyze' : '; no ANALYZE, as the server never runs one'})`,
      );
      for (const cache of kind === 'sqlite' ? args.caches : (['off'] as const)) {
        const timing = performance.now();
        const timed = await timeLists(kind, database.url, cache, args);
        lines.push(...timed);
        console.log(
          `\n${kind}, response cache ${cache}: ${timed.length} lines in ${seconds(performance.now() - timing)}, load average ${loadavg()[0]?.toFixed(1)}\n`,
        );
        printTable(
          ['list', 'reader', 'query', 'rows', 'p50 ms', 'p99 ms', 'budget'],
          timed.map((line) => [
            line.list,
            line.reader,
            line.query,
            line.rows.toLocaleString('en'),
            line.p50.toFixed(1),
            line.p99.toFixed(1),
            passes(line) ? 'PASS' : 'FAIL',
          ]),
        );
      }
    } finally {
      if (args.keep) console.log(`\nKept ${database.where}: DATABASE_URL='${database.url}'`);
      else await database.drop();
    }
  }

  if (args.json) writeFileSync(args.json, `${JSON.stringify(lines, null, 2)}\n`);
  // Budgets are judged on the figures with the response cache off.
  const failed = lines.filter((line) => line.cache === 'off' && !passes(line));
  const worst = lines.reduce<Line | undefined>(
    (max, line) => (max && max.p99 >= line.p99 ? max : line),
    undefined,
  );
  console.log(
    `\n${failed.length === 0 ? 'PASS' : 'FAIL'}: ${lines.length - failed.length} of ${lines.length} lines with p99 under ${BUDGET_MS} ms` +
      (worst
        ? `; slowest p99 ${worst.p99.toFixed(1)} ms (${worst.list} as ${worst.reader}, ${worst.query}, ${worst.db}, cache ${worst.cache})`
        : ''),
  );
  if (failed.length > 0 && args.check) process.exitCode = 1;
  clearInterval(keepAlive);
}

await main();
