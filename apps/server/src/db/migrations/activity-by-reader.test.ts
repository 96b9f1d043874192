import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { activityByReaderMigration } from './2026-12-03-activity-by-reader';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

describe('the activity by reader migration', () => {
  let database: TestDatabase;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db as Kysely<unknown>;
  });
  afterAll(() => database.drop());

  it("gives viewer rows the events' sort keys and every manager the events of the suppliers they work with", async () => {
    const migration = activityByReaderMigration({ dialect: database.dialect });
    await migration.down(db);
    const at = (minute: number) => `2026-06-15T10:${String(minute).padStart(2, '0')}:00.000Z`;
    await sql`insert into users (id, role, name, email, password_hash, created_at)
      values (1, 'Inventory Manager', 'Orders From Kiran', 'm1@example.com', 'x', ${at(0)}),
             (2, 'Inventory Manager', 'Opened Kiran', 'm2@example.com', 'x', ${at(0)}),
             (3, 'Inventory Manager', 'Never Met Kiran', 'm3@example.com', 'x', ${at(0)}),
             (4, 'Supplier', 'Kiran Traders', 's@example.com', 'x', ${at(0)})`.execute(db);
    await sql`insert into supply_orders (id, inventory_manager_id, supplier_id, address, mobile_number, status,
        created_at, updated_at, supplier_name, inventory_manager_name)
      values (7, 1, 4, 'Dock 7', '98765 43210', 'Order Received', ${at(3)}, ${at(3)}, 'Kiran Traders', 'Orders From Kiran')`.execute(
      db,
    );
    await sql`insert into audit_events (id, occurred_at, actor_id, actor_role, action, entity_type, entity_id, supplier_id)
      values (1, ${at(1)}, 2, 'Inventory Manager', 'supplier.created', 'supplier', 4, 4),
             (2, ${at(2)}, 4, 'Supplier', 'supplier_product.created', 'supplier_product', 11, 4),
             (3, ${at(3)}, 1, 'Inventory Manager', 'supply_order.placed', 'supply_order', 7, null),
             (4, ${at(4)}, 3, 'Inventory Manager', 'stock.created', 'stock', 21, null)`.execute(db);
    await sql`insert into audit_event_viewers (user_id, event_id)
      values (2, 1), (4, 2), (1, 3), (4, 3), (3, 4)`.execute(db);

    await migration.up(db);

    const viewers = await sql<
      Record<string, unknown>
    >`select user_id, event_id, occurred_at, action, entity_type, actor_id
      from audit_event_viewers order by user_id, event_id`.execute(db);
    expect(
      viewers.rows.map((row) => ({ ...row, user_id: Number(row.user_id), event_id: Number(row.event_id) })),
    ).toEqual([
      // The manager who ordered from Kiran: the order, and Kiran's account and catalogue events.
      {
        user_id: 1,
        event_id: 1,
        occurred_at: at(1),
        action: 'supplier.created',
        entity_type: 'supplier',
        actor_id: 2,
      },
      {
        user_id: 1,
        event_id: 2,
        occurred_at: at(2),
        action: 'supplier_product.created',
        entity_type: 'supplier_product',
        actor_id: 4,
      },
      {
        user_id: 1,
        event_id: 3,
        occurred_at: at(3),
        action: 'supply_order.placed',
        entity_type: 'supply_order',
        actor_id: 1,
      },
      // The manager who opened Kiran's account: that, and the catalogue.
      {
        user_id: 2,
        event_id: 1,
        occurred_at: at(1),
        action: 'supplier.created',
        entity_type: 'supplier',
        actor_id: 2,
      },
      {
        user_id: 2,
        event_id: 2,
        occurred_at: at(2),
        action: 'supplier_product.created',
        entity_type: 'supplier_product',
        actor_id: 4,
      },
      // The manager who never worked with Kiran: their own event only.
      {
        user_id: 3,
        event_id: 4,
        occurred_at: at(4),
        action: 'stock.created',
        entity_type: 'stock',
        actor_id: 3,
      },
      {
        user_id: 4,
        event_id: 2,
        occurred_at: at(2),
        action: 'supplier_product.created',
        entity_type: 'supplier_product',
        actor_id: 4,
      },
      {
        user_id: 4,
        event_id: 3,
        occurred_at: at(3),
        action: 'supply_order.placed',
        entity_type: 'supply_order',
        actor_id: 1,
      },
    ]);
    const related = await sql<{ supplier_id: number; manager_id: number }>`
      select supplier_id, manager_id from manager_suppliers order by manager_id`.execute(db);
    expect(related.rows.map((row) => [Number(row.supplier_id), Number(row.manager_id)])).toEqual([
      [4, 1],
      [4, 2],
    ]);
    // Still append-only.
    await expect(sql`delete from audit_event_viewers where user_id = 3`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(
      sql`update audit_event_viewers set action = 'x' where user_id = 3`.execute(db),
    ).rejects.toThrow(/append-only/);
  });
});
