import { IDEMPOTENCY_KEY_HEADER } from '@depot/contract';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { orderDraftFor } from '../test/order-draft';
import {
  createTestApp,
  registerAndLogin,
  TEST_POSTGRES_URL,
  type TestApp,
  type TestDatabaseOptions,
} from '../test/test-app';
import { waitFor } from '../test/wait-for';
import { expectDatabaseTrouble, holdRowLock } from './faults';

/**
 * Faults only PostgreSQL has (docs/RELIABILITY.md#database-trouble): many orders waiting on one row
 * another session holds, the pool drained, a slow statement. The database restarting is
 * database-restart.postgres.test.ts and database-outage.postgres.test.ts.
 */

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
const START = 1000;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setUp(database: TestDatabaseOptions) {
  const app = await createTestApp({ database });
  t = app;
  const [manager, customer, courier] = await Promise.all([
    registerAndLogin(app.app, 'Inventory Manager'),
    registerAndLogin(app.app, 'Customer'),
    registerAndLogin(app.app, 'Courier Service'),
  ]);
  const create = async (name: string) => {
    const created = await app.call('POST', '/api/stocks', manager, {
      name,
      price: 2,
      quantity: START,
      weight: 0.5,
    });
    expect(created.statusCode).toBe(201);
    return created.json().stock.stock_id as number;
  };
  const hot = await create('Hot item');
  const cool = await create('Cool item');
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(app.database.db))
    .rows[0]?.schema as string;
  const order = (session: Session, stockId: number, key: string) =>
    app.call('POST', '/api/orders', session, orderDraftFor({ courierId: courier.user.id, stockId }), {
      [IDEMPOTENCY_KEY_HEADER]: key,
    });
  const quantityOf = async (stockId: number) =>
    (
      await app.database.db
        .selectFrom('stocks')
        .select('quantity')
        .where('id', '=', stockId)
        .executeTakeFirstOrThrow()
    ).quantity;
  return { app, manager, customer, courier, hot, cool, schema, order, quantityOf };
}

describe('PostgreSQL trouble stays small', () => {
  it('keeps orders queued on a row another session holds to one connection, so every other request is served while they wait', async () => {
    // Bounds far longer than the test: only the turns keep the pool free for the others.
    const { app, manager, customer, hot, cool, schema, order, quantityOf } = await setUp({
      poolSize: 3,
      timeouts: { lockMs: 60_000, rowWaitMs: 60_000, poolMs: 60_000, statementMs: 60_000 },
    });
    const holder = await holdRowLock(TEST_POSTGRES_URL, schema, 'stocks', hot);
    let released = false;
    try {
      const settled: number[] = [];
      const waiting = Array.from({ length: 10 }, (_, index) =>
        order(customer, hot, `queued-${index}`).then((answer) => {
          settled.push(answer.statusCode);
          return answer;
        }),
      );
      // The first of them is waiting on the row's lock.
      const lockWaits = async () =>
        Number(
          (
            await sql<{
              waiting: number;
            }>`select count(*) as waiting from pg_locks where not granted`.execute(app.database.db)
          ).rows[0]?.waiting,
        );
      for (const deadline = Date.now() + 10_000; (await lockWaits()) === 0; ) {
        if (Date.now() > deadline) throw new Error('no order came to wait on the row lock');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }

      const others = await Promise.all([
        app.call('GET', '/api/stocks', manager),
        app.call('GET', '/auth/profile', customer),
        app.call('GET', '/readyz'),
        order(customer, cool, 'other-item'),
        app.call('GET', '/api/orders', customer),
      ]);
      expect(others.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 201, 200]);
      expect(settled).toEqual([]);
      expect(await lockWaits()).toBe(1);

      await holder.release();
      released = true;
      const answers = await Promise.all(waiting);
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
      expect(await quantityOf(hot)).toBe(START - 10);
      expect(await quantityOf(cool)).toBe(START - 1);
    } finally {
      if (!released) await holder.release();
    }
  });

  it('answers 503 database_busy when every pool connection stays taken, and serves again once one is free; readiness is never held up', async () => {
    const { app, manager } = await setUp({ poolSize: 2, timeouts: { poolMs: 300 } });
    let letGo = () => {};
    const gate = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let holding = 0;
    // Two transactions that hold the pool's two connections until the gate opens.
    const holders = [0, 1].map(() =>
      app.database.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        holding += 1;
        await gate;
      }),
    );
    try {
      await waitFor(() => holding === 2, { withinMs: 5000, what: 'the pool drained' });
      expectDatabaseTrouble(await app.call('GET', '/api/stocks', manager), 'database_busy');
      expect((await app.call('GET', '/readyz')).statusCode).toBe(200);
    } finally {
      letGo();
      await Promise.all(holders);
    }
    expect((await app.call('GET', '/api/stocks', manager)).statusCode).toBe(200);
  });

  it('answers a statement past its timeout 503 database_busy, rolls the order back, and places it on retry', async () => {
    const { app, customer, hot, schema, order, quantityOf } = await setUp({
      timeouts: { statementMs: 300 },
    });
    // A slow statement: every order insert sleeps two seconds.
    const admin = new (await import('pg')).default.Client({
      connectionString: TEST_POSTGRES_URL,
      options: `-c search_path=${schema}`,
    });
    await admin.connect();
    try {
      await admin.query(`create function slow_insert() returns trigger language plpgsql as
        $$ begin perform pg_sleep(2); return new; end $$`);
      await admin.query(
        'create trigger slow_orders before insert on orders for each row execute function slow_insert()',
      );
      const ordersBefore = await app.count('orders');
      expectDatabaseTrouble(await order(customer, hot, 'slow'), 'database_busy');
      expect(await app.count('orders')).toBe(ordersBefore);
      expect(await quantityOf(hot)).toBe(START);
      await admin.query('drop trigger slow_orders on orders');
      expect((await order(customer, hot, 'slow')).statusCode).toBe(201);
      expect(await quantityOf(hot)).toBe(START - 1);
    } finally {
      await admin.end();
    }
  });
});
