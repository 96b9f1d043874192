import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-helpers';

/** Indexes whose names carry the tables' old name: [old, new, table (new name), columns]. */
const INDEXES = [
  [
    'replenishment_orders_manager_created_idx',
    'supply_orders_manager_created_idx',
    'supply_orders',
    ['inventory_manager_id', 'created_at'],
  ],
  [
    'replenishment_orders_supplier_created_idx',
    'supply_orders_supplier_created_idx',
    'supply_orders',
    ['supplier_id', 'created_at'],
  ],
  ['replenishment_orders_delivered_idx', 'supply_orders_delivered_idx', 'supply_orders', ['delivered_at']],
  ['replenishment_order_items_order_idx', 'supply_order_items_order_idx', 'supply_order_items', ['order_id']],
] as const;

/** PostgreSQL: the table's keys and checks named after its old name (its primary key's index too). */
async function renameConstraints(db: Kysely<unknown>, table: string, fromPrefix: string, toPrefix: string) {
  const { rows } = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = ${sql.lit(table)}::regclass and conname like ${`${fromPrefix}\\_%`}`.execute(db);
  for (const { name } of rows) {
    const renamed = toPrefix + name.slice(fromPrefix.length);
    await sql`alter table ${sql.id(table)} rename constraint ${sql.id(name)} to ${sql.id(renamed)}`.execute(
      db,
    );
  }
}

/**
 * One name for one thing: the code calls a manager's order to a supplier a supply order
 * (docs/decisions), so its tables do too. The API's paths and the profile's
 * `replenishment_orders` field keep their names. SQLite cannot rename an index: it is made anew.
 */
export function supplyOrderNamesMigration({ dialect }: MigrationContext) {
  async function rename(db: Kysely<unknown>, from: 'old' | 'new') {
    const [tableFrom, itemsFrom, tableTo, itemsTo] =
      from === 'old'
        ? ['replenishment_orders', 'replenishment_order_items', 'supply_orders', 'supply_order_items']
        : ['supply_orders', 'supply_order_items', 'replenishment_orders', 'replenishment_order_items'];
    await db.schema.alterTable(tableFrom).renameTo(tableTo).execute();
    await db.schema.alterTable(itemsFrom).renameTo(itemsTo).execute();
    if (dialect === 'postgres') {
      await renameConstraints(db, tableTo, tableFrom, tableTo);
      await renameConstraints(db, itemsTo, itemsFrom, itemsTo);
    }
    for (const [oldName, newName, table, columns] of INDEXES) {
      const [before, after] = from === 'old' ? [oldName, newName] : [newName, oldName];
      if (dialect === 'postgres') {
        await sql`alter index ${sql.id(before)} rename to ${sql.id(after)}`.execute(db);
        continue;
      }
      const onTable = from === 'old' ? table : table.replace('supply_order', 'replenishment_order');
      await db.schema.dropIndex(before).execute();
      await db.schema
        .createIndex(after)
        .on(onTable)
        .columns([...columns])
        .execute();
    }
  }
  return {
    up: (db: Kysely<unknown>) => rename(db, 'old'),
    down: (db: Kysely<unknown>) => rename(db, 'new'),
  };
}
