import { IDEMPOTENCY_KEY_HEADER } from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { orderDraftFor } from '../test/order-draft';
import { createPrivatePostgres, type PrivatePostgres } from '../test/private-postgres';
import { registerAndLogin } from '../test/test-app';
import { expectDatabaseTrouble } from './faults';

/**
 * The database down (docs/RELIABILITY.md#database-trouble): every API request answers 503
 * database_unavailable with Retry-After instead of 500 or a hang, readiness 503, health 200; the
 * first request once it is back succeeds, and an order refused during the outage is placed by its
 * retry with the same Idempotency-Key, once. A private cluster, so the shared server never goes down.
 */
describe('PostgreSQL down', () => {
  let postgres: PrivatePostgres | undefined;
  let database: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    await postgres?.remove();
  }, 30_000);

  it('answers 503 database_unavailable while the database is down, crashed or stopped, and serves the first request once it is back', async () => {
    postgres = await createPrivatePostgres();
    await postgres.start();
    database = createDatabase(postgres.url, { poolSize: 4 });
    await migrateToLatest(database.db as Kysely<unknown>, database.dialect);
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        PUBLIC_URL: 'http://depot.test',
        WEB_DIST: '/nonexistent',
        // Staff accounts of the fixture log in at once (docs/decisions/016-accounts-belong-to-their-owners.md).
        REGISTRATION: 'open',
      }),
      database,
      logger: false,
    });
    const [manager, customer, courier] = await Promise.all([
      registerAndLogin(app, 'Inventory Manager'),
      registerAndLogin(app, 'Customer'),
      registerAndLogin(app, 'Courier Service'),
    ]);
    const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object, key?: string) =>
      (app as FastifyInstance).inject({
        method,
        url,
        headers: { ...(cookie ? { cookie } : {}), ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}) },
        ...(payload ? { payload } : {}),
      });
    const created = await call('POST', '/api/stocks', manager.cookie, {
      name: 'Outage item',
      price: 2,
      quantity: 100,
      weight: 0.5,
    });
    const stockId = created.json().stock.stock_id as number;
    const draft = orderDraftFor({ courierId: courier.user.id, stockId });
    expect((await call('POST', '/api/orders', customer.cookie, draft, 'before')).statusCode).toBe(201);

    let placed = 1;
    for (const [how, takeDown] of [
      ['crash', () => postgres?.crash()],
      ['fast shutdown', () => postgres?.stop()],
    ] as const) {
      await takeDown();
      const key = `during-${how.replace(' ', '-')}`;
      const [stocks, profile, order, ready, health] = await Promise.all([
        call('GET', '/api/stocks', manager.cookie),
        call('GET', '/auth/profile', customer.cookie),
        call('POST', '/api/orders', customer.cookie, draft, key),
        call('GET', '/readyz'),
        call('GET', '/healthz'),
      ]);
      for (const answer of [stocks, profile, order]) expectDatabaseTrouble(answer, 'database_unavailable');
      expect([ready.statusCode, health.statusCode], how).toEqual([503, 200]);

      await postgres.start();
      expect(
        (await call('GET', '/api/stocks', manager.cookie)).statusCode,
        `first request after the ${how}`,
      ).toBe(200);
      const retried = await call('POST', '/api/orders', customer.cookie, draft, key);
      expect(retried.statusCode, retried.body).toBe(201);
      placed += 1;
      // The retry's retry replays the answer instead of placing it again.
      const replay = await call('POST', '/api/orders', customer.cookie, draft, key);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect((await call('GET', '/readyz')).statusCode).toBe(200);
    }
    const stock = await database.db
      .selectFrom('stocks')
      .select('quantity')
      .where('id', '=', stockId)
      .executeTakeFirstOrThrow();
    expect(stock.quantity).toBe(100 - placed);
    const orders = await database.db.selectFrom('orders').select('id').execute();
    expect(orders).toHaveLength(placed);
  }, 120_000);
});
