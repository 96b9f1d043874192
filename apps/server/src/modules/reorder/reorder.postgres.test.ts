import type { SupplierProduct, SupplyOrderDraft } from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createDatabase, type DatabaseHandle } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { createScratchSchema, registerAndLogin, TEST_POSTGRES_URL } from '../../test/test-app';
import { REORDER_JOB_LOCK } from './job';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

async function eventually(condition: () => Promise<boolean>, withinMs: number) {
  const deadline = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not met within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Two app instances on one PostgreSQL schema, each with its drafting timer every 100 ms
 * (docs/product/business-rules.md#automatic-drafting): each need is drafted once.
 */
describe('automatic drafting with two instances on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchSchema>>;
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    scratch = await createScratchSchema('reorder');
    for (let n = 0; n < 2; n += 1) {
      const handle = createDatabase(TEST_POSTGRES_URL, { poolSize: 4, pgSchema: scratch.schema });
      if (n === 0) await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
      handles.push(handle);
      const config = loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: 'sqlite::memory:',
        PUBLIC_URL: 'http://depot.test',
        WEB_DIST: '/nonexistent',
        REGISTRATION: 'open',
        REORDER_JOB_MS: '100',
      });
      const app = await buildApp({ config, database: handle, logger: false });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.destroy();
    await scratch.drop();
  });

  const call = (
    app: FastifyInstance,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    session: Session,
    payload?: object,
  ) => app.inject({ method, url, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });

  it('drafts each need once within a few runs, whichever instance runs them', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const manager = await registerAndLogin(a, 'Inventory Manager');
    const supplier = await registerAndLogin(a, 'Supplier', { name: 'Twin Parts' });
    expect((await call(b, 'PUT', '/api/reorder-settings', manager, { automatic: true })).statusCode).toBe(
      200,
    );
    const items: number[] = [];
    for (let n = 0; n < 5; n += 1) {
      const made = await call(a, 'POST', '/api/stock-replenishment/products', supplier, {
        name: `Twin part ${n}`,
        price: 1,
        weight: 0.1,
        quantity: 1000,
      });
      const product = made.json() as SupplierProduct;
      const stock = await call(b, 'POST', '/api/stocks', manager, {
        name: `Twin ${n}`,
        price: 1,
        quantity: 50,
        weight: 1,
      });
      const stockId = stock.json().stock.stock_id as number;
      await call(a, 'PUT', `/api/stocks/${stockId}/reorder-rule`, manager, {
        reorder_level: 10,
        order_quantity: 25,
        supplier_product_id: product.id,
      });
      items.push(stockId);
    }
    // All five cross their level at once.
    for (const stockId of items) await call(b, 'PUT', `/api/stocks/${stockId}`, manager, { quantity: 3 });
    const draftsOf = async () =>
      (await call(a, 'GET', '/api/supply-order-drafts', manager)).json().drafts as SupplyOrderDraft[];
    await eventually(async () => (await draftsOf())[0]?.lines.length === 5, 10_000);
    // Many more runs of both timers add nothing.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const drafts = await draftsOf();
    expect(drafts).toHaveLength(1);
    expect(drafts[0]?.lines.map((line) => line.quantity)).toEqual([25, 25, 25, 25, 25]);
    const lines = await sql<{ n: string }>`select count(*) as n from supply_order_draft_lines`.execute(
      (handles[0] as DatabaseHandle).db,
    );
    expect(Number(lines.rows[0]?.n)).toBe(5);
  });

  it('skips a run while another instance holds the lock', async () => {
    const [a] = apps as [FastifyInstance];
    await (handles[1] as DatabaseHandle).db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${REORDER_JOB_LOCK})`.execute(trx);
      expect(await a.reorderJob.runOnce()).toBe('skipped');
    });
    await eventually(async () => (await a.reorderJob.runOnce()) !== 'skipped', 5_000);
  });
});
