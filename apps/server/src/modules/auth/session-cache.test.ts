import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import {
  createTestApp,
  createTestDatabase,
  registerAndLogin,
  STRONG_PASSWORD,
  sessionCookieFrom,
  type TestApp,
  testDialect,
} from '../../test/test-app';
import { touchSession, touchSessionSql } from './repository';
import { createSessionCache } from './session-cache';

/**
 * A session read a moment ago answers no longer than its change (docs/decisions/043-session-cache.md).
 * On PostgreSQL the cache is on (2 s by default; a minute here, so that only forgetting can explain
 * a refusal); on SQLite there is none, and each case must hold all the same.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_CACHE_MS: '60000' } });
});
afterAll(async () => {
  await t.close();
});

const status = async (cookie: string, url = '/auth/profile') =>
  (await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode;
/** Asked twice, so the session is surely kept where sessions are kept. */
const readTwice = async (cookie: string) => {
  expect(await status(cookie)).toBe(200);
  expect(await status(cookie)).toBe(200);
};

/** A manager signed in twice: two sessions of one user, as on a laptop and a phone. */
async function onTwoDevices() {
  const manager = await registerAndLogin(t.app, 'Inventory Manager');
  const login = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: manager.email, password: STRONG_PASSWORD },
  });
  return { manager, other: sessionCookieFrom(login) };
}

describe('a session just read', () => {
  it('is refused as soon as it logs out', async () => {
    const manager = await registerAndLogin(t.app, 'Inventory Manager');
    await readTwice(manager.cookie);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: manager.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(await status(manager.cookie)).toBe(401);
  });

  it('is refused as soon as its user logs out everywhere from another device', async () => {
    const { manager, other } = await onTwoDevices();
    await readTwice(manager.cookie);
    await readTwice(other);
    const out = await t.app.inject({ method: 'POST', url: '/auth/logout-all', headers: { cookie: other } });
    expect(out.statusCode).toBe(200);
    expect(await status(manager.cookie)).toBe(401);
  });

  it('is refused as soon as its password changes on another device', async () => {
    const { manager, other } = await onTwoDevices();
    await readTwice(manager.cookie);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      headers: { cookie: other },
      payload: { current_password: STRONG_PASSWORD, new_password: 'another Strong passphrase 42' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await status(manager.cookie)).toBe(401);
    expect(await status(other)).toBe(200);
  });

  it('is refused as soon as a manager deactivates its account', async () => {
    const manager = await registerAndLogin(t.app, 'Inventory Manager');
    const courier = await registerAndLogin(t.app, 'Courier Service');
    await readTwice(courier.cookie);
    const deactivated = await t.app.inject({
      method: 'POST',
      url: `/api/team/${courier.user.id}/deactivate`,
      headers: { cookie: manager.cookie },
    });
    expect(deactivated.statusCode).toBe(200);
    expect(await status(courier.cookie)).toBe(401);
  });

  it('answers with the name its user has now', async () => {
    const customer = await registerAndLogin(t.app, 'Customer', { name: 'Before' });
    const profile = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/auth/profile', headers: { cookie: customer.cookie } })
      ).json();
    expect((await profile()).name).toBe('Before');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/account',
      headers: { cookie: customer.cookie },
      payload: { name: 'After' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await profile()).name).toBe('After');
  });
});

describe.runIf(testDialect === 'postgres')('on PostgreSQL, a change made elsewhere', () => {
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

describe.runIf(testDialect === 'postgres')('watchWrites', () => {
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

describe('createSessionCache', () => {
  const row = { id: 1 };

  it('answers a kept row within its lifetime only', () => {
    const cache = createSessionCache<typeof row>({ lifetimeMs: 1000, hearsChanges: () => true });
    cache.remember('a', row, cache.generation(), 5000);
    expect(cache.get('a', 5999)).toBe(row);
    expect(cache.get('a', 6000)).toBeUndefined();
  });

  it('keeps nothing read before a change, and forgets what it kept', () => {
    const cache = createSessionCache<typeof row>({ lifetimeMs: 1000, hearsChanges: () => true });
    const readIn = cache.generation();
    cache.remember('kept', row, readIn, 0);
    cache.forgetAll();
    cache.remember('late', row, readIn, 0);
    expect(cache.get('kept', 1)).toBeUndefined();
    expect(cache.get('late', 1)).toBeUndefined();
  });

  it('uses nothing while changes made elsewhere cannot reach it', () => {
    let hears = true;
    const cache = createSessionCache<typeof row>({ lifetimeMs: 1000, hearsChanges: () => hears });
    cache.remember('a', row, cache.generation(), 0);
    hears = false;
    expect(cache.get('a', 1)).toBeUndefined();
  });

  it('keeps at most its bound of tokens, dropping the oldest', () => {
    const cache = createSessionCache<typeof row>({
      lifetimeMs: 1000,
      hearsChanges: () => true,
      maxEntries: 2,
    });
    for (const token of ['a', 'b', 'c']) cache.remember(token, row, cache.generation(), 0);
    expect(['a', 'b', 'c'].map((token) => cache.get(token, 1) !== undefined)).toEqual([false, true, true]);
  });
});
