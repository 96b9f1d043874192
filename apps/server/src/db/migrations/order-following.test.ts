import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { orderFollowingMigration } from './2026-12-07-order-following';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

describe('the order following migration', () => {
  let database: TestDatabase;
  let db: Kysely<unknown>;
  const placed = '2026-06-15T10:00:00.000Z';
  const moved = '2026-06-16T08:30:00.000Z';

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db as Kysely<unknown>;
    await orderFollowingMigration({ dialect: database.dialect }).down(db);
    await sql`insert into users (id, role, name, email, password_hash, created_at)
      values (1, 'Inventory Manager', 'M', 'm@example.com', 'x', ${placed}),
             (2, 'Customer', 'C', 'c@example.com', 'x', ${placed}),
             (3, 'Courier Service', 'K', 'k@example.com', 'x', ${placed})`.execute(db);
    await sql`insert into stocks (id, inventory_manager_id, name, price_cents, weight_grams, quantity, created_at, updated_at)
      values (1, 1, 'Bolts', 150, 20, 10, ${placed}, ${placed})`.execute(db);
    for (const [id, status] of [
      [1, 'Processing'],
      [2, 'In Transit'],
      [3, 'Delivered'],
    ] as const) {
      await sql`insert into orders (id, customer_id, customer_name, courier_service_id, shipping_address, pin_code,
          location_type, phone_number, consignment_weight_grams, items_total_cents, shipping_cost_cents, status,
          delivery_date, created_at, updated_at)
        values (${id}, 2, 'C', 3, ${`${id} Lake Road`}, '110001', 'urban', '98765 43210', 20, 150, 1000, ${status},
          ${moved}, ${placed}, ${status === 'Processing' ? placed : moved})`.execute(db);
      await sql`insert into order_items (order_id, stock_id, product_name, quantity, price_cents, weight_grams)
        values (${id}, 1, 'Bolts', 1, 150, 20)`.execute(db);
    }
    await sql`insert into notifications (user_id, title, message, created_at)
      values (2, 'In Transit', 'Order #2 is now In Transit', ${moved}),
             (2, 'Processing', 'Order #13 has been placed and is Processing', ${placed}),
             (1, 'Delivered', 'Supply order #5 is now Delivered', ${moved})`.execute(db);
    await orderFollowingMigration({ dialect: database.dialect }).up(db);
  });
  afterAll(() => database.drop());

  it("fills each order's timeline from what the order kept", async () => {
    const rows = await sql<{ order_id: number; status: string; created_at: string }>`
      select order_id, status, created_at from order_status_changes order by order_id, id`.execute(db);
    expect(rows.rows.map((row) => ({ ...row, order_id: Number(row.order_id) }))).toEqual([
      { order_id: 1, status: 'Processing', created_at: placed },
      { order_id: 2, status: 'Processing', created_at: placed },
      { order_id: 2, status: 'In Transit', created_at: moved },
      { order_id: 3, status: 'Processing', created_at: placed },
      { order_id: 3, status: 'Delivered', created_at: moved },
    ]);
  });

  it('gives every order its own random tracking token', async () => {
    const rows = await sql<{ tracking_token: string }>`select tracking_token from orders order by id`.execute(
      db,
    );
    const tokens = rows.rows.map((row) => row.tracking_token);
    expect(tokens).toHaveLength(3);
    for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(tokens).size).toBe(3);
  });

  it('links the notifications about an order to it, and no others', async () => {
    const rows = await sql<{ message: string; order_id: number | null }>`
      select message, order_id from notifications order by id`.execute(db);
    expect(rows.rows.map((row) => (row.order_id === null ? null : Number(row.order_id)))).toEqual([
      2,
      13,
      null,
    ]);
  });

  it('keeps every order line and the address search, and lets an order be Cancelled', async () => {
    const lines = await sql<{ n: number }>`select count(*) as n from order_items`.execute(db);
    expect(Number(lines.rows[0]?.n)).toBe(3);
    await sql`update orders set status = 'Cancelled' where id = 1`.execute(db);
    await expect(sql`update orders set status = 'Lost' where id = 1`.execute(db)).rejects.toThrow();
    if (database.dialect === 'sqlite') {
      const found = await sql<{ rowid: number }>`
        select rowid from orders_search where orders_search match '"Lake"' order by rowid`.execute(db);
      expect(found.rows.map((row) => Number(row.rowid))).toEqual([1, 2, 3]);
    }
  });
});
