/**
 * The database-trouble budgets (docs/RELIABILITY.md#database-trouble), measured against the built
 * server with its default settings on a PostgreSQL cluster this script makes for itself (initdb on
 * a free port, deleted at the end, so the shared server is never touched):
 *
 * 1. One stock row locked by an outside session for --lock-seconds (40 for the budget) while 30
 *    customers (arriving over its first 3 s) order that item, each retrying its own Idempotency-Key after Retry-After until it is
 *    placed; meanwhile other clients order another item, list stock and read their profile, and a
 *    poller reads /readyz. Budgets: /readyz p99 < 50 ms, other requests p99 < 250 ms, every
 *    answer to a waiting order within 15 s (201, or 503 with Retry-After), every key placed once
 *    after the lock, stock exact.
 * 2. The database crashed (SIGKILL to every PostgreSQL process, as `pg_ctl -m immediate`) for
 *    --outage-seconds (5) under load, then started. Budgets: every request answered within 2 s,
 *    as 503 with Retry-After; the first request after succeeds; no acknowledged order lost or
 *    doubled.
 *
 * Run: `npm run bench:faults` (`-- --lock-seconds 10` for a quick run; `-- --check` exits 1 when a
 * budget fails). Needs Debian's postgresql package, like database-restart.postgres.test.ts.
 */

import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { IDEMPOTENCY_KEY_HEADER } from '@depot/contract';
import pg from 'pg';
import { freePort } from '../apps/server/src/test/free-port';
import { call, type Reply, registerAndLoginAt } from '../apps/server/src/test/http-client';
import { orderDraftFor } from '../apps/server/src/test/order-draft';
import { createPrivatePostgres } from '../apps/server/src/test/private-postgres';
import {
  buildServerBundle,
  spawnServer,
  stopServer,
  waitUntilReady,
} from '../apps/server/src/test/server-process';

const { values: options } = parseArgs({
  options: {
    'lock-seconds': { type: 'string', default: '40' },
    'outage-seconds': { type: 'string', default: '5' },
    waiting: { type: 'string', default: '30' },
    check: { type: 'boolean', default: false },
  },
});
const LOCK_MS = Number(options['lock-seconds']) * 1000;
const OUTAGE_MS = Number(options['outage-seconds']) * 1000;
const WAITING_ORDERS = Number(options.waiting);
/** Clients sending other requests during the lock, and requests of every kind during the outage. */
const OTHER_CLIENTS = 4;
const OUTAGE_CLIENTS = 8;
const STOCK_START = 100_000;
/** The waiting orders' customers arrive over this long once the row is locked. */
const ARRIVAL_MS = 3000;

type Session = Awaited<ReturnType<typeof registerAndLoginAt>>;

interface Timed {
  what: string;
  /** When it was sent (performance.now()). */
  at: number;
  status: number;
  ms: number;
  retryAfter: boolean;
  code?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function latencies(samples: Timed[]) {
  const ms = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return { n: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99), max: ms.at(-1) ?? Number.NaN };
}

const fmt = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : '-');

/** One request, timed; a request the server never answered counts as status 0. */
async function timed(what: string, send: () => Promise<Reply<unknown>>): Promise<Timed> {
  const started = performance.now();
  try {
    const reply = await send();
    const body = reply.body as { code?: string } | undefined;
    return {
      what,
      at: started,
      status: reply.status,
      ms: performance.now() - started,
      retryAfter: reply.headers['retry-after'] !== undefined,
      ...(body?.code ? { code: body.code } : {}),
    };
  } catch {
    return { what, at: started, status: 0, ms: performance.now() - started, retryAfter: false };
  }
}

const verdicts: { budget: string; figure: string; pass: boolean }[] = [];
function budget(name: string, figure: string, pass: boolean) {
  verdicts.push({ budget: name, figure, pass });
}

async function main() {
  console.log(
    `bench:faults: ${cpus().length} cores, load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(
        ' ',
      )}; lock ${LOCK_MS / 1000} s with ${WAITING_ORDERS} waiting orders, outage ${OUTAGE_MS / 1000} s`,
  );
  const [postgres, bundle] = await Promise.all([createPrivatePostgres(), buildServerBundle()]);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let server: Awaited<ReturnType<typeof waitUntilReady>> | undefined;
  try {
    await postgres.start();
    // The server as deployed: default pool and bounds.
    server = await waitUntilReady(
      spawnServer([bundle.entry], {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: postgres.url,
        LOG_LEVEL: 'error',
        NODE_ENV: 'production',
      }),
      url,
      60_000,
    );
    const manager = await registerAndLoginAt(url, 'Inventory Manager');
    const courier = await registerAndLoginAt(url, 'Courier Service');
    const customers: Session[] = [];
    for (let index = 0; index < 8; index += 1) customers.push(await registerAndLoginAt(url, 'Customer'));
    const stock = async (name: string) => {
      const reply = await call<{ stock: { stock_id: number } }>(url, 'POST', '/api/stocks', {
        cookie: manager.cookie,
        body: { name, price: 2, quantity: STOCK_START, weight: 0.5 },
      });
      if (reply.status !== 201) throw new Error(`create stock: ${reply.status}`);
      return reply.body.stock.stock_id;
    };
    const hot = await stock('Hot item');
    const cool = await stock('Cool item');
    const placeOrder = (customer: Session, stockId: number, key: string) =>
      call(url, 'POST', '/api/orders', {
        cookie: customer.cookie,
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
        body: { ...orderDraftFor({ courierId: courier.user.id, stockId }), shipping_address: `bench ${key}` },
      });
    const customerAt = (index: number) => customers[index % customers.length] as Session;
    /** A query over a connection of its own: the database goes down in between. */
    const query = async <Row extends pg.QueryResultRow>(text: string, values: unknown[]) => {
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      try {
        return (await client.query<Row>(text, values)).rows;
      } finally {
        await client.end();
      }
    };
    const quantityOf = async (id: number) =>
      Number(
        (await query<{ quantity: number }>('select quantity from stocks where id = $1', [id]))[0]?.quantity,
      );
    const ordersByAddress = async (prefix: string) => {
      const rows = await query<{ shipping_address: string; n: number }>(
        'select shipping_address, count(*)::int as n from orders where shipping_address like $1 group by shipping_address',
        [`${prefix}%`],
      );
      return new Map(rows.map((row) => [row.shipping_address, row.n]));
    };

    // 1. One row locked by an outside session.
    {
      const holder = new pg.Client({ connectionString: postgres.url });
      await holder.connect();
      await holder.query('begin');
      await holder.query('select id from stocks where id = $1 for update', [hot]);
      const lockedAt = performance.now();
      let lockHeld = true;
      let othersRunning = true;

      const waitingAnswers: Timed[] = [];
      const waiting = Array.from({ length: WAITING_ORDERS }, async (_, index) => {
        const key = `lock-wait-${index}-${randomUUID()}`;
        // Customers arrive over the first ARRIVAL_MS, not all in the same millisecond.
        await sleep((index * ARRIVAL_MS) / WAITING_ORDERS);
        for (let attempt = 0; attempt < 100; attempt += 1) {
          const answer = await timed('waiting order', () => placeOrder(customerAt(index), hot, key));
          waitingAnswers.push(answer);
          if (answer.status === 201) return { key, placed: true, attempts: attempt + 1 };
          await sleep(answer.retryAfter ? 2000 : 500);
        }
        return { key, placed: false, attempts: 100 };
      });

      const others: Timed[] = [];
      const ready: Timed[] = [];
      let otherOrdersPlaced = 0;
      const otherClients = Array.from({ length: OTHER_CLIENTS }, async (_, index) => {
        const customer = customerAt(index);
        for (let round = 0; othersRunning; round += 1) {
          const kind = round % 3;
          const answer =
            kind === 0
              ? await timed('other item order', () =>
                  placeOrder(customer, cool, `lock-other-${randomUUID()}`),
                )
              : kind === 1
                ? await timed('stock list', () => call(url, 'GET', '/api/stocks', { cookie: manager.cookie }))
                : await timed('profile', () =>
                    call(url, 'GET', '/auth/profile', { cookie: customer.cookie }),
                  );
          if (lockHeld) others.push(answer);
          if (kind === 0 && answer.status === 201) otherOrdersPlaced += 1;
          await sleep(20);
        }
      });
      const readiness = (async () => {
        while (othersRunning) {
          const answer = await timed('readyz', () => call(url, 'GET', '/readyz'));
          if (lockHeld) ready.push(answer);
          await sleep(100);
        }
      })();

      await sleep(LOCK_MS);
      lockHeld = false;
      await holder.query('rollback');
      await holder.end();
      const lockMs = performance.now() - lockedAt;
      const results = await Promise.all(waiting);
      othersRunning = false;
      await Promise.all([...otherClients, readiness]);

      const placedRows = await ordersByAddress('bench lock-wait-');
      const placedOnce = results.every(
        (result) => result.placed && placedRows.get(`bench ${result.key}`) === 1,
      );
      const hotExact = (await quantityOf(hot)) === STOCK_START - WAITING_ORDERS;
      const coolExact = (await quantityOf(cool)) === STOCK_START - otherOrdersPlaced;
      const answersDuringLock = waitingAnswers.filter((answer) => answer.status !== 201);
      const badWaitingAnswers = waitingAnswers.filter(
        (answer) => !(answer.status === 201 || (answer.status === 503 && answer.retryAfter)),
      );
      const waitingLatency = latencies(waitingAnswers);
      const readyLatency = latencies(ready);
      const otherLatency = latencies(others);
      console.log(`\n1. Stock row locked by an outside session for ${(lockMs / 1000).toFixed(1)} s`);
      console.log(
        `   waiting orders: ${WAITING_ORDERS} keys, ${waitingAnswers.length} answers (${answersDuringLock.length} × 503 ` +
          `${[...new Set(answersDuringLock.map((answer) => answer.code))].join('/')}, ${waitingAnswers.length - answersDuringLock.length} × 201), ` +
          `answer time p50 ${fmt(waitingLatency.p50)}, p99 ${fmt(waitingLatency.p99)}, max ${fmt(waitingLatency.max)}`,
      );
      const slowReady = ready.filter((answer) => answer.ms >= 50);
      if (slowReady.length > 0) {
        console.log(
          `   /readyz over 50 ms at: ${slowReady.map((answer) => `${((answer.at - lockedAt) / 1000).toFixed(2)} s (${fmt(answer.ms)})`).join(', ')} after the lock was taken`,
        );
      }
      console.log(
        `   /readyz while locked: ${readyLatency.n} polls, p50 ${fmt(readyLatency.p50)}, p99 ${fmt(readyLatency.p99)}, max ${fmt(readyLatency.max)}, ` +
          `${ready.filter((answer) => answer.status !== 200).length} not 200`,
      );
      for (const what of ['other item order', 'stock list', 'profile']) {
        const of = latencies(others.filter((answer) => answer.what === what));
        console.log(
          `   ${what} while locked: ${of.n} requests, p50 ${fmt(of.p50)}, p99 ${fmt(of.p99)}, max ${fmt(of.max)}`,
        );
      }
      const otherFailures = others.filter((answer) => answer.status >= 300 || answer.status === 0).length;
      console.log(
        `   other requests while locked: ${otherLatency.n}, p99 ${fmt(otherLatency.p99)}, ${otherFailures} not 2xx`,
      );
      console.log(
        `   after the lock: ${results.filter((result) => result.placed).length}/${WAITING_ORDERS} keys placed, ` +
          `each once: ${placedOnce}, attempts per key max ${Math.max(...results.map((result) => result.attempts))}; ` +
          `stock exact: hot ${hotExact}, other ${coolExact}`,
      );
      budget(
        'lock: /readyz p99 < 50 ms',
        fmt(readyLatency.p99),
        readyLatency.p99 < 50 && ready.every((a) => a.status === 200),
      );
      budget(
        'lock: other requests p99 < 250 ms, all 2xx',
        `${fmt(otherLatency.p99)}, ${otherFailures} not 2xx`,
        otherLatency.p99 < 250 && otherFailures === 0,
      );
      budget(
        'lock: every waiting order answered within 15 s (201, or 503 + Retry-After)',
        `max ${fmt(waitingLatency.max)}, ${badWaitingAnswers.length} other answers`,
        waitingLatency.max < 15_000 && badWaitingAnswers.length === 0,
      );
      budget(
        'lock: every retried key placed once, stock exact',
        `${placedOnce && hotExact && coolExact}`,
        placedOnce && hotExact && coolExact,
      );
    }

    // 2. The database crashed for a few seconds under load.
    {
      let running = true;
      const samples: Timed[] = [];
      const acknowledged = new Set<string>();
      /** Every key sent, with the customer who sent it (keys belong to a user). */
      const sentKeys = new Map<string, Session>();
      const clients = Array.from({ length: OUTAGE_CLIENTS }, async (_, index) => {
        const customer = customerAt(index);
        let key: string | undefined;
        for (let round = 0; running; round += 1) {
          const kind = round % 3;
          if (kind === 0 && !key) key = `outage-${index}-${round}`;
          const orderKey = key as string;
          const answer =
            kind === 0
              ? await timed('order', () => placeOrder(customer, cool, orderKey))
              : kind === 1
                ? await timed('stock list', () => call(url, 'GET', '/api/stocks', { cookie: manager.cookie }))
                : await timed('profile', () =>
                    call(url, 'GET', '/auth/profile', { cookie: customer.cookie }),
                  );
          if (kind === 0) {
            sentKeys.set(orderKey, customer);
            // Acknowledged: a new key next time; otherwise the same key is tried again.
            if (answer.status === 201) {
              acknowledged.add(orderKey);
              key = undefined;
            }
          }
          samples.push(answer);
          // Dense sampling of the outage: sooner than Retry-After, as many browsers at once would.
          await sleep(answer.status === 503 ? 100 : 20);
        }
      });
      const readySamples: Timed[] = [];
      const readiness = (async () => {
        while (running) {
          readySamples.push(await timed('readyz', () => call(url, 'GET', '/readyz')));
          await sleep(100);
        }
      })();
      await sleep(2000);
      const crashAt = performance.now();
      await postgres.crash();
      const downAt = performance.now();
      await sleep(OUTAGE_MS);
      const startAt = performance.now();
      await postgres.start();
      const upAt = performance.now();
      const outageMs = upAt - crashAt;
      const first = await timed('first request after', () =>
        call(url, 'GET', '/api/stocks', { cookie: manager.cookie }),
      );
      await sleep(2000);
      running = false;
      await Promise.all([...clients, readiness]);
      // Keys still unanswered when the clients stopped are settled now, with the same key.
      for (const [orderKey, customer] of sentKeys) {
        if (acknowledged.has(orderKey)) continue;
        const reply = await placeOrder(customer, cool, orderKey).catch(() => undefined);
        if (reply?.status === 201) acknowledged.add(orderKey);
      }

      const rows = await ordersByAddress('bench outage-');
      const lost = [...acknowledged].filter((orderKey) => !rows.has(`bench ${orderKey}`)).length;
      const doubled = [...rows.values()].filter((n) => n > 1).length;
      const strays = [...rows.keys()].filter(
        (address) => !acknowledged.has(address.slice('bench '.length)),
      ).length;
      // Sent while the database was surely down; and every request that overlapped the outage.
      const during = samples.filter((answer) => answer.at >= downAt && answer.at < startAt);
      const overlapping = samples.filter((answer) => answer.at + answer.ms > crashAt && answer.at < upAt);
      const afterwards = samples.filter((answer) => answer.at >= upAt);
      const readyDuring = readySamples.filter((answer) => answer.at >= downAt && answer.at < startAt);
      const duringLatency = latencies(overlapping);
      const not503 = during.filter((answer) => !(answer.status === 503 && answer.retryAfter));
      const codes = [...new Set(during.map((answer) => `${answer.status} ${answer.code ?? ''}`.trim()))];
      const readyLatency = latencies(readyDuring);
      const afterFailures = afterwards.filter((answer) => answer.status >= 300 || answer.status === 0).length;
      console.log(
        `\n2. PostgreSQL crashed (SIGKILL) and started again: ${(outageMs / 1000).toFixed(1)} s without a database ` +
          `(${OUTAGE_MS / 1000} s down, then ${((upAt - startAt) / 1000).toFixed(1)} s to start and recover)`,
      );
      console.log(
        `   requests sent while it was down: ${during.length}, answered as ${codes.join(', ')}; ${not503.length} not 503 with Retry-After`,
      );
      console.log(
        `   every request overlapping the outage: ${duringLatency.n}, answer time p50 ${fmt(duringLatency.p50)}, ` +
          `p99 ${fmt(duringLatency.p99)}, max ${fmt(duringLatency.max)}`,
      );
      console.log(
        `   /readyz during the outage: ${readyLatency.n} polls, ${readyDuring.filter((a) => a.status === 503).length} × 503, max ${fmt(readyLatency.max)}`,
      );
      console.log(
        `   first request after: ${first.status} in ${fmt(first.ms)}; requests in the 2 s after: ${afterwards.length}, ${afterFailures} not 2xx`,
      );
      console.log(
        `   orders: ${acknowledged.size} acknowledged, ${lost} lost, ${doubled} doubled, ${strays} placed but never acknowledged`,
      );
      budget('outage: every request answered within 2 s', fmt(duringLatency.max), duringLatency.max < 2000);
      budget(
        'outage: every answer 503 with Retry-After',
        `${not503.length} others`,
        not503.length === 0 && during.length > 0,
      );
      budget(
        'outage: /readyz 503 within 1 s',
        fmt(readyLatency.max),
        readyLatency.max < 1000 && readyDuring.every((a) => a.status === 503),
      );
      budget('outage: first request after succeeds', String(first.status), first.status === 200);
      budget(
        'outage: no acknowledged order lost or doubled',
        `${lost} lost, ${doubled} doubled`,
        lost === 0 && doubled === 0 && strays === 0,
      );
    }
  } finally {
    if (server) await stopServer(server);
    await postgres.remove();
    bundle.remove();
  }

  console.log('\nbudget | figure | verdict');
  for (const verdict of verdicts) {
    console.log(`${verdict.budget} | ${verdict.figure} | ${verdict.pass ? 'PASS' : 'FAIL'}`);
  }
  if (options.check && verdicts.some((verdict) => !verdict.pass)) process.exitCode = 1;
}

await main();
