import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect } from '../../test/test-app';
import { listSortsAndSearchMigration } from './2026-12-02-list-sorts-and-search';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

describe('the list sorts and search migration', () => {
  let database: TestDatabase;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db as Kysely<unknown>;
    const now = '2026-06-15T10:00:00.000Z';
    await sql`insert into users (id, role, name, email, password_hash, created_at)
      values (1, 'Inventory Manager', 'Mira Iyer', 'm@example.com', 'x', ${now}),
             (2, 'Supplier', 'Kiran Traders', 's@example.com', 'x', ${now}),
             (3, 'Customer', 'Rohan Mehta', 'c@example.com', 'x', ${now}),
             (4, 'Courier Service', 'Swift', 'k@example.com', 'x', ${now})`.execute(db);
    await sql`insert into supply_orders (id, inventory_manager_id, supplier_id, address, mobile_number, status, created_at, updated_at)
      values (7, 1, 2, 'Dock 7, Civil Lines', '98765 43210', 'Order Received', ${now}, ${now})`.execute(db);
    await sql`insert into orders (id, customer_id, courier_service_id, shipping_address, pin_code, location_type,
        phone_number, consignment_weight_grams, items_total_cents, shipping_cost_cents, status, delivery_date,
        created_at, updated_at)
      values (9, 3, 4, '12 Lake View Road', '411001', 'urban', '+91 98450 12345', 500, 1000, 120,
        'Processing', ${now}, ${now}, ${now})`.execute(db);
  });
  afterAll(() => database.drop());

  it('goes back and forward again, copying the names in and finding rows by a part of their text', async () => {
    const migration = listSortsAndSearchMigration({ dialect: database.dialect });
    await migration.down(db);
    await migration.up(db);
    const order = await sql<{ customer_name: string }>`select customer_name from orders where id = 9`.execute(
      db,
    );
    expect(order.rows).toEqual([{ customer_name: 'Rohan Mehta' }]);
    const supply = await sql<{ supplier_name: string; inventory_manager_name: string }>`
      select supplier_name, inventory_manager_name from supply_orders where id = 7`.execute(db);
    expect(supply.rows).toEqual([{ supplier_name: 'Kiran Traders', inventory_manager_name: 'Mira Iyer' }]);
    if (testDialect !== 'sqlite') return;
    const found = await sql<{ rowid: number }>`select rowid from orders_search
      where orders_search match '{shipping_address} : "LAKE VIEW"'`.execute(db);
    expect(found.rows.map((row) => Number(row.rowid))).toEqual([9]);
    await sql`update supply_orders set address = 'Gate 2, Camp' where id = 7`.execute(db);
    const moved = async (text: string) =>
      (
        await sql<{ rowid: number }>`select rowid from supply_orders_search
          where supply_orders_search match ${`{address} : "${text}"`}`.execute(db)
      ).rows.length;
    expect([await moved('civil lines'), await moved('gate 2')]).toEqual([0, 1]);
  });
});
