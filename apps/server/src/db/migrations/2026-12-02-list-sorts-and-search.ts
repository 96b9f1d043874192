import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../database';
import type { MigrationContext } from '../migration-helpers';

/**
 * What `npm run bench:lists` found slow at 100,000 rows after 2026-12-01-list-indexes
 * (docs/decisions/011-one-list-protocol.md):
 *
 * - Sorting orders by a name looked the name up for every row (250–550 ms on PostgreSQL). Each
 *   order now keeps its parties' names beside their ids (customer_name; supplier_name and
 *   inventory_manager_name), rewritten when a user is renamed, and the sorts read them from
 *   indexes.
 * - Orders sorted by a column with no index read and sorted every row the caller reaches (40–140 ms
 *   on PostgreSQL). The sortable columns are fewer now (the list's sort fields in the contract) and
 *   on PostgreSQL each has an index per scope: a customer's, a courier's, and all orders for
 *   managers. SQLite sorts 100,000 orders by reading them within budget (about 20 ms), and there
 *   the fourteen indexes cost every order placed half as much CPU again (0.67 to 1.02 ms, `npm run
 *   bench`): orders get none on SQLite.
 * - SQLite read every row for a contains-search (60–140 ms). Each searched table gets an FTS5
 *   table with the trigram tokenizer, kept by triggers, which finds a substring's rows as
 *   PostgreSQL's trigram indexes do. Notifications, searched within one user's rows, keep reading
 *   them: they are written with every order and read within budget.
 */

interface SortIndex {
  name: string;
  table: string;
  scope?: string;
  /** The sort key: a text column (by its lower case) or a plain one. */
  key: { text: string } | { plain: string };
}

const ORDER_SCOPES = [
  ['customer', 'customer_id'],
  ['courier', 'courier_service_id'],
  ['all', undefined],
] as const;

const SORT_INDEXES: SortIndex[] = [
  ...ORDER_SCOPES.flatMap(([label, scope]) =>
    [
      // A customer's own orders all bear the customer's name: that sort is by id.
      ...(scope === 'customer_id' ? [] : [{ text: 'customer_name' }]),
      { plain: 'pin_code' },
      { plain: 'items_total_cents' },
      { plain: 'delivery_date' },
      { plain: 'status' },
    ].map(
      (key): SortIndex => ({
        name: `orders_${label}_${'text' in key ? key.text : key.plain.replace('_cents', '')}_idx`,
        table: 'orders',
        ...(scope ? { scope } : {}),
        key,
      }),
    ),
  ),
  // A manager's supply orders by supplier, a supplier's by manager.
  {
    name: 'supply_orders_manager_supplier_name_idx',
    table: 'supply_orders',
    scope: 'inventory_manager_id',
    key: { text: 'supplier_name' },
  },
  {
    name: 'supply_orders_supplier_manager_name_idx',
    table: 'supply_orders',
    scope: 'supplier_id',
    key: { text: 'inventory_manager_name' },
  },
];

/** SQLite's trigram search tables: `<table>_search` over the columns the table's lists search. */
const SEARCH_TABLES: [string, string[]][] = [
  ['stocks', ['name']],
  ['supplier_products', ['name']],
  ['users', ['name', 'email', 'phone_number', 'address']],
  ['orders', ['shipping_address', 'pin_code', 'phone_number']],
  ['supply_orders', ['address']],
];

/** The parties' names an order keeps: [table, name column, id column]. */
const NAMES: [string, string, string][] = [
  ['orders', 'customer_name', 'customer_id'],
  ['supply_orders', 'supplier_name', 'supplier_id'],
  ['supply_orders', 'inventory_manager_name', 'inventory_manager_id'],
];

const indexedOn = (index: SortIndex, dialect: Dialect) => index.table !== 'orders' || dialect === 'postgres';

function sortColumns(index: SortIndex, dialect: Dialect): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = index.scope ? [sql.ref(index.scope)] : [];
  if ('text' in index.key) {
    const lower = sql`lower(${sql.ref(index.key.text)})`;
    parts.push(dialect === 'postgres' ? sql`(${lower}) collate "C"` : lower);
  } else {
    parts.push(sql.ref(index.key.plain));
  }
  // SQLite ends every index with the rowid (the id) itself.
  if (dialect === 'postgres') parts.push(sql.ref('id'));
  return sql.join(parts);
}

async function createSearchTable(db: Kysely<unknown>, table: string, columns: string[]) {
  const search = `${table}_search`;
  const list = sql.raw(columns.join(', '));
  const values = (row: 'new' | 'old') => sql.raw(columns.map((column) => `${row}.${column}`).join(', '));
  await sql`create virtual table ${sql.id(search)} using fts5(${list}, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  const insert = sql`insert into ${sql.id(search)}(rowid, ${list}) values (new.id, ${values('new')});`;
  const remove = sql`insert into ${sql.id(search)}(${sql.id(search)}, rowid, ${list}) values ('delete', old.id, ${values('old')});`;
  await sql`create trigger ${sql.id(`${search}_insert`)} after insert on ${sql.table(table)} begin ${insert} end`.execute(
    db,
  );
  await sql`create trigger ${sql.id(`${search}_delete`)} after delete on ${sql.table(table)} begin ${remove} end`.execute(
    db,
  );
  await sql`create trigger ${sql.id(`${search}_update`)} after update of ${list} on ${sql.table(table)} begin ${remove} ${insert} end`.execute(
    db,
  );
  await sql`insert into ${sql.id(search)}(${sql.id(search)}) values ('rebuild')`.execute(db);
}

export function listSortsAndSearchMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      for (const [table, column, idColumn] of NAMES) {
        await db.schema
          .alterTable(table)
          .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = (select users.name from users where users.id = ${sql.ref(`${table}.${idColumn}`)})`.execute(
          db,
        );
      }
      for (const index of SORT_INDEXES) {
        if (!indexedOn(index, dialect)) continue;
        // The name beside its lower case lets PostgreSQL read the index alone (2026-12-01-list-indexes).
        const include =
          dialect === 'postgres' && 'text' in index.key ? sql` include (${sql.ref(index.key.text)})` : sql``;
        await sql`create index ${sql.id(index.name)} on ${sql.table(index.table)} (${sortColumns(index, dialect)})${include}`.execute(
          db,
        );
      }
      if (dialect === 'postgres') return;
      for (const [table, columns] of SEARCH_TABLES) await createSearchTable(db, table, columns);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') {
        for (const [table] of SEARCH_TABLES) {
          for (const event of ['insert', 'delete', 'update']) {
            await sql`drop trigger if exists ${sql.id(`${table}_search_${event}`)}`.execute(db);
          }
          await sql`drop table if exists ${sql.id(`${table}_search`)}`.execute(db);
        }
      }
      for (const index of SORT_INDEXES) {
        if (indexedOn(index, dialect)) await db.schema.dropIndex(index.name).execute();
      }
      for (const [table, column] of NAMES) await db.schema.alterTable(table).dropColumn(column).execute();
    },
  };
}
