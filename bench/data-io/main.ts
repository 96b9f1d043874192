/**
 * The data-in-and-out budgets (issue "Data in and out"): a CSV export of 100,000 orders starts
 * within 200 ms and ends within 5 s with the server's memory rising by less than 50 MB; a
 * 10,000-row stock import's dry run takes under 5 s and its commit under 10 s; on SQLite and on
 * PostgreSQL.
 *
 *   npm run bench:data-io -- [--db sqlite,postgres] [--check]
 *
 * Seeds the list bench's business (bench/lists/business.ts: 100,000 orders the manager reads)
 * straight into the tables, starts the built server on it (the npm script builds it first), and
 * exports the manager's orders as CSV three times, reading the server's resident memory
 * (/proc/<pid>/status) every 10 ms while it streams. Prints the time to the first byte, to the
 * last, the rows and bytes received and the rise of the server's memory over what it held before.
 * Then a new manager imports a file of 10,000 new stock items: the dry run, the commit, and the
 * same file's dry run again (all unchanged) are timed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { createDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags';
import { freePort } from '../../apps/server/src/test/free-port';
import { call, registerAndLoginAt } from '../../apps/server/src/test/http-client';
import { spawnServer, stopServer, waitUntilReady } from '../../apps/server/src/test/server-process';
import { createScratchSchema, TEST_POSTGRES_URL } from '../../apps/server/src/test/test-app';
import { businessOf, READER_PASSWORD, READERS, ROWS } from '../lists/business';
import { seedPostgres, seedSqlite } from '../lists/seed';
import { benchOptions, cacheMb } from '../support/options';
import { cpuProfileFlags } from '../support/server-bench';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_ENTRY = join(ROOT, 'apps/server/dist/main.js');
const BUDGET = { firstByteMs: 200, totalMs: 5_000, memoryMb: 50, dryRunMs: 5_000, commitMs: 10_000 };
const IMPORT_ROWS = 10_000;
const RUNS = 3;

type DatabaseKind = 'sqlite' | 'postgres';

async function openDatabase(kind: DatabaseKind) {
  if (kind === 'sqlite') {
    const folder = mkdtempSync(join(tmpdir(), 'depot-bench-data-io-'));
    const file = join(folder, 'depot.db');
    const handle = createDatabase(`sqlite:${file}`);
    await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
    await handle.destroy();
    return {
      url: `sqlite:${file}`,
      seed: async (business: ReturnType<typeof businessOf>) => seedSqlite(file, business, () => {}),
      drop: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const baseUrl = process.env.BENCH_POSTGRES_URL ?? TEST_POSTGRES_URL;
  const scratch = await createScratchSchema('bench_data_io');
  const handle = createDatabase(baseUrl, { pgSchema: scratch.schema });
  await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
  await handle.destroy();
  return {
    url: scratch.url,
    seed: (business: ReturnType<typeof businessOf>) =>
      seedPostgres(baseUrl, scratch.schema, business, () => {}),
    drop: () => scratch.drop(),
  };
}

/** The process's resident memory in MB, from /proc (Linux). */
function residentMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** CPU time the process has used, in ms (/proc/<pid>/stat: user and system ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Export {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  rows: number;
  memoryRiseMb: number;
  /** The server's own CPU time for the export: what it costs, whatever else the machine runs. */
  serverCpuMs: number;
}

/** One export, timed, while the server's memory is sampled. */
function timeExport(url: string, path: string, cookie: string, pid: number): Promise<Export> {
  const before = residentMb(pid);
  const cpuBefore = cpuMs(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(pid));
  }, 10);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { headers: { cookie, accept: 'text/csv' } }, (res) => {
      let firstByteMs = 0;
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines += 1;
      });
      res.on('end', () => {
        const totalMs = performance.now() - started;
        clearInterval(sampler);
        peak = Math.max(peak, residentMb(pid));
        if (res.statusCode !== 200) reject(new Error(`export answered ${res.statusCode}`));
        // Lines less the header (no cell of an order holds a line break in this business).
        else
          resolve({
            firstByteMs,
            totalMs,
            bytes,
            rows: lines - 1,
            memoryRiseMb: peak - before,
            serverCpuMs: cpuMs(pid) - cpuBefore,
          });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** One CSV upload, timed: its status, its report's counts and the milliseconds it took. */
function timeUpload(url: string, path: string, cookie: string, file: string) {
  const started = performance.now();
  return new Promise<{ status: number; counts: unknown; ms: number }>((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      { method: 'POST', headers: { cookie, 'content-type': 'text/csv' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            counts: JSON.parse(text).counts ?? JSON.parse(text),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(file);
  });
}

/** A stock file of IMPORT_ROWS new items, each with a SKU. */
function stockFile(): string {
  const lines = ['sku,stock_name,price,quantity,weight'];
  for (let index = 0; index < IMPORT_ROWS; index++) {
    lines.push(
      `BENCH-${index},Bench item ${index},${(1 + (index % 500) / 4).toFixed(2)},${index % 1000},0.${(index % 9) + 1}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  // The export streams and is never a cache hit; its budgets are judged with the cache off.
  const { dbs, caches, check } = benchOptions({
    usage: 'npm run bench:data-io -- [--db sqlite|postgres|both] [--cache off|on] [--check]',
    defaults: { cache: 'off' },
  });
  const cache = caches[0] ?? 'off';
  const keepAlive = setInterval(() => {}, 60_000);
  console.log(
    `Depot data-io bench: CSV export of ${ROWS.toLocaleString('en')} orders; budget first byte < ${BUDGET.firstByteMs} ms, whole < ${BUDGET.totalMs} ms, server memory rise < ${BUDGET.memoryMb} MB`,
  );
  console.log(
    `Machine: ${availableParallelism()} CPUs, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`,
  );
  const business = businessOf(await hashPassword(READER_PASSWORD));
  let failed = false;
  for (const kind of dbs) {
    const database = await openDatabase(kind);
    try {
      const seeding = performance.now();
      await database.seed(business);
      console.log(`\n${kind}: seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
      const port = await freePort();
      const server = await waitUntilReady(
        spawnServer([...SERVER_NODE_FLAGS, ...cpuProfileFlags(), SERVER_ENTRY], {
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: database.url,
          RESPONSE_CACHE_MB: String(cacheMb(cache)),
          LOG_LEVEL: 'warn',
          PINCODE_API_URL: '',
        }),
        `http://127.0.0.1:${port}`,
        120_000,
      );
      try {
        const { email } = READERS.manager;
        const login = await call(server.url, 'POST', '/auth/login', {
          body: { email, password: READER_PASSWORD },
        });
        const cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? [])[0]?.split(';')[0] ?? '';
        // A page first, so the export is timed on a warm server, as a user's would be.
        await call(server.url, 'GET', '/api/orders?limit=25', { cookie });
        const pid = server.child.pid as number;
        // One export untimed first: the server's first one also compiles its code and grows its heap once.
        const cold = await timeExport(server.url, '/api/orders', cookie, pid);
        console.log(
          `${kind} cold run (not judged): first byte ${cold.firstByteMs.toFixed(0)} ms, whole ${cold.totalMs.toFixed(0)} ms, server memory +${cold.memoryRiseMb.toFixed(1)} MB`,
        );
        for (let run = 1; run <= RUNS; run++) {
          const figures = await timeExport(server.url, '/api/orders', cookie, pid);
          const pass =
            figures.firstByteMs < BUDGET.firstByteMs &&
            figures.totalMs < BUDGET.totalMs &&
            figures.memoryRiseMb < BUDGET.memoryMb &&
            figures.rows === ROWS;
          failed ||= !pass;
          console.log(
            `${kind} run ${run}: ${figures.rows.toLocaleString('en')} rows, ${(figures.bytes / 1e6).toFixed(1)} MB; first byte ${figures.firstByteMs.toFixed(0)} ms, whole ${figures.totalMs.toFixed(0)} ms, server memory +${figures.memoryRiseMb.toFixed(1)} MB, server CPU ${figures.serverCpuMs} ms, load average ${loadavg()[0]?.toFixed(1)}: ${pass ? 'PASS' : 'FAIL'}`,
          );
        }
        const importer = await registerAndLoginAt(server.url, 'Inventory Manager');
        const file = stockFile();
        const steps = [
          ['dry run', '/api/stocks/import/dry-run', BUDGET.dryRunMs],
          ['commit', '/api/stocks/import', BUDGET.commitMs],
          ['dry run again', '/api/stocks/import/dry-run', BUDGET.dryRunMs],
        ] as const;
        for (const [step, path, budget] of steps) {
          const result = await timeUpload(server.url, path, importer.cookie, file);
          const pass = result.status === 200 && result.ms < budget;
          failed ||= !pass;
          console.log(
            `${kind} import of ${IMPORT_ROWS.toLocaleString('en')} rows, ${step}: ${result.ms.toFixed(0)} ms (budget ${budget} ms), ${JSON.stringify(result.counts)}: ${pass ? 'PASS' : 'FAIL'}`,
          );
        }
      } finally {
        await stopServer(server);
      }
    } finally {
      await database.drop();
    }
  }
  console.log(`\n${failed ? 'FAIL' : 'PASS'}`);
  if (failed && check) process.exitCode = 1;
  clearInterval(keepAlive);
}

await main();
