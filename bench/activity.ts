import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { AuditAction } from '@depot/contract';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase, type DatabaseHandle } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';

const USAGE = `Fills the audit trail with many events and times what it costs: the Activity list through
the app, and an audited stock change against the same change's audit insert alone.

  npx tsx bench/activity.ts [--db sqlite|postgres] [--events 200000] [--runs 20]`;

const PASSWORD = 'bench-manager-password-42';
const MANAGERS = 20;
const STOCK_ACTIONS: AuditAction[] = ['stock.created', 'stock.updated', 'stock.deleted'];

function options() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'sqlite' },
      events: { type: 'string', default: '200000' },
      runs: { type: 'string', default: '20' },
      help: { type: 'boolean', default: false },
    },
  });
  const events = Number(values.events);
  const runs = Number(values.runs);
  if (values.help || (values.db !== 'sqlite' && values.db !== 'postgres') || !(events > 0) || !(runs > 0)) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  return { db: values.db as 'sqlite' | 'postgres', events, runs };
}

async function openDatabase(
  kind: 'sqlite' | 'postgres',
): Promise<DatabaseHandle & { drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const folder = mkdtempSync(join(tmpdir(), 'depot-activity-'));
    const handle = createDatabase(`sqlite:${join(folder, 'bench.db')}`);
    return {
      ...handle,
      async drop() {
        await handle.destroy();
        rmSync(folder, { recursive: true });
      },
    };
  }
  const url = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_activity_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = createDatabase(url, { pgSchema: schema });
  return {
    ...handle,
    async drop() {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db);
      await handle.destroy();
    },
  };
}

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.95) - 1] ?? 0;
const ms = (value: number) => value.toFixed(1);

async function main() {
  const { db: kind, events, runs } = options();
  const database = await openDatabase(kind);
  const { db } = database;
  await migrateToLatest(db as Kysely<unknown>, database.dialect);
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'sqlite::memory:',
      WEB_DIST: '/nonexistent',
      REGISTRATION: 'open',
    }),
    database,
    logger: false,
  });
  try {
    const register = await app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: {
        role: 'Inventory Manager',
        name: 'Bench Manager',
        email: 'bench@example.com',
        password: PASSWORD,
      },
    });
    const me = register.json().user.id as number;
    const others = await db
      .insertInto('users')
      .values(
        Array.from({ length: MANAGERS - 1 }, (_, i) => ({
          role: 'Inventory Manager' as const,
          name: `Manager ${i}`,
          email: `manager-${i}@example.com`,
          password_hash: 'x',
          created_at: '2025-01-01T00:00:00.000Z',
        })),
      )
      .returning('id')
      .execute();
    const managerIds = [me, ...others.map((row) => row.id)];

    // A year of stock events spread evenly over the managers, each seen by its actor alone.
    const seedStart = performance.now();
    const yearMs = 365 * 86_400_000;
    const batch = 2_000;
    for (let start = 0; start < events; start += batch) {
      await db.transaction().execute(async (trx) => {
        const rows = Array.from({ length: Math.min(batch, events - start) }, (_, i) => {
          const n = start + i;
          const actor = managerIds[n % MANAGERS] ?? me;
          return {
            occurred_at: new Date(Date.UTC(2025, 0, 1) + Math.floor((n / events) * yearMs)).toISOString(),
            actor_id: actor,
            actor_role: 'Inventory Manager' as const,
            action: STOCK_ACTIONS[n % 3] ?? 'stock.updated',
            entity_type: 'stock' as const,
            entity_id: n,
            before: JSON.stringify({ name: `Item ${n}`, quantity: 10 }),
            after: JSON.stringify({ name: `Item ${n}`, quantity: 9 }),
            request_id: randomBytes(8).toString('hex'),
          };
        });
        const ids = await trx
          .insertInto('audit_events')
          .values(rows)
          .returning(['id', 'actor_id', 'occurred_at', 'action', 'entity_type'])
          .execute();
        await trx
          .insertInto('audit_event_viewers')
          .values(ids.map(({ id, ...row }) => ({ ...row, user_id: row.actor_id ?? me, event_id: id })))
          .execute();
      });
    }
    if (kind === 'postgres') await sql`analyze`.execute(db);
    else await sql`analyze`.execute(db);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'bench@example.com', password: PASSWORD },
    });
    const cookie = login.headers['set-cookie'];
    const sessionCookie = (Array.isArray(cookie) ? cookie[0] : cookie)?.split(';')[0] ?? '';

    const queries: [string, string][] = [
      ['newest 50', '/api/activity?limit=50'],
      ['newest 50, one action', '/api/activity?action=stock.updated&limit=50'],
      ['newest 50, one month', '/api/activity?from=2025-06-01&to=2025-06-30&limit=50'],
      ['newest 50, actor search', '/api/activity?actor=bench&limit=50'],
      ['page 100 (offset 4950)', '/api/activity?limit=50&offset=4950'],
    ];
    console.log(
      `\n${kind}: ${events.toLocaleString('en-US')} audit events over ${MANAGERS} managers (${Math.round(events / MANAGERS).toLocaleString('en-US')} visible to the one timed), seeded in ${seedSeconds.toFixed(1)} s`,
    );
    console.log(
      `${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load average ${loadavg()[0]?.toFixed(1)}`,
    );
    console.log('\n| request | median ms | p95 ms |\n| --- | --: | --: |');
    for (const [label, url] of queries) {
      const times: number[] = [];
      for (let run = 0; run <= runs; run += 1) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, headers: { cookie: sessionCookie } });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        if (run > 0) times.push(performance.now() - started);
      }
      console.log(`| \`GET ${url}\` (${label}) | ${ms(median(times))} | ${ms(p95(times))} |`);
    }

    // The write side: an audited stock change through the app, and what its audit rows cost alone.
    const created = await app.inject({
      method: 'POST',
      url: '/api/stocks',
      headers: { cookie: sessionCookie },
      payload: { name: 'Bench item', price: 1, quantity: 1, weight: 1 },
    });
    const stockId = created.json().stock.stock_id as number;
    const changeTimes: number[] = [];
    for (let run = 0; run <= runs * 5; run += 1) {
      const started = performance.now();
      const response = await app.inject({
        method: 'PUT',
        url: `/api/stocks/${stockId}`,
        headers: { cookie: sessionCookie },
        payload: { quantity: run + 2 },
      });
      if (response.statusCode !== 200) throw new Error(`PUT: ${response.statusCode} ${response.body}`);
      if (run > 0) changeTimes.push(performance.now() - started);
    }
    const insertTimes: number[] = [];
    for (let run = 0; run <= runs * 5; run += 1) {
      const started = performance.now();
      await db.transaction().execute(async (trx) => {
        const occurredAt = new Date().toISOString();
        const { id } = await trx
          .insertInto('audit_events')
          .values({
            occurred_at: occurredAt,
            actor_id: me,
            actor_role: 'Inventory Manager',
            action: 'stock.updated',
            entity_type: 'stock',
            entity_id: stockId,
            before: '{"quantity":1}',
            after: '{"quantity":2}',
            request_id: 'bench',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('audit_event_viewers')
          .values({
            user_id: me,
            event_id: id,
            occurred_at: occurredAt,
            action: 'stock.updated',
            entity_type: 'stock',
            actor_id: me,
          })
          .execute();
      });
      if (run > 0) insertTimes.push(performance.now() - started);
    }
    console.log(
      `| \`PUT /api/stocks/:id\` (audited change, whole request) | ${ms(median(changeTimes))} | ${ms(p95(changeTimes))} |`,
    );
    console.log(
      `| audit rows alone, in a transaction of their own | ${ms(median(insertTimes))} | ${ms(p95(insertTimes))} |`,
    );
  } finally {
    await app.close();
    await database.drop();
  }
}

await main();
