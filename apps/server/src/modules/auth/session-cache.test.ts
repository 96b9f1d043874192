import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  registerAndLogin,
  STRONG_PASSWORD,
  sessionCookieFrom,
  type TestApp,
} from '../../test/test-app';
import { createSessionCache } from './session-cache';

/**
 * A session read a moment ago answers no longer than its change (docs/decisions/043-session-cache.md).
 * On PostgreSQL the cache is on (2 s by default; a minute here, so that only forgetting can explain
 * a refusal); on SQLite there is none, and each case must hold all the same. What only PostgreSQL
 * has (notices of changes made elsewhere, the pool's writes told) is in session-cache.postgres.test.ts.
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
