import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect } from '../../test/test-app';
import { supplyOrderNamesMigration } from './2026-11-30-supply-order-names';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

async function tableNames(db: Kysely<unknown>): Promise<string[]> {
  const query =
    testDialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type in ('table', 'index') order by name`
      : sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()
          union select indexname from pg_indexes where schemaname = current_schema() order by name`;
  return (await query.execute(db)).rows.map((row) => row.name);
}

describe('the supply order names migration', () => {
  let database: TestDatabase;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db as Kysely<unknown>;
    const now = '2026-06-15T10:00:00.000Z';
    await sql`insert into users (id, role, name, email, password_hash, created_at)
      values (1, 'Inventory Manager', 'M', 'm@example.com', 'x', ${now}),
             (2, 'Supplier', 'S', 's@example.com', 'x', ${now})`.execute(db);
    await sql`insert into supplier_products (id, supplier_id, name, price_cents, weight_grams, quantity, created_at, updated_at)
      values (1, 2, 'Bolts', 150, 20, 10, ${now}, ${now})`.execute(db);
    await sql`insert into supply_orders (id, inventory_manager_id, supplier_id, address, mobile_number, status, created_at, updated_at)
      values (7, 1, 2, 'Pune', '98765 43210', 'Order Received', ${now}, ${now})`.execute(db);
    await sql`insert into supply_order_items (order_id, product_id, product_name, quantity, price_cents, weight_grams)
      values (7, 1, 'Bolts', 3, 150, 20)`.execute(db);
  });
  afterAll(() => database.drop());

  it('goes back to the old names and forward again with every row and index', async () => {
    const migration = supplyOrderNamesMigration({ dialect: database.dialect });
    const latest = await tableNames(db);
    expect(latest).toEqual(expect.arrayContaining(['supply_orders', 'supply_orders_delivered_idx']));
    expect(latest.filter((name) => name.startsWith('replenishment_order'))).toEqual([]);

    await migration.down(db);
    const old = await tableNames(db);
    expect(old).toEqual(
      expect.arrayContaining([
        'replenishment_orders',
        'replenishment_order_items',
        'replenishment_orders_manager_created_idx',
        'replenishment_order_items_order_idx',
      ]),
    );
    const lines = await sql<{ quantity: number }>`select i.quantity from replenishment_order_items i
      join replenishment_orders o on o.id = i.order_id where o.id = 7`.execute(db);
    expect(lines.rows.map((row) => Number(row.quantity))).toEqual([3]);

    await migration.up(db);
    expect(await tableNames(db)).toEqual(latest);
    const again = await sql<{ quantity: number }>`select i.quantity from supply_order_items i
      join supply_orders o on o.id = i.order_id where o.id = 7`.execute(db);
    expect(again.rows.map((row) => Number(row.quantity))).toEqual([3]);
  });
});
