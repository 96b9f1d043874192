/**
 * Profiles the list bench's requests: runs each one through the app in this process, records the
 * SQL it sends (sign-in queries aside) and prints every statement with its plan (EXPLAIN QUERY
 * PLAN on SQLite, EXPLAIN ANALYZE on PostgreSQL) and its median time over a few runs.
 *
 *   npx tsx bench/lists/explain.ts --url DATABASE_URL [--only orders] [--reader manager] [--match sort]
 *
 * DATABASE_URL is one `npm run bench:lists -- --keep` printed: a seeded database it left in place.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { TOTAL_COUNT_HEADER } from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, type KyselyPlugin } from 'kysely';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/database';
import { READER_PASSWORD, READERS, type Reader } from './business';
import { LISTS, PAGE, queriesOf } from './lists';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    only: { type: 'string' },
    reader: { type: 'string' },
    match: { type: 'string', default: '' },
    runs: { type: 'string', default: '5' },
  },
});
if (!values.url) {
  console.log(
    'npx tsx bench/lists/explain.ts --url DATABASE_URL [--only LIST] [--reader READER] [--match TEXT]',
  );
  process.exit(1);
}
const runs = Number(values.runs);

const base = createDatabase(values.url, { poolSize: 2 });
const recorded: CompiledQuery[] = [];
/** Writes down every statement the app compiles, as it will run. */
const recorder: KyselyPlugin = {
  transformQuery({ node, queryId }) {
    recorded.push(base.db.getExecutor().compileQuery(node, queryId));
    return node;
  },
  transformResult: async ({ result }) => result,
};
const database = { ...base, db: base.db.withPlugin(recorder) };

const SIGN_IN = /"sessions"|"login_failures"|"audit_event/;
const isSignIn = (query: CompiledQuery) =>
  SIGN_IN.test(query.sql) && !/"audit_events" as "e"/.test(query.sql);

async function medianMs(query: CompiledQuery) {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await base.db.executeQuery(query);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
}

async function planOf(query: CompiledQuery): Promise<string> {
  if (base.dialect === 'postgres') {
    const { rows } = await base.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }
  const { rows } = await base.db.executeQuery<{ id: number; parent: number; detail: string }>(
    CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
  );
  const depth = new Map<number, number>([[0, 0]]);
  return rows
    .map((row) => {
      const level = (depth.get(row.parent) ?? 0) + 1;
      depth.set(row.id, level);
      return `${'  '.repeat(level)}${row.detail}`;
    })
    .join('\n');
}

async function logIn(app: FastifyInstance, reader: Reader) {
  const login = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: READERS[reader].email, password: READER_PASSWORD },
  });
  const cookie = login.cookies.find((c) => c.name.endsWith('depot_session'));
  if (!cookie) throw new Error(`${reader} could not log in: ${login.body}`);
  return `${cookie.name}=${cookie.value}`;
}

const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'production',
    REGISTRATION: 'open',
    DATABASE_URL: values.url,
    RESPONSE_CACHE_MB: '0',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
  }),
  database,
  logger: false,
});
try {
  for (const list of LISTS.filter((list) => !values.only || list.name === values.only)) {
    for (const reader of list.readers.filter((reader) => !values.reader || reader === values.reader)) {
      const cookie = await logIn(app, reader);
      const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
      const total = Number((await get(`${list.path}?limit=${PAGE}`)).headers[TOTAL_COUNT_HEADER]);
      for (const [label, search] of queriesOf(list, reader, total)) {
        if (!label.includes(values.match)) continue;
        recorded.length = 0;
        const started = performance.now();
        const answer = await get(`${list.path}?${search}`);
        const took = performance.now() - started;
        console.log(
          `\n=== ${list.name} as ${reader}: ${label}: ${answer.statusCode}, ${answer.headers[TOTAL_COUNT_HEADER]} rows, ${took.toFixed(1)} ms through the app`,
        );
        for (const query of recorded.filter((query) => !isSignIn(query))) {
          console.log(`\n${query.sql}\n  -- ${JSON.stringify(query.parameters)}`);
          console.log(`  -- median ${(await medianMs(query)).toFixed(1)} ms`);
          console.log(await planOf(query));
        }
      }
    }
  }
} finally {
  await app.close();
  await base.destroy();
}
