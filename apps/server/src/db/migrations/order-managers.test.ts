import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { orderManagersMigration } from './2026-12-11-order-managers';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

describe('the order managers migration', () => {
  let database: TestDatabase;
  let db: Kysely<unknown>;
  const placed = '2026-06-15T10:00:00.000Z';

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db as Kysely<unknown>;
    await orderManagersMigration({ dialect: database.dialect }).down(db);
    await sql`insert into users (id, role, name, email, password_hash, created_at)
      values (1, 'Inventory Manager', 'M', 'm@example.com', 'x', ${placed}),
             (2, 'Inventory Manager', 'N', 'n@example.com', 'x', ${placed}),
             (3, 'Customer', 'C', 'c@example.com', 'x', ${placed}),
             (4, 'Courier Service', 'K', 'k@example.com', 'x', ${placed})`.execute(db);
    await sql`insert into stocks (id, inventory_manager_id, name, price_cents, weight_grams, quantity, created_at, updated_at)
      values (1, 1, 'Bolts', 150, 20, 10, ${placed}, ${placed}),
             (2, 1, 'Nuts', 150, 20, 10, ${placed}, ${placed}),
             (3, 2, 'Hinges', 150, 20, 10, ${placed}, ${placed})`.execute(db);
    // Order 1: two items of manager 1; order 2: one of each manager; order 3: manager 2's only.
    const lines: Record<number, number[]> = { 1: [1, 2], 2: [2, 3], 3: [3] };
    for (const [id, stocks] of Object.entries(lines)) {
      await sql`insert into orders (id, customer_id, customer_name, courier_service_id, shipping_address, pin_code,
          location_type, phone_number, consignment_weight_grams, items_total_cents, shipping_cost_cents, status,
          delivery_date, created_at, updated_at, tracking_token)
        values (${Number(id)}, 3, 'C', 4, 'Lake Road', '110001', 'urban', '98765 43210', 20, 150, 1000, 'Processing',
          ${placed}, ${placed}, ${placed}, ${`token-of-order-number-${id}`})`.execute(db);
      for (const stock of stocks) {
        await sql`insert into order_items (order_id, stock_id, product_name, quantity, price_cents, weight_grams)
          values (${Number(id)}, ${stock}, 'Item', 1, 150, 20)`.execute(db);
      }
    }
    await orderManagersMigration({ dialect: database.dialect }).up(db);
  });
  afterAll(() => database.drop());

  it('names each manager whose stock an order holds, once', async () => {
    const rows = await sql<{ order_id: number; manager_id: number }>`
      select order_id, manager_id from order_managers order by order_id, manager_id`.execute(db);
    expect(rows.rows.map((row) => [Number(row.order_id), Number(row.manager_id)])).toEqual([
      [1, 1],
      [2, 1],
      [2, 2],
      [3, 2],
    ]);
  });

  it('refuses the same reader twice', async () => {
    await expect(
      sql`insert into order_managers (manager_id, order_id) values (1, 1)`.execute(db),
    ).rejects.toThrow();
  });
});
