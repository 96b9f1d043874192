import { QUANTITY_MAX, type SupplierProduct, type SupplierProductSortField } from '@depot/contract';
import { countRows, type ListColumns, orderedPage, whereSearched } from '../../db/list-query';
import { type Reach, reached } from '../../db/reach';
import type { Executor } from '../../db/schema';
import { fromCents, fromGrams, toCents, toGrams } from '../../lib/amounts';
import type { ListRequest } from '../../lib/list';

const LIST_COLUMNS: ListColumns<SupplierProductSortField> = {
  sort: {
    id: { column: 'supplier_products.id' },
    name: { column: 'supplier_products.name', text: true },
    price: { column: 'supplier_products.price_cents' },
    weight: { column: 'supplier_products.weight_grams' },
    quantity: { column: 'supplier_products.quantity' },
  },
  search: ['supplier_products.name'],
  id: 'supplier_products.id',
};

/** The products a caller reaches, and of them one supplier's when a manager narrows the list. */
export interface ProductFilter {
  reach: Reach;
  supplierId?: number | undefined;
  /** Leave out discontinued products: what a manager may order from. */
  orderableOnly?: boolean;
  /** A manager's id: each product comes with their own stock item linked to it (my_stock). */
  stockOf?: number | undefined;
}

/** Product fields in the API's units: price in dollars, weight in kg. */
export interface ProductValues {
  name: string;
  price: number;
  weight: number;
  quantity: number;
  /** null: none. */
  sku?: string | null;
}

const productColumns = [
  'supplier_products.id',
  'supplier_products.name',
  'supplier_products.price_cents',
  'supplier_products.weight_grams',
  'supplier_products.quantity',
  'supplier_products.supplier_id',
  'supplier_products.sku',
  'supplier_products.discontinued_at',
] as const;

interface ProductRow {
  id: number;
  name: string;
  price_cents: number;
  weight_grams: number;
  quantity: number;
  supplier_id: number;
  sku: string | null;
  discontinued_at: string | null;
}

function toSupplierProduct(row: ProductRow): SupplierProduct {
  return {
    id: row.id,
    name: row.name,
    price: fromCents(row.price_cents),
    weight: fromGrams(row.weight_grams),
    quantity: row.quantity,
    supplier_id: row.supplier_id,
    sku: row.sku,
    discontinued: row.discontinued_at !== null,
  };
}

/** Products of active suppliers only: a deactivated supplier's catalogue cannot be ordered from. */
function productsIn(db: Executor, filter: ProductFilter, q?: string) {
  let query = db
    .selectFrom('supplier_products')
    .innerJoin('users', 'users.id', 'supplier_products.supplier_id')
    .where('users.deactivated_at', 'is', null)
    .where(reached('supplier_products', filter.reach));
  if (filter.supplierId !== undefined)
    query = query.where('supplier_products.supplier_id', '=', filter.supplierId);
  if (filter.orderableOnly) query = query.where('supplier_products.discontinued_at', 'is', null);
  return whereSearched(db, query, LIST_COLUMNS, q);
}

/**
 * The page's rows with the manager's own stock item linked to each product, in the same statement
 * (docs/product/screens.md#stock-replenishment): the lowest-numbered live item whose reorder rule
 * names the product, found by the rule's product index for the page's rows only. Only rules and
 * items of `managerId` are ever read, so another manager's quantities never show.
 */
function rowsWithStockOf(db: Executor, managerId: number) {
  return db
    .selectFrom('supplier_products')
    .leftJoin('stocks as linked_stock', (join) =>
      join.on('linked_stock.inventory_manager_id', '=', managerId).on((eb) =>
        eb(
          'linked_stock.id',
          '=',
          eb
            .selectFrom('reorder_rules as rule')
            .innerJoin('stocks as ruled', 'ruled.id', 'rule.stock_id')
            .select((inner) => inner.fn.min<number>('rule.stock_id').as('stock_id'))
            .whereRef('rule.supplier_product_id', '=', 'supplier_products.id')
            .where('rule.inventory_manager_id', '=', managerId)
            .where('ruled.inventory_manager_id', '=', managerId)
            .where('ruled.deleted_at', 'is', null),
        ),
      ),
    )
    .leftJoin('reorder_rules as linked_rule', 'linked_rule.stock_id', 'linked_stock.id')
    .select(productColumns)
    .select([
      'linked_stock.id as linked_stock_id',
      'linked_stock.name as linked_stock_name',
      'linked_stock.quantity as linked_stock_quantity',
      'linked_rule.reorder_level as linked_reorder_level',
    ]);
}

/** One page of the products in the filter. */
export async function listProducts(
  db: Executor,
  filter: ProductFilter,
  list: ListRequest<SupplierProductSortField>,
): Promise<SupplierProduct[]> {
  const matches = productsIn(db, filter, list.q);
  if (filter.stockOf === undefined) {
    const rows = db.selectFrom('supplier_products').select(productColumns);
    return (await orderedPage(db, rows, matches, LIST_COLUMNS, list.sort, list.page).execute()).map(
      toSupplierProduct,
    );
  }
  const rows = rowsWithStockOf(db, filter.stockOf);
  return (await orderedPage(db, rows, matches, LIST_COLUMNS, list.sort, list.page).execute()).map((row) => ({
    ...toSupplierProduct(row),
    my_stock:
      row.linked_stock_id === null ||
      row.linked_stock_name === null ||
      row.linked_stock_quantity === null ||
      row.linked_reorder_level === null
        ? null
        : {
            stock_id: row.linked_stock_id,
            name: row.linked_stock_name,
            quantity: row.linked_stock_quantity,
            reorder_level: row.linked_reorder_level,
          },
  }));
}

export function countProducts(db: Executor, filter: ProductFilter, q: string | undefined): Promise<number> {
  return countRows(productsIn(db, filter, q));
}

export async function getProduct(
  db: Executor,
  id: number,
  reach: Reach,
): Promise<SupplierProduct | undefined> {
  const row = await productsIn(db, { reach })
    .select(productColumns)
    .where('supplier_products.id', '=', id)
    .executeTakeFirst();
  return row && toSupplierProduct(row);
}

export async function createProduct(
  db: Executor,
  product: ProductValues & { supplier_id: number; created_at: string },
): Promise<SupplierProduct> {
  const row = await db
    .insertInto('supplier_products')
    .values({
      supplier_id: product.supplier_id,
      name: product.name,
      price_cents: toCents(product.price),
      weight_grams: toGrams(product.weight),
      quantity: product.quantity,
      sku: product.sku ?? null,
      created_at: product.created_at,
      updated_at: product.created_at,
    })
    .returning(productColumns)
    .executeTakeFirstOrThrow();
  return toSupplierProduct(row);
}

/** True when another product (not `exceptId`) of the supplier's catalogue has this SKU. */
export async function isSkuTaken(
  db: Executor,
  supplierId: number,
  sku: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('supplier_products')
    .select('id')
    .where('supplier_id', '=', supplierId)
    .where('sku', '=', sku);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Changes price, weight, quantity and/or SKU of a product the caller reaches; undefined when there is none. */
export async function updateProduct(
  db: Executor,
  id: number,
  reach: Reach,
  changes: Partial<Omit<ProductValues, 'name'>> & { updated_at: string },
): Promise<SupplierProduct | undefined> {
  const row = await db
    .updateTable('supplier_products')
    .set({
      ...(changes.price === undefined ? {} : { price_cents: toCents(changes.price) }),
      ...(changes.weight === undefined ? {} : { weight_grams: toGrams(changes.weight) }),
      ...(changes.quantity === undefined ? {} : { quantity: changes.quantity }),
      ...(changes.sku === undefined ? {} : { sku: changes.sku }),
      updated_at: changes.updated_at,
    })
    .where('id', '=', id)
    .where(reached('supplier_products', reach))
    .returning(productColumns)
    .executeTakeFirst();
  return row && toSupplierProduct(row);
}

/**
 * Sets or clears a product's discontinued time, for a product the caller reaches; undefined when
 * there is none. The update locks the row, so a supply order taking units from it waits for this
 * to commit and then sees it (docs/decisions/027-money-and-the-catalogue-lifecycle.md).
 */
export async function setDiscontinued(
  db: Executor,
  id: number,
  reach: Reach,
  discontinuedAt: string | null,
  updatedAt: string,
): Promise<SupplierProduct | undefined> {
  const row = await db
    .updateTable('supplier_products')
    .set({ discontinued_at: discontinuedAt, updated_at: updatedAt })
    .where('id', '=', id)
    .where(reached('supplier_products', reach))
    .returning(productColumns)
    .executeTakeFirst();
  return row && toSupplierProduct(row);
}

/** Locks a product the caller reaches for the rest of the transaction; false when there is none. */
export async function lockProduct(
  db: Executor,
  id: number,
  reach: Reach,
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('supplier_products')
    .set({ updated_at: updatedAt })
    .where('id', '=', id)
    .where(reached('supplier_products', reach))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether any supply order has a line of the product. */
export async function isOrdered(db: Executor, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('supply_order_items')
    .select('product_id')
    .where('product_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteProduct(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('supplier_products').where('id', '=', id).execute();
}

/** A product whatever its supplier, to tell "not this supplier's" from "not enough". */
export function getProductOwner(db: Executor, id: number) {
  return db
    .selectFrom('supplier_products')
    .select(['name', 'supplier_id', 'discontinued_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export type TakenProduct = NonNullable<Awaited<ReturnType<typeof takeProduct>>>;

/**
 * Takes `quantity` units of a product of that supplier, not discontinued, only if it has them, in one statement (no
 * read then write, so no interleaving can oversell); answers the row's values as they were when
 * taken, or undefined when it is another supplier's, missing or short.
 */
export function takeProduct(
  db: Executor,
  id: number,
  supplierId: number,
  quantity: number,
  updatedAt: string,
) {
  return db
    .updateTable('supplier_products')
    .set((eb) => ({ quantity: eb('quantity', '-', quantity), updated_at: updatedAt }))
    .where('id', '=', id)
    .where('supplier_id', '=', supplierId)
    .where('discontinued_at', 'is', null)
    .where('quantity', '>=', quantity)
    .returning(['id', 'name', 'price_cents', 'weight_grams'])
    .executeTakeFirst();
}

/** Puts units back (a canceled order); false when that would pass the largest quantity. */
export async function returnToProduct(
  db: Executor,
  id: number,
  quantity: number,
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('supplier_products')
    .set((eb) => ({ quantity: eb('quantity', '+', quantity), updated_at: updatedAt }))
    .where('id', '=', id)
    .where('quantity', '<=', QUANTITY_MAX - quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
