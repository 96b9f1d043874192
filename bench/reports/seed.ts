import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  type BusinessPlan,
  courierId,
  customerId,
  MANAGER_ID,
  ORDER_COLUMNS,
  ORDER_ITEM_COLUMNS,
  type OrderItemRow,
  type OrderRow,
  orderBatches,
  type StockRow,
  type SupplierProductRow,
  type SupplyOrderItemRow,
  type SupplyOrderRow,
  stocksOf,
  supplierId,
  supplierProductsOf,
  supplyOrdersOf,
} from './business';

const BATCH_ORDERS = 20_000;
/** Seeded accounts cannot log in: the bench logs in a manager of its own through the API. */
const NO_PASSWORD = 'seeded-account-without-password';

interface UserRow {
  id: number;
  role: string;
  name: string;
  email: string;
  password_hash: string;
  created_at: string;
}

function usersOf(plan: BusinessPlan): UserRow[] {
  const createdAt = `${plan.year - 1}-11-01T00:00:00.000Z`;
  const user = (id: number, role: string, name: string) => ({
    id,
    role,
    name,
    email: `${name.toLowerCase().replaceAll(' ', '.')}@bench.depot.test`,
    password_hash: NO_PASSWORD,
    created_at: createdAt,
  });
  return [
    user(MANAGER_ID, 'Inventory Manager', 'Stock Keeper'),
    ...Array.from({ length: plan.couriers }, (_, n) =>
      user(courierId(n + 1), 'Courier Service', `Courier ${n + 1}`),
    ),
    ...Array.from({ length: plan.customers }, (_, n) =>
      user(customerId(plan, n + 1), 'Customer', `Customer ${n + 1}`),
    ),
    ...Array.from({ length: plan.suppliers }, (_, n) =>
      user(supplierId(plan, n + 1), 'Supplier', `Supplier ${n + 1}`),
    ),
  ];
}

function stockRowsOf(plan: BusinessPlan, stocks: StockRow[]) {
  const createdAt = `${plan.year - 1}-12-01T00:00:00.000Z`;
  return stocks.map((stock) => ({
    ...stock,
    inventory_manager_id: MANAGER_ID,
    created_at: createdAt,
    updated_at: createdAt,
  }));
}

export type SeedProgress = (done: number, total: number) => void;

/** Bulk-loads the business into a migrated SQLite file: prepared statements, one transaction per batch. */
export function seedSqlite(file: string, plan: BusinessPlan, progress: SeedProgress): void {
  const sqlite = new SQLite(file);
  try {
    // A bench database is thrown away after the run; a crash mid-seed only means seeding again.
    sqlite.pragma('synchronous = OFF');
    const insertAll = <T extends object>(table: string, columns: readonly string[]) => {
      const statement = sqlite.prepare(
        `insert into ${table} (${columns.join(', ')}) values (${columns.map((column) => `@${column}`).join(', ')})`,
      );
      return (rows: readonly T[]) => {
        for (const row of rows) statement.run(row);
      };
    };
    const stocks = stocksOf(plan);
    const insertUsers = insertAll<UserRow>('users', [
      'id',
      'role',
      'name',
      'email',
      'password_hash',
      'created_at',
    ]);
    const insertStocks = insertAll<ReturnType<typeof stockRowsOf>[number]>('stocks', [
      'id',
      'inventory_manager_id',
      'name',
      'price_cents',
      'quantity',
      'weight_grams',
      'created_at',
      'updated_at',
    ]);
    sqlite.transaction(() => {
      insertUsers(usersOf(plan));
      insertStocks(stockRowsOf(plan, stocks));
    })();

    const insertOrders = insertAll<OrderRow>('orders', ORDER_COLUMNS);
    const insertItems = insertAll<OrderItemRow>('order_items', ORDER_ITEM_COLUMNS);
    const insertBatch = sqlite.transaction((orders: OrderRow[], items: OrderItemRow[]) => {
      insertOrders(orders);
      insertItems(items);
    });
    const products = supplierProductsOf(plan, stocks);
    const supply = supplyOrdersOf(plan, products);
    const insertProducts = insertAll<SupplierProductRow>(
      'supplier_products',
      Object.keys(SUPPLIER_PRODUCT_TYPES),
    );
    const insertSupplyOrders = insertAll<SupplyOrderRow>('supply_orders', Object.keys(SUPPLY_ORDER_TYPES));
    const insertSupplyItems = insertAll<SupplyOrderItemRow>(
      'supply_order_items',
      Object.keys(SUPPLY_ORDER_ITEM_TYPES),
    );
    sqlite.transaction(() => {
      insertProducts(products);
      insertSupplyOrders(supply.orders);
      insertSupplyItems(supply.items);
    })();

    let done = 0;
    for (const batch of orderBatches(plan, stocks, BATCH_ORDERS)) {
      insertBatch(batch.orders, batch.items);
      done += batch.orders.length;
      progress(done, plan.orders);
    }
  } finally {
    sqlite.close();
  }
}

const ORDER_TYPES: Record<(typeof ORDER_COLUMNS)[number], string> = {
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
};
const ORDER_ITEM_TYPES: Record<(typeof ORDER_ITEM_COLUMNS)[number], string> = {
  order_id: 'integer',
  stock_id: 'integer',
  product_name: 'text',
  quantity: 'integer',
  price_cents: 'integer',
  weight_grams: 'integer',
};

const SUPPLIER_PRODUCT_TYPES: Record<keyof SupplierProductRow, string> = {
  id: 'integer',
  supplier_id: 'integer',
  name: 'text',
  price_cents: 'integer',
  weight_grams: 'integer',
  quantity: 'integer',
  created_at: 'text',
  updated_at: 'text',
};
const SUPPLY_ORDER_TYPES: Record<keyof SupplyOrderRow, string> = {
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
};
const SUPPLY_ORDER_ITEM_TYPES: Record<keyof SupplyOrderItemRow, string> = {
  order_id: 'integer',
  product_id: 'integer',
  product_name: 'text',
  quantity: 'integer',
  delivered_quantity: 'integer',
  price_cents: 'integer',
  weight_grams: 'integer',
};

/**
 * Many rows in one statement: each column travels as one array parameter and `unnest` turns the
 * arrays back into rows, so a batch of 20,000 orders is a single round trip.
 */
export async function insertColumns<T extends object>(
  client: pg.Client,
  table: string,
  types: Record<string, string>,
  rows: readonly T[],
) {
  const columns = Object.keys(types);
  const values = columns.map((column) => rows.map((row) => (row as Record<string, unknown>)[column]));
  const arrays = columns.map((column, index) => `$${index + 1}::${types[column]}[]`);
  await client.query(
    `insert into ${table} (${columns.join(', ')}) select * from unnest(${arrays.join(', ')})`,
    values,
  );
}

/** Bulk-loads the business into a migrated PostgreSQL schema, one transaction per batch. */
export async function seedPostgres(
  url: string,
  schema: string,
  plan: BusinessPlan,
  progress: SeedProgress,
): Promise<void> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    const stocks = stocksOf(plan);
    await client.query('begin');
    await insertColumns(
      client,
      'users',
      { id: 'integer', role: 'text', name: 'text', email: 'text', password_hash: 'text', created_at: 'text' },
      usersOf(plan),
    );
    await insertColumns(
      client,
      'stocks',
      {
        id: 'integer',
        inventory_manager_id: 'integer',
        name: 'text',
        price_cents: 'integer',
        quantity: 'integer',
        weight_grams: 'integer',
        created_at: 'text',
        updated_at: 'text',
      },
      stockRowsOf(plan, stocks),
    );
    const products = supplierProductsOf(plan, stocks);
    const supply = supplyOrdersOf(plan, products);
    await insertColumns(client, 'supplier_products', SUPPLIER_PRODUCT_TYPES, products);
    await insertColumns(client, 'supply_orders', SUPPLY_ORDER_TYPES, supply.orders);
    await insertColumns(client, 'supply_order_items', SUPPLY_ORDER_ITEM_TYPES, supply.items);
    await client.query('commit');

    let done = 0;
    for (const batch of orderBatches(plan, stocks, BATCH_ORDERS)) {
      await client.query('begin');
      await insertColumns(client, 'orders', ORDER_TYPES, batch.orders);
      await insertColumns(client, 'order_items', ORDER_ITEM_TYPES, batch.items);
      await client.query('commit');
      done += batch.orders.length;
      progress(done, plan.orders);
    }
    // The ids were given explicitly: move each identity on, so rows the app adds later get new ones.
    for (const table of [
      'users',
      'stocks',
      'orders',
      'order_items',
      'supplier_products',
      'supply_orders',
      'supply_order_items',
    ]) {
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    }
  } finally {
    await client.end();
  }
}
