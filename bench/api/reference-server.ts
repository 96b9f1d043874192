/**
 * The reference servers the API bench compares Depot with, each run as its own process:
 *
 *   bare          GET /  answers {"hello":"world"}: what Fastify itself costs.
 *   session-rows  GET /items  looks up a session row by the SHA-256 of the cookie's token, then
 *                 reads 100 rows from better-sqlite3 (prepared statements, a WAL file database):
 *                 the least an authenticated list endpoint can do.
 *   session-rows-pg the same on PostgreSQL (REFERENCE_PG_URL, a pool of 10, named prepared
 *                 statements): the reference Depot's PostgreSQL figures are compared with.
 *
 * `node --import tsx bench/api/reference-server.ts <bare|session-rows>` with PORT, and for
 * session-rows REFERENCE_DB (a file path) and REFERENCE_TOKEN (the session token to accept).
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

export const REFERENCE_COOKIE = 'depot_session';
export const REFERENCE_ROWS = 100;

function openDatabase(file: string, token: string) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`
    create table if not exists sessions (
      id integer primary key, token_hash text not null unique, user_id integer not null,
      expires_at text not null
    );
    create table if not exists items (
      id integer primary key, name text not null, price_cents integer not null,
      quantity integer not null, weight_grams integer not null, owner_id integer not null
    );
  `);
  const expiresAt = new Date(Date.now() + 24 * 3_600_000).toISOString();
  db.prepare('insert or replace into sessions (token_hash, user_id, expires_at) values (?, 1, ?)').run(
    createHash('sha256').update(token).digest('hex'),
    expiresAt,
  );
  const insert = db.prepare(
    'insert into items (name, price_cents, quantity, weight_grams, owner_id) values (?, ?, ?, ?, 1)',
  );
  db.transaction(() => {
    for (let i = 0; i < REFERENCE_ROWS; i += 1)
      insert.run(`Reference item ${i}`, 200 + i * 25, 1000, 250 + i * 50);
  })();
  return db;
}

/** The same two tables in PostgreSQL (REFERENCE_PG_URL names a schema of its own), as a pool of 10. */
async function openPostgres(url: string, token: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query(`
    create table if not exists sessions (
      id serial primary key, token_hash text not null unique, user_id integer not null,
      expires_at timestamptz not null
    );
    create table if not exists items (
      id serial primary key, name text not null, price_cents integer not null,
      quantity integer not null, weight_grams integer not null, owner_id integer not null
    );
    create index if not exists items_owner on items (owner_id, id);
  `);
  await pool.query(
    'insert into sessions (token_hash, user_id, expires_at) values ($1, 1, $2) on conflict (token_hash) do nothing',
    [createHash('sha256').update(token).digest('hex'), new Date(Date.now() + 24 * 3_600_000)],
  );
  await pool.query(
    `insert into items (name, price_cents, quantity, weight_grams, owner_id)
     select 'Reference item ' || i, 200 + i * 25, 1000, 250 + i * 50, 1 from generate_series(0, $1 - 1) i`,
    [REFERENCE_ROWS],
  );
  return pool;
}

async function main() {
  const [mode] = process.argv.slice(2);
  const port = Number(process.env.PORT);
  const app = Fastify({ logger: false });

  if (mode === 'bare') {
    app.get('/', async () => ({ hello: 'world' }));
  } else if (mode === 'session-rows') {
    const db = openDatabase(process.env.REFERENCE_DB ?? '', process.env.REFERENCE_TOKEN ?? '');
    const findSession = db.prepare('select user_id, expires_at from sessions where token_hash = ?');
    const listItems = db.prepare(
      'select id, name, price_cents, quantity, weight_grams, owner_id from items where owner_id = ? order by id desc limit ?',
    );
    await app.register(cookie);
    app.get('/items', async (request, reply) => {
      const token = request.cookies[REFERENCE_COOKIE];
      const session = token
        ? (findSession.get(createHash('sha256').update(token).digest('hex')) as
            | { user_id: number; expires_at: string }
            | undefined)
        : undefined;
      if (!session || Date.parse(session.expires_at) <= Date.now()) {
        return reply.status(401).send({ error: 'Not logged in' });
      }
      return listItems.all(session.user_id, REFERENCE_ROWS);
    });
  } else if (mode === 'session-rows-pg') {
    const pool = await openPostgres(process.env.REFERENCE_PG_URL ?? '', process.env.REFERENCE_TOKEN ?? '');
    await app.register(cookie);
    app.get('/items', async (request, reply) => {
      const token = request.cookies[REFERENCE_COOKIE];
      const session = token
        ? (
            await pool.query<{ user_id: number; expires_at: Date }>({
              name: 'reference_session',
              text: 'select user_id, expires_at from sessions where token_hash = $1',
              values: [createHash('sha256').update(token).digest('hex')],
            })
          ).rows[0]
        : undefined;
      if (!session || session.expires_at.getTime() <= Date.now()) {
        return reply.status(401).send({ error: 'Not logged in' });
      }
      return (
        await pool.query({
          name: 'reference_items',
          text: 'select id, name, price_cents, quantity, weight_grams, owner_id from items where owner_id = $1 order by id desc limit $2',
          values: [session.user_id, REFERENCE_ROWS],
        })
      ).rows;
    });
    app.addHook('onClose', () => pool.end());
  } else {
    throw new Error(`unknown reference server "${mode}": bare, session-rows or session-rows-pg`);
  }
  await app.listen({ port, host: '127.0.0.1' });
  const stop = () => app.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

// Run as a script; the bench imports only the constants above.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
