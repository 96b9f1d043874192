import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../database';
import type { MigrationContext } from '../migration-helpers';

/**
 * Indexes for the lists (docs/decisions/011-one-list-protocol.md), measured by `npm run bench:lists`
 * at 100,000 rows a list. A list's page is read in its sort's order from an index and stops when
 * it is full; without one, every row the caller reaches is read and sorted for each page.
 *
 * Each index is the list's scope (the owner column its readers are narrowed by, or none for those
 * who read everything), then the sort key, then the id that breaks ties. Text sorts by its lower
 * case, compared code point by code point (`collate "C"` on PostgreSQL), as db/list-query.ts
 * orders it; SQLite appends the rowid (the id) to every index itself. Rows a list never shows
 * (deleted stock, deactivated accounts) are left out of its indexes.
 *
 * Only the lists whose rows are written rarely get an index for every sort field; orders, written
 * with every purchase, get none here (see the bench's figures), and the audit trail one for each
 * field it sorts by besides its time.
 *
 * On PostgreSQL, contains-searches (ILIKE '%…%') read trigram indexes (pg_trgm, a trusted
 * extension a database owner may create) where one is available; SQLite has none and reads rows.
 */

type Key = { text: string } | { plain: string } | { isNull: string; asc: boolean; lower?: true };

interface ListIndex {
  name: string;
  table: string;
  /** The leading columns: what the scope holds to one value. */
  scope: string[];
  key?: Key;
  /** Rows the index holds, when the list never shows the others. */
  where?: string;
}

const LIVE_STOCK = 'deleted_at is null';
const ACTIVE_USER = 'deactivated_at is null';

const INDEXES: ListIndex[] = [
  // Stock: a manager's own, and all of it for customers.
  ...['inventory_manager_id', undefined].flatMap((scope) =>
    [{ text: 'name' }, { plain: 'price_cents' }, { plain: 'quantity' }, { plain: 'weight_grams' }].map(
      (key): ListIndex => ({
        name: `stocks_${scope ? 'manager_' : ''}live_${'text' in key ? 'name' : key.plain.replace(/_.*/, '')}_idx`,
        table: 'stocks',
        scope: scope ? [scope] : [],
        key,
        where: LIVE_STOCK,
      }),
    ),
  ),
  // A supplier's catalogue, and every supplier's for managers (who may narrow it to one supplier).
  { name: 'supplier_products_supplier_idx', table: 'supplier_products', scope: ['supplier_id'] },
  ...['supplier_id', undefined].flatMap((scope) =>
    [{ text: 'name' }, { plain: 'price_cents' }, { plain: 'weight_grams' }, { plain: 'quantity' }].map(
      (key): ListIndex => ({
        name: `supplier_products_${scope ? 'supplier_' : ''}${'text' in key ? 'name' : key.plain.replace(/_.*/, '')}_idx`,
        table: 'supplier_products',
        scope: scope ? [scope] : [],
        key,
      }),
    ),
  ),
  // Active accounts of a role (suppliers, couriers) by name, email, phone number and address.
  ...[{ text: 'name' }, { text: 'email' }].map(
    (key): ListIndex => ({
      name: `users_active_${key.text}_idx`,
      table: 'users',
      scope: ['role'],
      key,
      where: ACTIVE_USER,
    }),
  ),
  ...['phone_number', 'address'].flatMap((column) =>
    [true, false].map(
      (asc): ListIndex => ({
        name: `users_active_${column}_${asc ? 'asc' : 'desc'}_idx`,
        table: 'users',
        scope: ['role'],
        key: { isNull: column, asc, lower: true },
        where: ACTIVE_USER,
      }),
    ),
  ),
  // Supply orders, a manager's own and a supplier's (by time: supply_orders_*_created_idx).
  ...['inventory_manager_id', 'supplier_id'].flatMap((scope): ListIndex[] => {
    const prefix = `supply_orders_${scope === 'supplier_id' ? 'supplier' : 'manager'}`;
    return [
      { name: `${prefix}_idx`, table: 'supply_orders', scope: [scope] },
      ...['total_quantity', 'total_cost_cents', 'status'].map(
        (column): ListIndex => ({
          name: `${prefix}_${column.replace('_cents', '')}_idx`,
          table: 'supply_orders',
          scope: [scope],
          key: { plain: column },
        }),
      ),
      ...[true, false].map(
        (asc): ListIndex => ({
          name: `${prefix}_expected_${asc ? 'asc' : 'desc'}_idx`,
          table: 'supply_orders',
          scope: [scope],
          key: { isNull: 'expected_delivery_time', asc },
        }),
      ),
    ];
  }),
  // A user's notifications by title (by time: notifications_user_created_idx).
  {
    name: 'notifications_user_title_idx',
    table: 'notifications',
    scope: ['user_id'],
    key: { text: 'title' },
  },
  // Activity by action and by kind of object (by time: audit_events_occurred_idx).
  { name: 'audit_events_action_idx', table: 'audit_events', scope: [], key: { plain: 'action' } },
  { name: 'audit_events_entity_type_idx', table: 'audit_events', scope: [], key: { plain: 'entity_type' } },
];

/** Indexes made anew: [old name, table, old columns] replaced by one of INDEXES. */
const REPLACED: [string, string, string[]][] = [
  // (supplier_id, created_at) served no list order; supplier_products_supplier_idx finds the same rows.
  ['supplier_products_supplier_created_idx', 'supplier_products', ['supplier_id', 'created_at']],
];

/**
 * PostgreSQL only: the lists' default orders (newest first), their indexes made anew ending with
 * the id. The id then breaks ties without a sort, and a deep page skips its rows in the index alone
 * (an index-only scan) instead of reading each from the table. SQLite's end with the rowid already.
 */
const WITH_ID: [string, string, string[]][] = [
  ['orders_customer_created_idx', 'orders', ['customer_id', 'created_at']],
  ['orders_courier_created_idx', 'orders', ['courier_service_id', 'created_at']],
  ['orders_created_idx', 'orders', ['created_at']],
  ['supply_orders_manager_created_idx', 'supply_orders', ['inventory_manager_id', 'created_at']],
  ['supply_orders_supplier_created_idx', 'supply_orders', ['supplier_id', 'created_at']],
  ['notifications_user_created_idx', 'notifications', ['user_id', 'created_at']],
];

/**
 * Trigram indexes for PostgreSQL's ILIKE: one per table, over every column its list searches (a
 * query's OR reads each column's part of it). The users' serves the name searches of other lists
 * (an order's customer) and Activity's actor search as well.
 */
const TRIGRAM_INDEXES: [string, string, string[]][] = [
  ['stocks_name_trgm_idx', 'stocks', ['name']],
  ['supplier_products_name_trgm_idx', 'supplier_products', ['name']],
  ['users_search_trgm_idx', 'users', ['name', 'email', 'phone_number', 'address']],
  ['orders_search_trgm_idx', 'orders', ['shipping_address', 'pin_code', 'phone_number']],
  ['supply_orders_address_trgm_idx', 'supply_orders', ['address']],
  ['notifications_search_trgm_idx', 'notifications', ['title', 'message']],
];

/** Where pg_trgm's operator classes live when the migration creates the extension. */
const EXTENSIONS_SCHEMA = 'depot_extensions';

function columnsOf(index: ListIndex, dialect: Dialect): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = index.scope.map((column) => sql.ref(column));
  const { key } = index;
  const lower = (column: string) =>
    dialect === 'postgres' ? sql`(lower(${sql.ref(column)})) collate "C"` : sql`lower(${sql.ref(column)})`;
  if (key && 'text' in key) parts.push(lower(key.text));
  if (key && 'plain' in key) parts.push(sql.ref(key.plain));
  if (key && 'isNull' in key) {
    // As db/list-query.ts orders a column that may be null: nulls last both ways, one direction.
    const column = sql.ref(key.isNull);
    parts.push(
      key.asc ? sql`(${column} is null)` : sql`(${column} is not null)`,
      key.lower ? lower(key.isNull) : column,
    );
  }
  // PostgreSQL's indexes end with the tie-breaking id only when they say so.
  if (dialect === 'postgres') parts.push(sql.ref('id'));
  return sql.join(parts);
}

/**
 * PostgreSQL reads an index alone (an index-only scan, no visit to each row) only when the index
 * holds every column the query names: a key of lower(name) needs name itself beside it. Skipping
 * to a deep page of names then reads the index, not 100,000 rows (110 ms down to 25).
 */
function includeOf(index: ListIndex, dialect: Dialect): RawBuilder<unknown> {
  const { key } = index;
  const column =
    key && 'text' in key ? key.text : key && 'isNull' in key && key.lower ? key.isNull : undefined;
  return dialect === 'postgres' && column ? sql` include (${sql.ref(column)})` : sql``;
}

/** The schema holding pg_trgm, created there if needed; undefined where the server lacks it. */
async function trigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  // Test schemas migrate side by side; creating the one shared extension is not safe concurrently.
  await sql`select pg_advisory_xact_lock(hashtext('depot: create extension pg_trgm'))`.execute(db);
  const installed = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  if (installed.rows[0]) return installed.rows[0].schema;
  const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) return undefined;
  // A schema of its own, not the app's: a database may hold several app schemas (tests, tenants),
  // and dropping one must not take the extension, and every other schema's indexes, with it.
  await sql`create schema if not exists ${sql.id(EXTENSIONS_SCHEMA)}`.execute(db);
  await sql`create extension pg_trgm schema ${sql.id(EXTENSIONS_SCHEMA)}`.execute(db);
  return EXTENSIONS_SCHEMA;
}

export function listIndexesMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name] of REPLACED) await db.schema.dropIndex(name).execute();
      for (const index of INDEXES) {
        const where = index.where ? sql` where ${sql.raw(index.where)}` : sql``;
        await sql`create index ${sql.id(index.name)} on ${sql.table(index.table)} (${columnsOf(index, dialect)})${includeOf(index, dialect)}${where}`.execute(
          db,
        );
      }
      if (dialect !== 'postgres') return;
      for (const [name, table, columns] of WITH_ID) {
        await db.schema.dropIndex(name).execute();
        await db.schema
          .createIndex(name)
          .on(table)
          .columns([...columns, 'id'])
          .execute();
      }
      const schema = await trigramSchema(db);
      if (!schema) return;
      for (const [name, table, columns] of TRIGRAM_INDEXES) {
        const operatorClass = sql`${sql.id(schema)}.gin_trgm_ops`;
        const parts = columns.map((column) => sql`${sql.ref(column)} ${operatorClass}`);
        await sql`create index ${sql.id(name)} on ${sql.table(table)} using gin (${sql.join(parts)})`.execute(
          db,
        );
      }
    },
    async down(db: Kysely<unknown>) {
      // The extension stays: other schemas of the database may use it.
      for (const [name] of TRIGRAM_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
      if (dialect === 'postgres') {
        for (const [name, table, columns] of WITH_ID) {
          await db.schema.dropIndex(name).execute();
          await db.schema.createIndex(name).on(table).columns(columns).execute();
        }
      }
      for (const index of INDEXES) await db.schema.dropIndex(index.name).execute();
      for (const [name, table, columns] of REPLACED) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
    },
  };
}
