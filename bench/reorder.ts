/**
 * The Reorder Suggestions budget (issue 21 part 2): a manager with 10,000 items with reorder rules
 * gets GET /api/reorder-suggestions with p99 under 100 ms, on SQLite and PostgreSQL, with the
 * response cache off and on (the cache exists on SQLite only: on PostgreSQL both lines are the same
 * server setting).
 *
 *   npm run bench:reorder -- [--db sqlite|postgres|both] [--cache off|on|both] [--items 10000] [--runs 100] [--warm-up 10] [--check]
 *
 * Seeds one manager, 20 suppliers with a product per item, a rule per item linked to its product,
 * one item in ten at or under its level, 500 open supply orders over the linked products (so the
 * on-order sum has work) and a draft holding 100 of the products, straight into the tables; starts
 * the built server (`npm run build -w @depot/server`, which the npm script does), logs in and times
 * sequential requests.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { ReorderSuggestions } from '@depot/contract';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { benchOptions, cacheMb, wholeNumber } from './support/options';
import {
  type DatabaseKind,
  loginCookie,
  openBenchDatabase,
  timeGet,
  withBenchServer,
} from './support/server-bench';

const BUDGET_MS = 100;
const EMAIL = 'reorder-bench@example.com';
const PASSWORD = 'reorder-bench-password-42';
const SUPPLIERS = 20;
const CHUNK = 500;

const USAGE = `Times Reorder Suggestions for a manager with many items against the ${BUDGET_MS} ms p99 budget.

  npm run bench:reorder -- [--db sqlite|postgres|both] [--cache off|on|both] [--items 10000] [--runs 100] [--warm-up 10] [--check]`;

/** The shared command line (bench/support/options.ts) and this bench's own sizes. */
function options() {
  const parsed = benchOptions({
    usage: USAGE,
    defaults: { runs: 100, warmUp: 10 },
    extra: { items: { type: 'string', default: '10000' } },
  });
  const items = wholeNumber(parsed.values, 'items', 100, USAGE);
  return { ...parsed, items };
}

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

/** Seeds the business; answers how many items it put at or under their level. */
async function seed(handle: DatabaseHandle, kind: DatabaseKind, items: number) {
  const { db } = handle;
  const now = new Date().toISOString();
  const manager = await db
    .insertInto('users')
    .values({
      role: 'Inventory Manager',
      name: 'Reorder Bench',
      email: EMAIL,
      password_hash: await hashPassword(PASSWORD),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const suppliers: number[] = [];
  for (let n = 0; n < SUPPLIERS; n++) {
    const row = await db
      .insertInto('users')
      .values({
        role: 'Supplier',
        name: `Supplier ${String(n).padStart(2, '0')}`,
        email: `reorder-bench-supplier-${n}@example.com`,
        password_hash: 'x',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    suppliers.push(row.id);
  }
  const indexes = Array.from({ length: items }, (_, i) => i);
  await inChunks(indexes, (chunk) =>
    db
      .insertInto('stocks')
      .values(
        chunk.map((i) => ({
          inventory_manager_id: manager.id,
          name: `Item ${String(i).padStart(5, '0')}`,
          price_cents: 200,
          // One in ten at 5, under its level of 10; the rest at 100.
          quantity: i % 10 === 0 ? 5 : 100,
          weight_grams: 100,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute(),
  );
  await inChunks(indexes, (chunk) =>
    db
      .insertInto('supplier_products')
      .values(
        chunk.map((i) => ({
          supplier_id: suppliers[i % SUPPLIERS] as number,
          name: `Product ${String(i).padStart(5, '0')}`,
          price_cents: 150,
          weight_grams: 100,
          quantity: 100_000,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute(),
  );
  // Item i and product i were numbered in the same order: link them by rank.
  await sql`insert into reorder_rules
      (stock_id, inventory_manager_id, reorder_level, order_quantity, order_up_to, supplier_product_id, updated_at)
    select s.id, s.inventory_manager_id, 10, null, 60, p.id, ${now}
    from (select id, inventory_manager_id, row_number() over (order by id) as n from stocks) as s
    join (select id, row_number() over (order by id) as n from supplier_products) as p on p.n = s.n`.execute(
    db,
  );
  // 500 orders (400 open) of 2 lines each over products of items not at their level.
  const products = await db
    .selectFrom('supplier_products')
    .select(['id', 'supplier_id'])
    .orderBy('id')
    .execute();
  const notAtLevel = products.filter((_, i) => i % 10 !== 0);
  for (let n = 0; n < 500; n++) {
    const lines = [notAtLevel[n * 2], notAtLevel[n * 2 + 1]].filter((p) => p !== undefined);
    const order = await db
      .insertInto('supply_orders')
      .values({
        inventory_manager_id: manager.id,
        supplier_id: lines[0]?.supplier_id ?? (suppliers[0] as number),
        supplier_name: 'Supplier',
        inventory_manager_name: 'Reorder Bench',
        address: '1 Bench Road',
        mobile_number: '9876543210',
        status: n % 5 === 0 ? 'Delivered' : 'Processing',
        created_at: now,
        updated_at: now,
        total_quantity: 10 * lines.length,
        total_cost_cents: 1500 * lines.length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('supply_order_items')
      .values(
        lines.map((p) => ({
          order_id: order.id,
          product_id: p.id,
          product_name: 'Product',
          quantity: 10,
          price_cents: 150,
          weight_grams: 100,
        })),
      )
      .execute();
  }
  const draft = await db
    .insertInto('supply_order_drafts')
    .values({
      inventory_manager_id: manager.id,
      supplier_id: suppliers[0] as number,
      address: null,
      mobile_number: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const first = products.filter((p) => p.supplier_id === suppliers[0]).slice(0, 100);
  await db
    .insertInto('supply_order_draft_lines')
    .values(first.map((p) => ({ draft_id: draft.id, product_id: p.id, stock_id: null, quantity: 50 })))
    .execute();
  if (kind === 'postgres') await sql`analyze`.execute(db);
  return Math.ceil(items / 10);
}

async function main() {
  const args = options();
  // Closing a SQLite handle awaits its checkpoint worker, which is unref'd.
  const keepAlive = setInterval(() => {}, 60_000);
  console.log(
    `Depot reorder bench: one manager with ${args.items.toLocaleString('en')} items with reorder rules, ${args.runs} sequential requests per line after ${args.warmUp} untimed; budget p99 < ${BUDGET_MS} ms`,
  );
  console.log(
    `Machine: ${availableParallelism()} CPUs, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; client and server on one machine`,
  );
  let failed = 0;
  for (const kind of args.dbs) {
    const database = await openBenchDatabase(kind, 'reorder');
    try {
      await migrateToLatest(database.handle.db as Kysely<unknown>, database.handle.dialect);
      const seeding = performance.now();
      const expected = await seed(database.handle, kind, args.items);
      await database.handle.destroy();
      console.log(`\n${kind}: seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
      console.log(
        '| response cache | suggestions | p50 ms | p99 ms | budget |\n| --- | --: | --: | --: | --- |',
      );
      for (const cache of args.caches) {
        await withBenchServer(database.url, cacheMb(cache), async (url) => {
          const cookie = await loginCookie(url, EMAIL, PASSWORD);
          const figures = await timeGet(url, '/api/reorder-suggestions', cookie, args.runs, args.warmUp);
          const answer = figures.body as ReorderSuggestions;
          const listed =
            answer.groups.reduce((sum, group) => sum + group.items.length, 0) + answer.unlinked.length;
          if (listed !== expected) throw new Error(`${listed} suggestions listed, ${expected} seeded`);
          const verdict = figures.p99 < BUDGET_MS ? 'PASS' : 'FAIL';
          if (verdict === 'FAIL' && cache === 'off') failed += 1;
          console.log(
            `| ${cache}${kind === 'postgres' && cache === 'on' ? ' (SQLite only: same as off)' : ''} | ${listed.toLocaleString('en')} | ${figures.p50.toFixed(1)} | ${figures.p99.toFixed(1)} | ${verdict} |`,
          );
        });
      }
      console.log(`load average ${loadavg()[0]?.toFixed(1)}`);
    } finally {
      await database.drop();
    }
  }
  console.log(`\n${failed === 0 ? 'PASS' : `FAIL: ${failed} lines over budget`}`);
  if (failed > 0 && args.check) process.exitCode = 1;
  clearInterval(keepAlive);
}

await main();
