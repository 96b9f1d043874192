/**
 * What the benches that time the built server over a seeded database share: a scratch database
 * of either kind, the server started on it, and sequential timed requests with their percentiles
 * (bench/stock-history.ts, bench/order-following.ts, bench/reorder.ts, bench/courier-board.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { TOTAL_COUNT_HEADER } from '@depot/contract';
import pg from 'pg';
import { createDatabase } from '../../apps/server/src/db/database';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags';
import { freePort } from '../../apps/server/src/test/free-port';
import { call } from '../../apps/server/src/test/http-client';
import { spawnServer, stopServer, waitUntilReady } from '../../apps/server/src/test/server-process';
import { createScratchSchema, TEST_POSTGRES_URL } from '../../apps/server/src/test/test-app';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** BENCH_SERVER_ENTRY times another bundle, e.g. a copy of an earlier build to compare with. */
export const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? join(ROOT, 'apps/server/dist/main.js');

export type DatabaseKind = 'sqlite' | 'postgres';

/** A scratch database: a file in a temporary folder, or a schema of its own in BENCH_POSTGRES_URL. */
export async function openBenchDatabase(kind: DatabaseKind, name: string) {
  if (kind === 'sqlite') {
    const folder = mkdtempSync(join(tmpdir(), `depot-bench-${name}-`));
    const file = join(folder, 'depot.db');
    return {
      url: `sqlite:${file}`,
      handle: createDatabase(`sqlite:${file}`),
      drop: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const baseUrl = process.env.BENCH_POSTGRES_URL ?? TEST_POSTGRES_URL;
  const scratch = await createScratchSchema(`bench_${name.replace(/\W/g, '_')}`);
  return {
    url: scratch.url,
    handle: createDatabase(baseUrl, { pgSchema: scratch.schema, unbounded: true }),
    drop: () => scratch.drop(),
  };
}

/** BENCH_CPU_PROF=<folder> runs the server under `node --cpu-prof`, its profile left in that folder. */
export function cpuProfileFlags(): string[] {
  const folder = process.env.BENCH_CPU_PROF;
  return folder ? ['--cpu-prof', `--cpu-prof-dir=${folder}`] : [];
}

/** Starts the built server on a database, the response cache of `cacheMb` (0: off), and runs `work` against it. */
export async function withBenchServer<T>(
  databaseUrl: string,
  cacheMb: number,
  work: (url: string) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const server = await waitUntilReady(
    spawnServer([...SERVER_NODE_FLAGS, ...cpuProfileFlags(), SERVER_ENTRY], {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      RESPONSE_CACHE_MB: String(cacheMb),
      LOG_LEVEL: 'warn',
      PINCODE_API_URL: '',
    }),
    `http://127.0.0.1:${port}`,
    120_000,
  );
  try {
    return await work(server.url);
  } finally {
    await stopServer(server);
  }
}

/** Logs in and answers the session cookie. */
export async function loginCookie(base: string, email: string, password: string): Promise<string> {
  const login = await call(base, 'POST', '/auth/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`login as ${email} answered ${login.status}`);
  return ([] as string[]).concat(login.headers['set-cookie'] ?? [])[0]?.split(';')[0] ?? '';
}

/** Nearest rank: the smallest time at least `p` of the runs took no longer than. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;

/**
 * Times `runs` sequential GETs of `path` after `warmUp` untimed ones; each must answer 200.
 * Answers p50, p99, the list's total (X-Total-Count) where it has one, and the last answer's body
 * and its size in bytes (as JSON). `spreadAddresses` sends
 * each request from another loopback address, for an endpoint rate-limited per address.
 */
export async function timeGet(
  base: string,
  path: string,
  cookie: string,
  runs: number,
  warmUp: number,
  spreadAddresses = false,
) {
  const times: number[] = [];
  let rows = 0;
  let body: unknown;
  for (let run = -warmUp; run < runs; run++) {
    const n = run + warmUp;
    const from = spreadAddresses ? `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}` : undefined;
    const started = performance.now();
    const reply = await call(base, 'GET', path, { ...(cookie ? { cookie } : {}), ...(from ? { from } : {}) });
    const took = performance.now() - started;
    if (reply.status !== 200)
      throw new Error(`GET ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    rows = Number(reply.headers[TOTAL_COUNT_HEADER] ?? 0);
    body = reply.body;
    if (run >= 0) times.push(took);
  }
  times.sort((a, b) => a - b);
  const bytes = Buffer.byteLength(JSON.stringify(body));
  return { rows, body, bytes, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

/**
 * Vacuums and analyzes the tables of the schema a PostgreSQL URL names, after seeding through the
 * API: what autovacuum does on a server that runs it. This machine kind's PostgreSQL has autovacuum
 * off, and a schema seeded a moment ago would otherwise be planned without statistics and read
 * with the dead rows of every stock update in it (a stock list then cost its backend 0.17 ms
 * instead of 0.13 ms).
 */
export async function vacuumAnalyzeSchema(postgresUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      'select quote_ident(tablename) as name from pg_tables where schemaname = current_schema()',
    );
    if (rows.length > 0) await client.query(`vacuum analyze ${rows.map((row) => row.name).join(', ')}`);
  } finally {
    await client.end();
  }
}
