import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDEMPOTENCY_KEY_HEADER } from '@depot/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDraftFor } from '../test/order-draft';
import {
  createTestApp,
  registerAndLogin,
  TEST_POSTGRES_URL,
  type TestApp,
  testDialect,
} from '../test/test-app';
import { expectDatabaseTrouble, holdRowLock, holdSqliteWriteLock } from './faults';

/**
 * Database trouble stays small (docs/RELIABILITY.md#database-trouble): a row or the database held
 * by another session, a full or read-only disk. Each answers 503 with Retry-After and its code,
 * changes nothing, and a retry with the same Idempotency-Key succeeds once the trouble is over.
 */

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
const START = 100;
const dialectName = testDialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';

let t: TestApp;
let folder: string;
let manager: Session;
let customer: Session;
let courier: Session;
let hot: number;
let cool: number;
const log: string[] = [];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'depot-faults-'));
  t = await createTestApp({
    // Short bounds, so each fault answers quickly.
    database: {
      sqliteFile: join(folder, 'faults.db'),
      poolSize: 4,
      timeouts: { lockMs: 300, rowWaitMs: 600, poolMs: 500, sqliteBusyMs: 300 },
    },
    env: { LOG_LEVEL: 'warn' },
    logStream: { write: (line) => log.push(line) },
  });
  [manager, customer, courier] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Customer'),
    registerAndLogin(t.app, 'Courier Service'),
  ]);
  const create = async (name: string) => {
    const created = await t.call('POST', '/api/stocks', manager, {
      name,
      price: 2,
      quantity: START,
      weight: 0.5,
    });
    expect(created.statusCode).toBe(201);
    return created.json().stock.stock_id as number;
  };
  hot = await create('Hot item');
  cool = await create('Cool item');
});

afterAll(async () => {
  await t?.close();
  rmSync(folder, { recursive: true, force: true });
});

const order = (stockId: number, key: string, quantity = 1) =>
  t.call('POST', '/api/orders', customer, orderDraftFor({ courierId: courier.user.id, stockId, quantity }), {
    [IDEMPOTENCY_KEY_HEADER]: key,
  });

async function quantityOf(stockId: number) {
  const row = await t.database.db
    .selectFrom('stocks')
    .select('quantity')
    .where('id', '=', stockId)
    .executeTakeFirstOrThrow();
  return row.quantity;
}

async function keysStored(keys: string[]) {
  const rows = await t.database.db
    .selectFrom('idempotency_keys')
    .select('key')
    .where('key', 'in', keys)
    .execute();
  return rows.length;
}

/** PostgreSQL: another session holds the hot item's row. SQLite: another process holds the write lock. */
async function holdHotItem() {
  if (testDialect === 'sqlite') return holdSqliteWriteLock(join(folder, 'faults.db'));
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.database.db))
    .rows[0]?.schema as string;
  return holdRowLock(TEST_POSTGRES_URL, schema, 'stocks', hot);
}

describe(`database trouble on ${dialectName}`, () => {
  it('answers orders held up by another session 503 database_busy, changing nothing, serves the rest, and places them on retry', async () => {
    const keys = ['held-1', 'held-2', 'held-3', 'held-4'];
    const hotBefore = await quantityOf(hot);
    const coolBefore = await quantityOf(cool);
    const holder = await holdHotItem();
    let released = false;
    try {
      const held = await Promise.all(keys.map((key) => order(hot, key)));
      for (const answer of held) expectDatabaseTrouble(answer, 'database_busy');

      // What needs no lock is served meanwhile; on SQLite every write needs the one write lock.
      const [stocks, profile, ready, health, other] = await Promise.all([
        t.call('GET', '/api/stocks', manager),
        t.call('GET', '/auth/profile', customer),
        t.call('GET', '/readyz'),
        t.call('GET', '/healthz'),
        order(cool, 'other-item'),
      ]);
      expect([stocks.statusCode, profile.statusCode, ready.statusCode, health.statusCode]).toEqual([
        200, 200, 200, 200,
      ]);
      if (testDialect === 'postgres') expect(other.statusCode).toBe(201);
      else expectDatabaseTrouble(other, 'database_busy');

      await holder.release();
      released = true;
      expect(await quantityOf(hot)).toBe(hotBefore);
      expect(await keysStored(keys)).toBe(0);

      const retried = await Promise.all(keys.map((key) => order(hot, key)));
      expect(retried.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
      expect(await keysStored(keys)).toBe(4);
      expect(await quantityOf(hot)).toBe(hotBefore - keys.length);
      const otherAgain = await order(cool, 'other-item');
      expect(otherAgain.statusCode).toBe(201);
      expect(await quantityOf(cool)).toBe(coolBefore - 1);
    } finally {
      if (!released) await holder.release();
    }
  });

  if (testDialect === 'sqlite') {
    it('answers writes on a full disk 503 database_unavailable with one log line, keeps the file intact, and writes again once there is room', async () => {
      const pages = Number(
        (await sql<{ page_count: number }>`pragma page_count`.execute(t.database.db)).rows[0]?.page_count,
      );
      // The file may not grow: the next write that needs a new page finds the disk full.
      await sql.raw(`pragma max_page_count = ${pages}`).execute(t.database.db);
      const before = await quantityOf(cool);
      const placed: string[] = [];
      let full: Awaited<ReturnType<typeof order>> | undefined;
      log.length = 0;
      try {
        for (let attempt = 0; attempt < 500 && !full; attempt += 1) {
          const key = `fill-${attempt}`;
          const answer = await order(cool, key);
          if (answer.statusCode === 201) placed.push(key);
          else full = answer;
        }
      } finally {
        await sql.raw('pragma max_page_count = 1073741823').execute(t.database.db);
      }
      if (!full) throw new Error('the disk never filled');
      expectDatabaseTrouble(full, 'database_unavailable');
      // Exactly one line at warn or above, and it says what happened.
      const lines = log.filter((line) => line.includes('database unavailable'));
      expect(log).toHaveLength(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('SQLITE_FULL');
      expect(await quantityOf(cool)).toBe(before - placed.length);
      expect(
        (await sql<{ integrity_check: string }>`pragma integrity_check`.execute(t.database.db)).rows,
      ).toEqual([{ integrity_check: 'ok' }]);
      const retried = await order(cool, `fill-${placed.length}`);
      expect(retried.statusCode).toBe(201);
      expect(await quantityOf(cool)).toBe(before - placed.length - 1);
    });

    it('answers writes on a read-only database 503 database_unavailable with one log line, and writes again once it is writable', async () => {
      const before = await quantityOf(cool);
      log.length = 0;
      await sql.raw('pragma query_only = 1').execute(t.database.db);
      let refused: Awaited<ReturnType<typeof order>>;
      try {
        refused = await order(cool, 'read-only');
      } finally {
        await sql.raw('pragma query_only = 0').execute(t.database.db);
      }
      expectDatabaseTrouble(refused, 'database_unavailable');
      // Exactly one line at warn or above, and it says what happened.
      const lines = log.filter((line) => line.includes('database unavailable'));
      expect(log).toHaveLength(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('SQLITE_READONLY');
      expect(await quantityOf(cool)).toBe(before);
      expect((await order(cool, 'read-only')).statusCode).toBe(201);
      expect(await quantityOf(cool)).toBe(before - 1);
    });
  }
});
