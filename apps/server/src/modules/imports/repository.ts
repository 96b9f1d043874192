import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import type { ImportItem, ItemValues } from './plan';

/**
 * The two kinds of owned items a file is imported into, as one shape: a manager's live stock
 * items, a supplier's catalogue.
 */
export interface ItemTable {
  table: 'stocks' | 'supplier_products';
  owner: 'inventory_manager_id' | 'supplier_id';
  /** Only the rows still in use: deleted stock items are not matched or counted. */
  live: boolean;
}

export const STOCK_TABLE: ItemTable = { table: 'stocks', owner: 'inventory_manager_id', live: true };
export const PRODUCT_TABLE: ItemTable = { table: 'supplier_products', owner: 'supplier_id', live: false };

const COLUMNS = ['id', 'name', 'sku', 'price_cents', 'quantity', 'weight_grams'] as const;

/** Rows inserted per statement: well under SQLite's limit of parameters. */
const INSERT_CHUNK = 500;

const toItem = (row: Record<string, unknown>): ImportItem => ({
  id: Number(row.id),
  name: String(row.name),
  sku: row.sku === null ? null : String(row.sku),
  price_cents: Number(row.price_cents),
  quantity: Number(row.quantity),
  weight_grams: Number(row.weight_grams),
});

/** The owner's items, to compare a file with. */
export async function itemsOf(db: Executor, kind: ItemTable, ownerId: number): Promise<ImportItem[]> {
  let query = db.selectFrom(kind.table).select(COLUMNS).where(kind.owner, '=', ownerId);
  if (kind.live) query = query.where(sql.ref('deleted_at'), 'is', null);
  return (await query.execute()).map(toItem);
}

/**
 * The owner's items, each row locked until the transaction ends (a no-op write: SQLite has no FOR
 * UPDATE), so no order takes stock between the comparison and the writes.
 */
export async function lockItemsOf(db: Executor, kind: ItemTable, ownerId: number): Promise<ImportItem[]> {
  let query = db
    .updateTable(kind.table)
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where(kind.owner, '=', ownerId);
  if (kind.live) query = query.where(sql.ref('deleted_at'), 'is', null);
  return (await query.returning(COLUMNS).execute()).map(toItem);
}

/** Inserts the new items; answers each one's id and quantity (in no particular order). */
export async function insertItems(
  db: Executor,
  kind: ItemTable,
  ownerId: number,
  items: readonly ItemValues[],
  now: string,
): Promise<{ id: number; quantity: number }[]> {
  const created: { id: number; quantity: number }[] = [];
  for (let from = 0; from < items.length; from += INSERT_CHUNK) {
    const rows = items.slice(from, from + INSERT_CHUNK).map((item) => ({
      ...item,
      [kind.owner]: ownerId,
      created_at: now,
      updated_at: now,
    }));
    const inserted = await db
      .insertInto(kind.table)
      .values(rows as never)
      .returning(['id', 'quantity'])
      .execute();
    created.push(...inserted.map((row) => ({ id: Number(row.id), quantity: Number(row.quantity) })));
  }
  return created;
}

export async function updateItem(db: Executor, kind: ItemTable, id: number, values: ItemValues, now: string) {
  await db
    .updateTable(kind.table)
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}
