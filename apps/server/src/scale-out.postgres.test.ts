import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  type Order,
  type Profile,
  type StockItem,
} from '@depot/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoProof } from './test/delivery-proof';
import { call, registerAndLoginAt } from './test/http-client';
import { type RunningNginx, startNginx } from './test/nginx';
import { orderDraftFor } from './test/order-draft';
import {
  buildServerBundle,
  type ListeningServer,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitUntilListening,
} from './test/server-process';
import { openStream } from './test/sse-client';
import { createScratchSchema, STRONG_PASSWORD, TEST_POSTGRES_URL, uniqueEmail } from './test/test-app';

/** nginx reaches the instances from this address, the only one they trust; the test itself calls from 127.0.0.1. */
const NGINX_ADDRESS = '127.0.0.2';

describe('two instances on one PostgreSQL behind nginx', () => {
  let database: Awaited<ReturnType<typeof createScratchSchema>>;
  let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
  let webRoot: string;
  let spawned: ServerProcess[] = [];
  let instances: ListeningServer[] = [];
  let nginx: RunningNginx;
  let a: string;
  let b: string;
  let viaNginx: string;

  beforeAll(async () => {
    [database, bundle] = await Promise.all([createScratchSchema('scale'), buildServerBundle()]);
    webRoot = mkdtempSync(join(tmpdir(), 'depot-web-'));
    mkdirSync(join(webRoot, 'static', 'js'), { recursive: true });
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Depot</title><div id="root"></div>');
    writeFileSync(join(webRoot, 'static', 'js', 'index-abc123.js'), 'console.log(1)');
    for (const dir of [webRoot, join(webRoot, 'static'), join(webRoot, 'static', 'js')])
      chmodSync(dir, 0o755);

    // Both start at once on the empty schema: the migrator's lock lets one migrate, the other wait.
    const env = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '4',
      PUBLIC_URL: 'http://depot.test',
      TRUSTED_PROXIES: NGINX_ADDRESS,
      WEB_DIST: webRoot,
      SESSION_CACHE_MS: '60000',
    };
    spawned = [spawnServer([bundle.entry], env), spawnServer([bundle.entry], env)];
    instances = await Promise.all(spawned.map((server) => waitUntilListening(server)));
    [a, b] = instances.map((instance) => instance.url) as [string, string];
    nginx = await startNginx({
      upstreams: instances.map((instance) => new URL(instance.url).host),
      webRoot,
      serverDirectives: [
        `proxy_bind ${NGINX_ADDRESS};`,
        // Which instance answered: only so the test can pick "the other one".
        'add_header X-Depot-Upstream $upstream_addr always;',
      ],
    });
    viaNginx = nginx.url;
  }, 60_000);

  afterAll(async () => {
    await nginx?.stop();
    const codes = await Promise.all(spawned.map(stopServer));
    await database?.drop();
    bundle?.remove();
    if (webRoot) rmSync(webRoot, { recursive: true, force: true });
    expect(codes).toEqual(spawned.map(() => 0));
  }, 30_000);

  it('ran the migrations once although both instances started together', async () => {
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        `select name, count(*)::int as runs from ${database.schema}.kysely_migration group by name`,
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.runs === 1)).toBe(true);
    } finally {
      await admin.end();
    }
  });

  it('serves the web app from nginx: pages never cached, hashed chunks for a year, the app’s security headers', async () => {
    const fromApp = await call(a, 'GET', '/');
    for (const path of ['/', '/dashboard/overview', '/reset-password/some-token']) {
      const page = await call<string>(viaNginx, 'GET', path);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['x-depot-upstream']).toBeUndefined();
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'x-content-type-options',
        'referrer-policy',
      ]) {
        expect(page.headers[name], name).toBe(fromApp.headers[name]);
      }
    }
    const chunk = await call(viaNginx, 'GET', '/static/js/index-abc123.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe('max-age=31536000');
    expect((await call(viaNginx, 'GET', '/static/js/missing.js')).status).toBe(404);
    const api = await call(viaNginx, 'GET', '/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });

  it('keeps a session opened on one instance valid on the other, and ends it on both', async () => {
    const customer = await registerAndLoginAt(a, 'Customer');
    const profile = await call<Profile>(b, 'GET', '/auth/profile', { cookie: customer.cookie });
    expect(profile.status).toBe(200);
    expect(profile.body.id).toBe(customer.user.id);
    // Read on A, so A keeps the session (for a minute here: only the database's notice can end it sooner).
    for (const _ of [1, 2])
      expect((await call(a, 'GET', '/auth/profile', { cookie: customer.cookie })).status).toBe(200);
    expect((await call(b, 'POST', '/auth/logout', { cookie: customer.cookie })).status).toBe(200);
    expect((await call(b, 'GET', '/auth/profile', { cookie: customer.cookie })).status).toBe(401);
    const deadline = Date.now() + 3000;
    let onA = 200;
    while (onA === 200 && Date.now() < deadline) {
      onA = (await call(a, 'GET', '/auth/profile', { cookie: customer.cookie })).status;
    }
    expect(onA).toBe(401);
  });

  it('counts failed logins for one email across both instances', async () => {
    const customer = await registerAndLoginAt(a, 'Customer');
    for (const instance of [a, b, a, b, a]) {
      const failed = await call(instance, 'POST', '/auth/login', {
        body: { email: customer.email, password: 'not the password at all' },
      });
      expect(failed.status).toBe(401);
    }
    for (const instance of [b, a]) {
      const login = { email: customer.email, password: STRONG_PASSWORD };
      expect((await call(instance, 'POST', '/auth/login', { body: login })).status).toBe(429);
    }
  });

  describe('orders', () => {
    let manager: Awaited<ReturnType<typeof registerAndLoginAt>>;
    let courier: Awaited<ReturnType<typeof registerAndLoginAt>>;
    let stockId: number;
    const orderBody = (quantity: number) => orderDraftFor({ courierId: courier.user.id, stockId, quantity });
    const stockQuantity = async () => {
      const stocks = await call<StockItem[]>(b, 'GET', '/api/stocks', { cookie: manager.cookie });
      const stock = stocks.body.find((item) => item.stock_id === stockId);
      if (!stock) throw new Error('the stock item is gone');
      return stock.quantity;
    };

    beforeAll(async () => {
      [manager, courier] = await Promise.all([
        registerAndLoginAt(a, 'Inventory Manager'),
        registerAndLoginAt(b, 'Courier Service'),
      ]);
      const created = await call<{ stock: StockItem }>(a, 'POST', '/api/stocks', {
        cookie: manager.cookie,
        body: { name: 'Scale-out widget', price: 4, quantity: 100, weight: 1 },
      });
      expect(created.status).toBe(201);
      stockId = created.body.stock.stock_id;
    });

    it('places an order once when the retry lands on the other instance', async () => {
      const customer = await registerAndLoginAt(a, 'Customer');
      const before = await stockQuantity();
      const key = { [IDEMPOTENCY_KEY_HEADER]: `scale-${randomBytes(8).toString('hex')}` };
      const first = await call<{ order: Order }>(a, 'POST', '/api/orders', {
        cookie: customer.cookie,
        body: orderBody(3),
        headers: key,
      });
      const retry = await call<{ order: Order }>(b, 'POST', '/api/orders', {
        cookie: customer.cookie,
        body: orderBody(3),
        headers: key,
      });
      expect(first.status).toBe(201);
      expect(retry.status).toBe(201);
      expect(retry.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
      expect(retry.body.order.id).toBe(first.body.order.id);
      expect(await stockQuantity()).toBe(before - 3);
      const orders = await call<Order[]>(a, 'GET', '/api/orders', { cookie: customer.cookie });
      expect(orders.body.map((order) => order.id)).toEqual([first.body.order.id]);
    });

    it('places an order once when the same key reaches both instances at once', async () => {
      const customer = await registerAndLoginAt(a, 'Customer');
      const before = await stockQuantity();
      const key = { [IDEMPOTENCY_KEY_HEADER]: `scale-race-${randomBytes(8).toString('hex')}` };
      const responses = await Promise.all(
        [a, b, a, b].map((instance) =>
          call<{ order: Order }>(instance, 'POST', '/api/orders', {
            cookie: customer.cookie,
            body: orderBody(2),
            headers: key,
          }),
        ),
      );
      const placed = responses.filter((response) => response.status === 201);
      expect(responses.every((response) => [201, 409].includes(response.status))).toBe(true);
      expect(placed.length).toBeGreaterThan(0);
      expect(new Set(placed.map((response) => response.body.order.id)).size).toBe(1);
      expect(await stockQuantity()).toBe(before - 2);
      const orders = await call<Order[]>(b, 'GET', '/api/orders', { cookie: customer.cookie });
      expect(orders.body).toHaveLength(1);
    });

    it('streams a courier’s status changes, made on either instance, to the customer’s page through nginx, each once', async () => {
      const customer = await registerAndLoginAt(a, 'Customer');
      const placed = await call<{ order: Order }>(b, 'POST', '/api/orders', {
        cookie: customer.cookie,
        body: orderBody(1),
        headers: { [IDEMPOTENCY_KEY_HEADER]: `scale-${randomBytes(8).toString('hex')}` },
      });
      expect(placed.status).toBe(201);
      const orderId = placed.body.order.id;

      const stream = await openStream(viaNginx, customer.cookie);
      try {
        expect(stream.response.status).toBe(200);
        await stream.next((message) => message.retry !== undefined, 10_000);
        const streamHost = stream.response.headers.get('x-depot-upstream');
        const own = instances.find((instance) => new URL(instance.url).host === streamHost)?.url;
        const other = instances.find((instance) => instance.url !== own)?.url;
        if (!own || !other) throw new Error(`the stream came from an unknown upstream: ${streamHost}`);

        // Another instance's change arrives by NOTIFY; the stream's own instance hands its change over
        // directly. NOTIFYs arrive in commit order, so a duplicate of either would show before the last.
        for (const [instance, status] of [
          [other, 'In Transit'],
          [own, 'Processing'],
          [other, 'Delivered'],
        ] as const) {
          const update = await call(instance, 'PUT', `/api/orders/${orderId}`, {
            cookie: courier.cookie,
            body: status === 'Delivered' ? { status, proof: photoProof() } : { status },
          });
          expect(update.status).toBe(200);
          await stream.next(
            (message) =>
              message.event === 'order-updated' && JSON.parse(message.data ?? '').order.status === status,
            10_000,
          );
        }
        const events = stream.received
          .filter((message) => message.event !== undefined)
          .map((message) => {
            const data = JSON.parse(message.data ?? '');
            return `${message.event}: ${data.title ?? data.order.status}`;
          });
        expect(events).toEqual([
          'notification: In Transit',
          'order-updated: In Transit',
          'notification: Processing',
          'order-updated: Processing',
          'notification: Delivered',
          'order-updated: Delivered',
        ]);
      } finally {
        stream.close();
      }
    });
  });

  describe('forwarded headers', () => {
    const failLogin = (baseUrl: string, from: string, forwardedFor: string) =>
      call(baseUrl, 'POST', '/auth/login', {
        from,
        headers: { 'x-forwarded-for': forwardedFor },
        body: { email: uniqueEmail('spray'), password: 'not the password at all' },
      });

    it('limits failed logins by the client address nginx forwards, and ignores the header sent to an instance directly', async () => {
      for (let i = 0; i < 20; i += 1) {
        // Whatever a client claims, nginx appends the address it really came from.
        expect((await failLogin(viaNginx, '127.0.0.7', `203.0.113.${i}`)).status).toBe(401);
      }
      expect((await failLogin(viaNginx, '127.0.0.7', '203.0.113.99')).status).toBe(429);
      expect((await failLogin(viaNginx, '127.0.0.8', '127.0.0.7')).status).toBe(401);
      for (const instance of [a, b]) {
        expect((await failLogin(instance, '127.0.0.1', '127.0.0.7')).status).toBe(401);
      }
    });

    it('checks the Origin against the scheme and host nginx forwards, never against ones a client sends directly', async () => {
      const forgot = { body: { email: 'nobody@example.com' } };
      const nginxOrigin = new URL(viaNginx).origin;
      expect(
        (
          await call(viaNginx, 'POST', '/auth/forgot-password', {
            ...forgot,
            headers: { origin: nginxOrigin },
          })
        ).status,
      ).toBe(200);
      const forged = {
        origin: 'https://evil.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
      };
      expect((await call(a, 'POST', '/auth/forgot-password', { ...forgot, headers: forged })).status).toBe(
        403,
      );
    });
  });
});
