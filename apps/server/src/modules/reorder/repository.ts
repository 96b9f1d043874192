import { FINAL_SUPPLY_ORDER_STATUSES } from '@depot/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/schema';

/** A stock item with its rule, its linked product and that product's supplier. */
export function getRuleOfStock(db: Executor, stockId: number, managerId: number) {
  return db
    .selectFrom('stocks as s')
    .leftJoin('reorder_rules as r', 'r.stock_id', 's.id')
    .leftJoin('supplier_products as p', 'p.id', 'r.supplier_product_id')
    .leftJoin('users as u', 'u.id', 'p.supplier_id')
    .where('s.id', '=', stockId)
    .where('s.inventory_manager_id', '=', managerId)
    .where('s.deleted_at', 'is', null)
    .select([
      's.id as stock_id',
      's.name as stock_name',
      's.quantity',
      'r.reorder_level',
      'r.order_quantity',
      'r.order_up_to',
      'r.supplier_product_id',
      'p.name as supplier_product_name',
      'p.supplier_id',
      'u.name as supplier_name',
    ])
    .executeTakeFirst();
}

export function getSupplierProduct(db: Executor, id: number) {
  return db
    .selectFrom('supplier_products')
    .where('id', '=', id)
    .select(['id', 'supplier_id', 'name'])
    .executeTakeFirst();
}

export async function saveRule(
  db: Executor,
  rule: {
    stock_id: number;
    inventory_manager_id: number;
    reorder_level: number;
    order_quantity: number | null;
    order_up_to: number | null;
    supplier_product_id: number | null;
    updated_at: string;
  },
) {
  const { stock_id: _, inventory_manager_id: __, ...changes } = rule;
  await db
    .insertInto('reorder_rules')
    .values(rule)
    .onConflict((oc) => oc.column('stock_id').doUpdateSet(changes))
    .execute();
}

export async function deleteRule(db: Executor, stockId: number, managerId: number) {
  const result = await db
    .deleteFrom('reorder_rules')
    .where('stock_id', '=', stockId)
    .where('inventory_manager_id', '=', managerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Units a stock item sold since a time: its order movements net of cancellations, returns and reopenings. */
export async function unitsSoldSince(db: Executor, stockId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('stock_movements')
    .where('stock_id', '=', stockId)
    .where('reason', 'in', ['order', 'order_cancelled', 'order_returned', 'order_reopened'])
    .where('created_at', '>=', since)
    .select(sql<number | string | null>`sum(change)`.as('change'))
    .executeTakeFirst();
  return Math.max(0, -Number(row?.change ?? 0));
}

/** When a supplier's latest delivered orders were placed and delivered (the lead time's sample). */
export function recentDeliveries(db: Executor, supplierId: number, limit = 200) {
  return db
    .selectFrom('supply_orders')
    .where('supplier_id', '=', supplierId)
    .where('status', '=', 'Delivered')
    .where('delivered_at', 'is not', null)
    .orderBy('delivered_at', 'desc')
    .limit(limit)
    .select(['created_at', 'delivered_at'])
    .execute();
}

/**
 * The manager's items whose quantity plus the units still to come on open supply orders of the
 * linked product is at or under the reorder level (docs/product/business-rules.md#reorder-rules).
 */
export function itemsAtOrUnderLevel(db: Executor, managerId: number) {
  const onOrder = db
    .selectFrom('supply_order_items as i')
    .innerJoin('supply_orders as o', 'o.id', 'i.order_id')
    .where('o.inventory_manager_id', '=', managerId)
    .where('o.status', 'not in', [...FINAL_SUPPLY_ORDER_STATUSES])
    .groupBy('i.product_id')
    .select(['i.product_id', sql<number>`sum(i.quantity - i.delivered_quantity)`.as('units')]);
  return db
    .selectFrom('reorder_rules as r')
    .innerJoin('stocks as s', 's.id', 'r.stock_id')
    .leftJoin('supplier_products as p', 'p.id', 'r.supplier_product_id')
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'p.supplier_id').on('u.deactivated_at', 'is', null),
    )
    .leftJoin(onOrder.as('oo'), 'oo.product_id', 'r.supplier_product_id')
    .where('r.inventory_manager_id', '=', managerId)
    .where('s.deleted_at', 'is', null)
    .where(sql<boolean>`s.quantity + coalesce(oo.units, 0) <= r.reorder_level`)
    .select([
      's.id as stock_id',
      's.name as stock_name',
      's.quantity',
      sql<number>`coalesce(oo.units, 0)`.as('on_order'),
      'r.reorder_level',
      'r.order_quantity',
      'r.order_up_to',
      'u.id as supplier_id',
      'u.name as supplier_name',
      sql<number | null>`case when u.id is null then null else p.id end`.as('product_id'),
      'p.name as product_name',
      'p.quantity as available',
      'p.price_cents',
    ])
    .orderBy('s.name')
    .orderBy('s.id')
    .execute();
}

/** Each product in the manager's drafts and its units. */
export function draftedProducts(db: Executor, managerId: number) {
  return db
    .selectFrom('supply_order_draft_lines as l')
    .innerJoin('supply_order_drafts as d', 'd.id', 'l.draft_id')
    .where('d.inventory_manager_id', '=', managerId)
    .select(['l.product_id', 'l.quantity'])
    .execute();
}

/** The manager's draft for a supplier, made if there is none; a draft made meanwhile is kept. */
export async function ensureDraft(
  db: Executor,
  draft: {
    inventory_manager_id: number;
    supplier_id: number;
    address: string | null;
    mobile_number: string | null;
    automatic: number;
    created_at: string;
    updated_at: string;
  },
): Promise<number> {
  await db
    .insertInto('supply_order_drafts')
    .values(draft)
    .onConflict((oc) => oc.columns(['inventory_manager_id', 'supplier_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('supply_order_drafts')
    .where('inventory_manager_id', '=', draft.inventory_manager_id)
    .where('supplier_id', '=', draft.supplier_id)
    .select('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Adds a line unless the draft has the product already; true when it was added. */
export async function addDraftLine(
  db: Executor,
  line: { draft_id: number; product_id: number; stock_id: number; quantity: number },
): Promise<boolean> {
  const result = await db
    .insertInto('supply_order_draft_lines')
    .values(line)
    .onConflict((oc) => oc.columns(['draft_id', 'product_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The delivery details of the manager's latest supply order, to start a draft with. */
export function latestDeliveryDetails(db: Executor, managerId: number) {
  return db
    .selectFrom('supply_orders')
    .where('inventory_manager_id', '=', managerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .select(['address', 'mobile_number'])
    .executeTakeFirst();
}

/** The manager's drafts (or one of them) with their lines, as stored. */
export async function listDrafts(db: Executor, managerId: number, id?: number) {
  const drafts = await db
    .selectFrom('supply_order_drafts as d')
    .innerJoin('users as u', 'u.id', 'd.supplier_id')
    .where('d.inventory_manager_id', '=', managerId)
    .$if(id !== undefined, (q) => q.where('d.id', '=', id ?? 0))
    .select([
      'd.id',
      'd.supplier_id',
      'u.name as supplier_name',
      'd.address',
      'd.mobile_number',
      'd.automatic',
      'd.created_at',
      'd.updated_at',
    ])
    .orderBy('u.name')
    .orderBy('d.id')
    .execute();
  if (drafts.length === 0) return [];
  const lines = await db
    .selectFrom('supply_order_draft_lines as l')
    .innerJoin('supplier_products as p', 'p.id', 'l.product_id')
    .where(
      'l.draft_id',
      'in',
      drafts.map((draft) => draft.id),
    )
    .select([
      'l.draft_id',
      'l.product_id',
      'p.name as product_name',
      'l.stock_id',
      'l.quantity',
      'p.price_cents',
      'p.quantity as available',
    ])
    .orderBy('p.name')
    .orderBy('l.product_id')
    .execute();
  return drafts.map((draft) => ({ ...draft, lines: lines.filter((line) => line.draft_id === draft.id) }));
}

export async function updateDraftDetails(
  db: Executor,
  id: number,
  managerId: number,
  changes: { address?: string; mobile_number?: string; updated_at: string },
) {
  const result = await db
    .updateTable('supply_order_drafts')
    .set(changes)
    .where('id', '=', id)
    .where('inventory_manager_id', '=', managerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setDraftLineQuantity(
  db: Executor,
  draftId: number,
  productId: number,
  quantity: number,
) {
  const result =
    quantity === 0
      ? await db
          .deleteFrom('supply_order_draft_lines')
          .where('draft_id', '=', draftId)
          .where('product_id', '=', productId)
          .executeTakeFirst()
          .then((r) => r.numDeletedRows)
      : await db
          .updateTable('supply_order_draft_lines')
          .set({ quantity })
          .where('draft_id', '=', draftId)
          .where('product_id', '=', productId)
          .executeTakeFirst()
          .then((r) => r.numUpdatedRows);
  return Number(result) > 0;
}

/** Deletes a draft and its lines; false when it was not there (placed or deleted meanwhile). */
export async function deleteDraft(db: Executor, id: number, managerId: number) {
  await db
    .deleteFrom('supply_order_draft_lines')
    .where('draft_id', 'in', (eb) =>
      eb
        .selectFrom('supply_order_drafts')
        .select('id')
        .where('id', '=', id)
        .where('inventory_manager_id', '=', managerId),
    )
    .execute();
  const result = await db
    .deleteFrom('supply_order_drafts')
    .where('id', '=', id)
    .where('inventory_manager_id', '=', managerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function isAutomatic(db: Executor, managerId: number) {
  const row = await db
    .selectFrom('reorder_settings')
    .where('inventory_manager_id', '=', managerId)
    .select('automatic')
    .executeTakeFirst();
  return row?.automatic === 1;
}

export async function setAutomatic(db: Executor, managerId: number, automatic: boolean, now: string) {
  const values = { inventory_manager_id: managerId, automatic: automatic ? 1 : 0, updated_at: now };
  await db
    .insertInto('reorder_settings')
    .values(values)
    .onConflict((oc) =>
      oc.column('inventory_manager_id').doUpdateSet({ automatic: values.automatic, updated_at: now }),
    )
    .execute();
}

/** The active managers who switched automatic drafting on. */
export function automaticManagers(db: Executor) {
  return db
    .selectFrom('reorder_settings as r')
    .innerJoin('users as u', 'u.id', 'r.inventory_manager_id')
    .where('r.automatic', '=', 1)
    .where('u.deactivated_at', 'is', null)
    .select('r.inventory_manager_id')
    .orderBy('r.inventory_manager_id')
    .execute();
}

/** The manager's live stock item a supplier product is linked to, if any. */
export function linkedStockOf(db: Executor, managerId: number, productId: number) {
  return db
    .selectFrom('reorder_rules as r')
    .innerJoin('stocks as s', 's.id', 'r.stock_id')
    .where('r.inventory_manager_id', '=', managerId)
    .where('r.supplier_product_id', '=', productId)
    .where('s.deleted_at', 'is', null)
    .select(['s.id', 's.name'])
    .orderBy('s.id')
    .executeTakeFirst();
}
