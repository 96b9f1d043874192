import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestApp, createTestDatabase, registerAndLogin, type TestApp } from '../../test/test-app';
import { touchSession, touchSessionSql } from './repository';

/**
 * What only PostgreSQL has of the session cache (docs/decisions/043-session-cache.md): the notices
 * of changes made outside this instance, and the pool's own writes told as they end and commit.
 * The cache keeps a session a minute here, so that only forgetting can explain a refusal.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_CACHE_MS: '60000' } });
});
afterAll(async () => {
  await t.close();
});

const status = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/auth/profile', headers: { cookie } })).statusCode;
/** Asked twice, so the session is surely kept. */
const readTwice = async (cookie: string) => {
  expect(await status(cookie)).toBe(200);
  expect(await status(cookie)).toBe(200);
};

describe('a change made elsewhere', () => {
  let admin: pg.Client;
  beforeAll(async () => {
    if (t.database.dialect !== 'postgres') throw new Error('PostgreSQL only');
    admin = new pg.Client(t.database.connectionConfig);
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
  });

  it('by hand in the database (another instance alike) ends a kept session when it commits', async () => {
    const courier = await registerAndLogin(t.app, 'Courier Service');
    await readTwice(courier.cookie);
    await admin.query('update users set deactivated_at = $1 where id = $2', [
      new Date().toISOString(),
      courier.user.id,
    ]);
    // The database's notice travels on the listening connection: soon, not within this statement.
    const deadline = Date.now() + 3000;
    let answered = await status(courier.cookie);
    while (answered === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      answered = await status(courier.cookie);
    }
    expect(answered).toBe(401);
  });

  it('in a transaction that rolls back ends nothing', async () => {
    const manager = await registerAndLogin(t.app, 'Inventory Manager');
    await readTwice(manager.cookie);
    await admin.query('begin');
    await admin.query('delete from sessions where user_id = $1', [manager.user.id]);
    await admin.query('rollback');
    expect(await status(manager.cookie)).toBe(200);
  });
});

describe('watchWrites', () => {
  let database: DatabaseHandle & { drop(): Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('tells of updates and deletes of the watched tables once they end, and again when their transaction commits', async () => {
    if (database.dialect !== 'postgres') throw new Error('PostgreSQL only');
    const told: string[] = [];
    let step = '';
    const touch = touchSessionSql(database.db);
    database.watchWrites(
      ['sessions', 'users'],
      () => told.push(step),
      (text) => text === touch,
    );

    step = 'select';
    await database.db.selectFrom('users').select('id').execute();
    step = 'insert';
    await sql`insert into sessions select * from sessions where false`.execute(database.db);
    step = 'other table';
    await database.db.updateTable('stocks').set({ quantity: 1 }).where('id', '=', -1).execute();
    step = 'unless';
    await touchSession(database.db, -1, new Date().toISOString());
    step = 'update';
    await database.db.updateTable('users').set({ name: 'x' }).where('id', '=', -1).execute();
    step = 'in transaction';
    await database.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sessions').where('id', '=', -1).execute();
      step = 'commit';
    });
    expect(told).toEqual(['update', 'in transaction', 'commit']);
  });
});
