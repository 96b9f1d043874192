import { QUANTITY_MAX, type StockItem, type StockSortField } from '@depot/contract';
import { sql } from 'kysely';
import {
  countRows,
  type JsonFields,
  jsonDecimal,
  jsonPages,
  type ListColumns,
  orderedJsonPage,
  orderedPage,
  whereSearched,
} from '../../db/list-query';
import { type Reach, reached } from '../../db/reach';
import type { Executor } from '../../db/schema';
import { fromCents, fromGrams, toCents, toGrams } from '../../lib/amounts';
import type { ListRequest } from '../../lib/list';

/** Stock fields in the API's units: price in dollars, weight in kg. */
export interface StockValues {
  name: string;
  price: number;
  quantity: number;
  weight: number;
  /** null: none. */
  sku: string | null;
}

const stockColumns = [
  'stocks.id',
  'stocks.name',
  'stocks.price_cents',
  'stocks.quantity',
  'stocks.weight_grams',
  'stocks.inventory_manager_id',
  'stocks.sku',
] as const;

interface StockRow {
  id: number;
  name: string;
  price_cents: number;
  quantity: number;
  weight_grams: number;
  inventory_manager_id: number;
  sku: string | null;
}

function toStockItem(row: StockRow): StockItem {
  return {
    stock_id: row.id,
    stock_name: row.name,
    price: fromCents(row.price_cents),
    quantity: row.quantity,
    weight: fromGrams(row.weight_grams),
    inventory_manager_id: row.inventory_manager_id,
    sku: row.sku,
  };
}

function toStockColumns(values: Partial<StockValues>) {
  return {
    ...(values.name === undefined ? {} : { name: values.name }),
    ...(values.price === undefined ? {} : { price_cents: toCents(values.price) }),
    ...(values.quantity === undefined ? {} : { quantity: values.quantity }),
    ...(values.weight === undefined ? {} : { weight_grams: toGrams(values.weight) }),
    ...(values.sku === undefined ? {} : { sku: values.sku }),
  };
}

const LIST_COLUMNS: ListColumns<StockSortField> = {
  sort: {
    stock_id: { column: 'stocks.id' },
    stock_name: { column: 'stocks.name', text: true },
    price: { column: 'stocks.price_cents' },
    quantity: { column: 'stocks.quantity' },
    weight: { column: 'stocks.weight_grams' },
  },
  search: ['stocks.name'],
  id: 'stocks.id',
};

/** The live (not deleted) stock items the caller reaches, searched. */
function liveStocks(db: Executor, reach: Reach, q?: string) {
  const query = db
    .selectFrom('stocks')
    .where('stocks.deleted_at', 'is', null)
    .where(reached('stocks', reach));
  return whereSearched(db, query, LIST_COLUMNS, q);
}

/** One page of the live stock items the caller reaches. */
export async function listStocks(
  db: Executor,
  reach: Reach,
  list: ListRequest<StockSortField>,
): Promise<StockItem[]> {
  const rows = await orderedPage(
    db,
    db.selectFrom('stocks').select(stockColumns),
    liveStocks(db, reach, list.q),
    LIST_COLUMNS,
    list.sort,
    list.page,
  ).execute();
  return rows.map(toStockItem);
}

/** An item as toStockItem answers it, written by the database. */
const stockJson = (db: Executor): JsonFields<StockItem> => ({
  stock_id: sql.ref('stocks.id'),
  stock_name: sql.ref('stocks.name'),
  price: jsonDecimal(db, 'stocks.price_cents', 100),
  quantity: sql.ref('stocks.quantity'),
  weight: jsonDecimal(db, 'stocks.weight_grams', 1000),
  inventory_manager_id: sql.ref('stocks.inventory_manager_id'),
  sku: sql.ref('stocks.sku'),
});

/** listStocks's page as its JSON array. */
export const listStocksJson = jsonPages<StockSortField>((db, reach, list) =>
  orderedJsonPage(
    db,
    db.selectFrom('stocks'),
    liveStocks(db, reach, list.q),
    LIST_COLUMNS,
    list.sort,
    list.page,
    stockJson(db),
  ),
);

export function countStocks(db: Executor, reach: Reach, q: string | undefined): Promise<number> {
  return countRows(liveStocks(db, reach, q));
}

export async function getStockById(db: Executor, id: number, reach: Reach): Promise<StockItem | undefined> {
  const row = await liveStocks(db, reach).select(stockColumns).where('stocks.id', '=', id).executeTakeFirst();
  return row && toStockItem(row);
}

export async function createStock(
  db: Executor,
  stock: Omit<StockValues, 'sku'> & { sku?: string | null; inventory_manager_id: number; created_at: string },
): Promise<StockItem> {
  const row = await db
    .insertInto('stocks')
    .values({
      name: stock.name,
      price_cents: toCents(stock.price),
      quantity: stock.quantity,
      weight_grams: toGrams(stock.weight),
      inventory_manager_id: stock.inventory_manager_id,
      sku: stock.sku ?? null,
      created_at: stock.created_at,
      updated_at: stock.created_at,
    })
    .returning(stockColumns)
    .executeTakeFirstOrThrow();
  return toStockItem(row);
}

/**
 * A live stock item the caller reaches as it is now, its row locked until the transaction ends (a
 * no-op write: SQLite has no FOR UPDATE), so the audit's "before" is what the change replaces.
 */
export async function lockStock(db: Executor, id: number, reach: Reach): Promise<StockItem | undefined> {
  const row = await db
    .updateTable('stocks')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .where(reached('stocks', reach))
    .where('deleted_at', 'is', null)
    .returning(stockColumns)
    .executeTakeFirst();
  return row && toStockItem(row);
}

/** Changes a live stock item the caller reaches; false when there is none. */
export async function updateStock(
  db: Executor,
  id: number,
  reach: Reach,
  changes: Partial<StockValues> & { updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('stocks')
    .set({ ...toStockColumns(changes), updated_at: changes.updated_at })
    .where('id', '=', id)
    .where(reached('stocks', reach))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a live stock item the caller reaches deleted; false when there is none. */
export async function softDeleteStock(
  db: Executor,
  id: number,
  reach: Reach,
  deletedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('stocks')
    .set({ deleted_at: deletedAt, updated_at: deletedAt })
    .where('id', '=', id)
    .where(reached('stocks', reach))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** True when another of the manager's live items (not `exceptId`) has this SKU. */
export async function isSkuTaken(
  db: Executor,
  managerId: number,
  sku: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('stocks')
    .select('id')
    .where('inventory_manager_id', '=', managerId)
    .where('sku', '=', sku)
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * The manager's oldest live stock item of that name, ignoring letter case
 * (docs/product/business-rules.md#delivered-stocks-the-manager). SQLite's lower() folds only ASCII
 * letters; PostgreSQL's folds every script.
 */
export function findLiveStockByName(db: Executor, managerId: number, name: string) {
  return db
    .selectFrom('stocks')
    .select(['id', 'name'])
    .where('inventory_manager_id', '=', managerId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])))
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Adds units to a live stock item: the quantity it then has, or undefined when it was deleted or
 * would pass the largest quantity.
 */
export async function addToStock(
  db: Executor,
  id: number,
  quantity: number,
  updatedAt: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('stocks')
    .set((eb) => ({ quantity: eb('quantity', '+', quantity), updated_at: updatedAt }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('quantity', '<=', QUANTITY_MAX - quantity)
    .returning('quantity')
    .executeTakeFirst();
  return row?.quantity;
}

/**
 * PostgreSQL only: holds the manager's row until the transaction ends, so two deliveries to one
 * manager cannot both miss a stock name and create it twice. SQLite writers are serialized anyway.
 */
export async function lockStocksOfManager(db: Executor, managerId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', managerId).forNoKeyUpdate().execute();
}
