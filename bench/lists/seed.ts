import SQLite from 'better-sqlite3';
import pg from 'pg';
import { insertColumns } from '../reports/seed';
import type { Business } from './business';

/** Each table's columns as PostgreSQL types them, in the order the tables are filled (keys first). */
const TABLES: { [Table in keyof Business]: Record<keyof Business[Table][number], string> } = {
  users: {
    id: 'integer',
    role: 'text',
    name: 'text',
    email: 'text',
    password_hash: 'text',
    created_at: 'text',
    deactivated_at: 'text',
    phone_number: 'text',
    address: 'text',
    approval_status: 'text',
    must_change_password: 'integer',
    order_mails: 'integer',
  },
  stocks: {
    id: 'integer',
    inventory_manager_id: 'integer',
    name: 'text',
    price_cents: 'integer',
    quantity: 'integer',
    weight_grams: 'integer',
    created_at: 'text',
    updated_at: 'text',
    deleted_at: 'text',
  },
  supplier_products: {
    id: 'integer',
    supplier_id: 'integer',
    name: 'text',
    price_cents: 'integer',
    weight_grams: 'integer',
    quantity: 'integer',
    created_at: 'text',
    updated_at: 'text',
  },
  orders: {
    id: 'integer',
    customer_id: 'integer',
    customer_name: 'text',
    courier_service_id: 'integer',
    shipping_address: 'text',
    pin_code: 'text',
    location_type: 'text',
    phone_number: 'text',
    consignment_weight_grams: 'bigint',
    items_total_cents: 'bigint',
    shipping_cost_cents: 'bigint',
    status: 'text',
    delivery_date: 'text',
    created_at: 'text',
    updated_at: 'text',
    tracking_token: 'text',
  },
  order_items: {
    id: 'integer',
    order_id: 'integer',
    stock_id: 'integer',
    product_name: 'text',
    quantity: 'integer',
    price_cents: 'integer',
    weight_grams: 'integer',
  },
  order_managers: { manager_id: 'integer', order_id: 'integer' },
  supply_orders: {
    id: 'integer',
    inventory_manager_id: 'integer',
    inventory_manager_name: 'text',
    supplier_id: 'integer',
    supplier_name: 'text',
    address: 'text',
    mobile_number: 'text',
    status: 'text',
    expected_delivery_time: 'text',
    created_at: 'text',
    updated_at: 'text',
    delivered_at: 'text',
    total_quantity: 'bigint',
    total_cost_cents: 'bigint',
  },
  supply_order_items: {
    id: 'integer',
    order_id: 'integer',
    product_id: 'integer',
    product_name: 'text',
    quantity: 'integer',
    delivered_quantity: 'integer',
    price_cents: 'integer',
    weight_grams: 'integer',
  },
  notifications: {
    id: 'integer',
    user_id: 'integer',
    title: 'text',
    message: 'text',
    order_id: 'integer',
    created_at: 'text',
  },
  audit_events: {
    id: 'integer',
    occurred_at: 'text',
    actor_id: 'integer',
    actor_role: 'text',
    action: 'text',
    entity_type: 'text',
    entity_id: 'integer',
    before: 'text',
    after: 'text',
    request_id: 'text',
    supplier_id: 'integer',
  },
  audit_event_viewers: {
    user_id: 'integer',
    event_id: 'integer',
    occurred_at: 'text',
    action: 'text',
    entity_type: 'text',
    actor_id: 'integer',
  },
  manager_suppliers: { supplier_id: 'integer', manager_id: 'integer' },
};

const tablesOf = (business: Business) =>
  (Object.keys(TABLES) as (keyof Business)[]).map((table) => ({
    table,
    types: TABLES[table] as Record<string, string>,
    rows: business[table] as readonly object[],
  }));

export type SeedProgress = (table: string, rows: number) => void;

/** Bulk-loads the business into a migrated SQLite file: one prepared statement and one transaction per table. */
export function seedSqlite(file: string, business: Business, progress: SeedProgress): void {
  const sqlite = new SQLite(file);
  try {
    // A bench database is thrown away after the run; a crash mid-seed only means seeding again.
    sqlite.pragma('synchronous = OFF');
    for (const { table, types, rows } of tablesOf(business)) {
      const columns = Object.keys(types);
      const insert = sqlite.prepare(
        `insert into ${table} (${columns.join(', ')}) values (${columns.map((column) => `@${column}`).join(', ')})`,
      );
      sqlite.transaction(() => {
        for (const row of rows) insert.run(row);
      })();
      progress(table, rows.length);
    }
  } finally {
    sqlite.close();
  }
}

const BATCH_ROWS = 25_000;

/** Bulk-loads the business into a migrated PostgreSQL schema, BATCH_ROWS rows a statement, then analyzes it. */
export async function seedPostgres(
  url: string,
  schema: string,
  business: Business,
  progress: SeedProgress,
): Promise<void> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    for (const { table, types, rows } of tablesOf(business)) {
      await client.query('begin');
      for (let start = 0; start < rows.length; start += BATCH_ROWS) {
        await insertColumns(client, table, types, rows.slice(start, start + BATCH_ROWS));
      }
      await client.query('commit');
      // The ids were given explicitly: move each identity on, so rows the app adds get new ones.
      if ('id' in types) {
        await client.query(
          `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
        );
      }
      progress(table, rows.length);
    }
    // What autovacuum does soon after a bulk load: statistics, and the visibility map that lets
    // an index answer alone.
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}
