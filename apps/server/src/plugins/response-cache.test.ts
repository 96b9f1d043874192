import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createTestClock, registerAndLogin } from '../test/test-app';
import { registerResponseCache } from './response-cache';

describe('the response cache, on its own', () => {
  let app: FastifyInstance;
  let stamp = 1;
  let built = 0;
  let status = 200;

  beforeAll(async () => {
    app = Fastify();
    // The user the guard would have put on the request, from a test header.
    app.addHook('preValidation', async (request) => {
      const id = Number(request.headers['x-user']);
      request.user = { id, role: 'Customer', name: `User ${id}`, email: `${id}@example.com` };
    });
    registerResponseCache(app, { changeStamp: () => String(stamp), maxBytes: 2 ** 20 });
    app.get('/cached', { config: { responseCache: true } }, async (request, reply) => {
      built += 1;
      reply.header('x-total-count', '7');
      return reply.status(status).send({ user: request.user?.id, built, query: request.query });
    });
    app.get('/cached-large', { config: { responseCache: true } }, async () => {
      built += 1;
      return {
        built,
        lines: Array.from({ length: 200 }, (_, line) => ({ line, product: 'Basmati rice 5 kg' })),
      };
    });
    app.get('/uncached', async () => {
      built += 1;
      return { built };
    });
    app.post('/cached', { config: { responseCache: true } }, async () => {
      built += 1;
      return { built };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, user = 1, method: 'GET' | 'POST' = 'GET') =>
    app.inject({ method, url, headers: { 'x-user': String(user) } });

  it('answers a repeated GET from memory, with its JSON type and total, until the stamp changes', async () => {
    const first = await get('/cached?page=1');
    const builtBefore = built;
    const again = await get('/cached?page=1');
    expect(built).toBe(builtBefore);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['x-total-count']).toBe('7');
    expect(again.json()).toEqual(first.json());

    stamp += 1;
    const afterChange = await get('/cached?page=1');
    expect(built).toBe(builtBefore + 1);
    expect(afterChange.json().built).toBe(builtBefore + 1);
  });

  it('sends a large cached answer gzipped to a client that accepts gzip, and plain to one that does not', async () => {
    const gzip = { 'x-user': '1', 'accept-encoding': 'gzip, deflate, br' };
    const first = await app.inject({ method: 'GET', url: '/cached-large', headers: gzip });
    const builtBefore = built;
    const zipped = await app.inject({ method: 'GET', url: '/cached-large', headers: gzip });
    const plain = await app.inject({ method: 'GET', url: '/cached-large', headers: { 'x-user': '1' } });
    expect(built).toBe(builtBefore);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept, accept-encoding');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zipped.rawPayload.length).toBeLessThan(first.body.length / 4);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(first.json());
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept, accept-encoding');
    expect(plain.body).toBe(first.body);
    // A small answer is not worth gzipping.
    await get('/cached?page=gzip');
    const small = await app.inject({ method: 'GET', url: '/cached?page=gzip', headers: gzip });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('keys answers by user and by the whole URL', async () => {
    const mine = await get('/cached?page=2', 1);
    const theirs = await get('/cached?page=2', 2);
    const otherPage = await get('/cached?page=3', 1);
    expect(mine.json().user).toBe(1);
    expect(theirs.json().user).toBe(2);
    expect(otherPage.json().query).toEqual({ page: '3' });
    expect(new Set([mine.json().built, theirs.json().built, otherPage.json().built]).size).toBe(3);
  });

  it('keeps only 200 answers of GET routes that ask for it', async () => {
    status = 404;
    await get('/cached?page=4');
    const builtAfterMiss = built;
    await get('/cached?page=4');
    expect(built).toBe(builtAfterMiss + 1);
    status = 200;

    const before = built;
    await get('/uncached');
    await get('/uncached');
    await get('/cached', 1, 'POST');
    await get('/cached', 1, 'POST');
    expect(built).toBe(before + 4);
  });
});

describe('the response cache in the app, on SQLite', () => {
  let dir: string;
  let database: DatabaseHandle;
  let other: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'depot-response-cache-'));
    const url = `sqlite:${join(dir, 'depot.db')}`;
    database = createDatabase(url);
    await migrateToLatest(database.db as Kysely<unknown>, database.dialect);
    // A second connection to the same file: another process, as far as SQLite can tell.
    other = createDatabase(url);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: url,
      PUBLIC_URL: 'http://depot.test',
      WEB_DIST: '/nonexistent',
      REGISTRATION: 'open',
    });
    app = await buildApp({ config, database, clock: createTestClock(), logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await other.destroy();
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const names = async (cookie: string) => {
    const response = await app.inject({ method: 'GET', url: '/api/stocks', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return {
      names: (response.json() as { stock_name: string }[]).map((stock) => stock.stock_name),
      total: response.headers['x-total-count'],
    };
  };

  it('shows every write at once: through the API, to the same rows, and from another connection', async () => {
    const manager = await registerAndLogin(app, 'Inventory Manager');
    const rival = await registerAndLogin(app, 'Inventory Manager');
    const add = (cookie: string, name: string) =>
      app.inject({
        method: 'POST',
        url: '/api/stocks',
        headers: { cookie },
        payload: { name, price: '2.50', quantity: '4', weight: '1' },
      });

    expect(await names(manager.cookie)).toEqual({ names: [], total: '0' });
    const created = await add(manager.cookie, 'Crate');
    expect(created.statusCode).toBe(201);
    expect(await names(manager.cookie)).toEqual({ names: ['Crate'], total: '1' });
    // Served twice from the same data, and never to the other manager.
    expect(await names(manager.cookie)).toEqual({ names: ['Crate'], total: '1' });
    expect(await names(rival.cookie)).toEqual({ names: [], total: '0' });

    const id = created.json().stock.stock_id as number;
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/stocks/${id}`,
      headers: { cookie: manager.cookie },
      payload: { name: 'Big crate' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await names(manager.cookie)).toEqual({ names: ['Big crate'], total: '1' });

    await other.db.updateTable('stocks').set({ name: 'Crate from elsewhere' }).where('id', '=', id).execute();
    expect(await names(manager.cookie)).toEqual({ names: ['Crate from elsewhere'], total: '1' });
  });
});
