/**
 * Load test of a realistic mix against three set-ups on this machine: one instance on SQLite, one
 * on PostgreSQL, and two on PostgreSQL behind nginx. Prints requests per second and p50/p99
 * latency of each. Run: `npm run bench:scale` (needs PostgreSQL at TEST_POSTGRES_URL and
 * Debian's nginx, like the tests). BENCH_DURATION (seconds per round, default 10), BENCH_ROUNDS
 * (default 3) and BENCH_CONNECTIONS (default 16) tune it. Only loopback addresses are called.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import type { Order, StockItem } from '@depot/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../apps/server/src/test/free-port';
import { call, registerAndLoginAt } from '../apps/server/src/test/http-client';
import { startNginx } from '../apps/server/src/test/nginx';
import { orderDraftFor } from '../apps/server/src/test/order-draft';
import {
  buildServerBundle,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitUntilReady,
} from '../apps/server/src/test/server-process';
import { createScratchSchema, TEST_POSTGRES_URL } from '../apps/server/src/test/test-app';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WARM_UP_S = 3;
const STOCK_ITEMS = 20;
const CUSTOMERS = 16;
const COURIERS = 4;
const ORDERS_PER_CUSTOMER = 5;
// Delivered is final for a courier (docs/decisions/028-the-courier-s-field-kit.md): the load moves
// orders between the two open statuses, so every change is a real one, never a 409.
const ORDER_STATUSES = ['Processing', 'In Transit'] as const;

type Session = Awaited<ReturnType<typeof registerAndLoginAt>>;

interface Fixture {
  stockIds: number[];
  customers: Session[];
  couriers: { session: Session; orderIds: number[] }[];
}

/** One request of the mix, as autocannon sends it. */
interface MixRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  cookie: string;
  body?: unknown;
  headers?: Record<string, string>;
}

interface MixEntry {
  name: string;
  /** Relative share of the traffic. */
  weight: number;
  next(fixture: Fixture): MixRequest;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

const orderDraft = (fixture: Fixture) =>
  orderDraftFor({
    courierId: pick(fixture.couriers).session.user.id,
    stockId: pick(fixture.stockIds),
    quantity: 1 + Math.floor(Math.random() * 3),
    locationType: pick(['urban', 'suburban', 'rural'] as const),
  });

/**
 * Where the analytics endpoints join the mix once they exist (GET /api/analytics/…,
 * docs/product/business-rules.md#analytics-reports): an Inventory Manager's report requests, with
 * their weight.
 */
const REPORT_REQUESTS: MixEntry[] = [];

/** What the dashboards do most: browse stock, place orders, move deliveries on, read order lists. */
const MIX: MixEntry[] = [
  {
    name: 'list stock',
    weight: 35,
    next: (fixture) => ({ method: 'GET', path: '/api/stocks', cookie: pick(fixture.customers).cookie }),
  },
  {
    name: 'place an order',
    weight: 15,
    next: (fixture) => ({
      method: 'POST',
      path: '/api/orders',
      cookie: pick(fixture.customers).cookie,
      headers: { 'idempotency-key': randomUUID() },
      body: orderDraft(fixture),
    }),
  },
  {
    name: 'courier status update',
    weight: 20,
    next: (fixture) => {
      const courier = pick(fixture.couriers);
      return {
        method: 'PUT',
        path: `/api/orders/${pick(courier.orderIds)}`,
        cookie: courier.session.cookie,
        body: { status: pick(ORDER_STATUSES) },
      };
    },
  },
  {
    name: 'orders list',
    weight: 30,
    next: (fixture) => ({
      method: 'GET',
      path: '/api/orders?limit=20',
      cookie: pick([...fixture.customers, ...fixture.couriers.map((courier) => courier.session)]).cookie,
    }),
  },
  ...REPORT_REQUESTS,
];

function nextMixRequest(fixture: Fixture): MixRequest {
  const total = MIX.reduce((sum, entry) => sum + entry.weight, 0);
  let roll = Math.random() * total;
  for (const entry of MIX) {
    roll -= entry.weight;
    if (roll < 0) return entry.next(fixture);
  }
  return (MIX[0] as MixEntry).next(fixture);
}

/** A manager's stock, customers and couriers, and some orders for the couriers to move on. */
async function seed(baseUrl: string): Promise<Fixture> {
  const manager = await registerAndLoginAt(baseUrl, 'Inventory Manager');
  const stockIds: number[] = [];
  for (let i = 0; i < STOCK_ITEMS; i += 1) {
    const created = await call<{ stock: StockItem }>(baseUrl, 'POST', '/api/stocks', {
      cookie: manager.cookie,
      body: { name: `Bench item ${i}`, price: 2 + i, quantity: 10_000_000, weight: 0.5 + i / 10 },
    });
    stockIds.push(created.body.stock.stock_id);
  }
  const customers: Session[] = [];
  for (let i = 0; i < CUSTOMERS; i += 1) customers.push(await registerAndLoginAt(baseUrl, 'Customer'));
  const couriers: Fixture['couriers'] = [];
  for (let i = 0; i < COURIERS; i += 1) {
    couriers.push({ session: await registerAndLoginAt(baseUrl, 'Courier Service'), orderIds: [] });
  }
  const fixture = { stockIds, customers, couriers };
  for (const customer of customers) {
    for (let i = 0; i < ORDERS_PER_CUSTOMER; i += 1) {
      const placed = await call<{ order: Order }>(baseUrl, 'POST', '/api/orders', {
        cookie: customer.cookie,
        body: orderDraft(fixture),
      });
      if (placed.status !== 201) throw new Error(`seeding an order failed: ${JSON.stringify(placed.body)}`);
      const { order } = placed.body;
      couriers
        .find((courier) => courier.session.user.id === order.courier_service_id)
        ?.orderIds.push(order.id);
    }
  }
  return fixture;
}

interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** One way of running Depot, seeded and ready to be measured. */
interface SetUp {
  name: string;
  url: string;
  fixture: Fixture;
  rounds: Figures[];
  stop(): Promise<void>;
}

function load(baseUrl: string, fixture: Fixture, durationS: number) {
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: durationS,
    requests: [
      {
        setupRequest: (request) => {
          const next = nextMixRequest(fixture);
          return {
            ...request,
            method: next.method,
            path: next.path,
            headers: {
              cookie: next.cookie,
              ...(next.body === undefined ? {} : { 'content-type': 'application/json' }),
              ...next.headers,
            },
            body: next.body === undefined ? '' : JSON.stringify(next.body),
          };
        },
      },
    ],
  });
}

async function measure(setUp: SetUp): Promise<Figures> {
  const result = await load(setUp.url, setUp.fixture, DURATION_S);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Starts instances of the bundled server on free loopback ports; stop() ends them all. */
async function startInstances(entry: string, count: number, env: Record<string, string>) {
  const urls: string[] = [];
  const servers: ServerProcess[] = [];
  const stop = () => Promise.all(servers.map(stopServer));
  try {
    for (let i = 0; i < count; i += 1) {
      const port = await freePort();
      const server = spawnServer([entry], {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ...env,
      });
      servers.push(server);
      urls.push((await waitUntilReady(server, `http://127.0.0.1:${port}`)).url);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls, stop };
}

async function readySetUp(name: string, url: string, stop: () => Promise<void>): Promise<SetUp> {
  try {
    const fixture = await seed(url);
    await load(url, fixture, WARM_UP_S);
    return { name, url, fixture, rounds: [], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function startSqliteSetUp(entry: string): Promise<SetUp> {
  const dir = mkdtempSync(join(tmpdir(), 'depot-bench-'));
  const instances = await startInstances(entry, 1, { DATABASE_URL: `sqlite:${join(dir, 'depot.db')}` });
  return readySetUp('1 instance, SQLite', instances.urls[0] as string, async () => {
    await instances.stop();
    rmSync(dir, { recursive: true, force: true });
  });
}

async function startPostgresSetUp(entry: string, count: number): Promise<SetUp> {
  const schema = await createScratchSchema('bench');
  const instances = await startInstances(entry, count, {
    DATABASE_URL: schema.url,
    DATABASE_POOL_SIZE: '10',
    TRUSTED_PROXIES: '127.0.0.1',
  });
  const webRoot = mkdtempSync(join(tmpdir(), 'depot-bench-web-'));
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  const stop = async () => {
    await nginx?.stop();
    await instances.stop();
    await schema.drop();
    rmSync(webRoot, { recursive: true, force: true });
  };
  if (count > 1) {
    const upstreams = instances.urls.map((url) => new URL(url).host);
    nginx = await startNginx({ upstreams, webRoot }).catch(async (error: unknown) => {
      await stop();
      throw error;
    });
  }
  const name = nginx ? `${count} instances behind nginx, PostgreSQL` : '1 instance, PostgreSQL';
  return readySetUp(name, nginx?.url ?? (instances.urls[0] as string), stop);
}

async function machineDescription(): Promise<string> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>('show server_version');
  await client.end();
  // nginx -v writes to stderr.
  const nginx = spawnSync(process.env.NGINX_PATH ?? '/usr/sbin/nginx', ['-v'], { encoding: 'utf8' }).stderr;
  return [
    `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, load average ${loadavg()[0]?.toFixed(1)} when done`,
    `Node ${process.version}, PostgreSQL ${rows[0]?.server_version}, ${nginx.trim() || 'nginx'}`,
    `${CONNECTIONS} connections; median of ${ROUNDS} rounds of ${DURATION_S} s per set-up, taken in turn after a ${WARM_UP_S} s warm-up;`,
    'the load generator, nginx, the instances and PostgreSQL share the machine',
  ].join('\n');
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function main() {
  const bundle = await buildServerBundle();
  const setUps: SetUp[] = [];
  try {
    setUps.push(await startSqliteSetUp(bundle.entry));
    setUps.push(await startPostgresSetUp(bundle.entry, 1));
    setUps.push(await startPostgresSetUp(bundle.entry, 2));
    // In turn rather than one after the other: a busy moment on the machine hits every set-up alike.
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const setUp of setUps) {
        setUp.rounds.push(await measure(setUp));
        console.log(`round ${round}, ${setUp.name}: ${JSON.stringify(setUp.rounds.at(-1))}`);
      }
    }
  } finally {
    await Promise.all(setUps.map((setUp) => setUp.stop()));
    bundle.remove();
  }

  console.log(`\n${await machineDescription()}\n`);
  console.log('| set-up | requests/s | p50 latency | p99 latency | non-2xx | errors |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const { name, rounds } of setUps) {
    const of = (figure: keyof Figures) => median(rounds.map((row) => row[figure]));
    const sum = (figure: keyof Figures) => rounds.reduce((total, row) => total + row[figure], 0);
    console.log(
      `| ${name} | ${of('requestsPerSecond')} | ${of('p50Ms')} ms | ${of('p99Ms')} ms | ${sum('non2xx')} | ${sum('errors')} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
