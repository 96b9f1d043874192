import type { SupplyOrder, SupplyOrderStatus } from '@depot/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, SupplyOrderItemsTable, SupplyOrdersTable } from '../../db/schema';
import { fromCents, fromGrams } from '../../lib/amounts';
import { groupBy } from '../../lib/group-by';

export type Executor = Kysely<Database> | Transaction<Database>;

/** Whose supply orders a caller may see: the ordering manager's or the supplier's. */
export type SupplyOrderScope = { managerId: number } | { supplierId: number };

type OrderRow = Selectable<SupplyOrdersTable>;
export type SupplyOrderItemRow = Omit<Selectable<SupplyOrderItemsTable>, 'id'>;

/** Totals are summed here in integer cents; placing the order made sure they stay exact. */
function toSupplyOrder(row: OrderRow, items: SupplyOrderItemRow[]): SupplyOrder {
  let totalQuantity = 0;
  let totalCents = 0;
  for (const item of items) {
    totalQuantity += item.quantity;
    totalCents += item.price_cents * item.quantity;
  }
  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    inventory_manager_id: row.inventory_manager_id,
    supplier_id: row.supplier_id,
    address: row.address,
    mobile_number: row.mobile_number,
    status: row.status,
    expected_delivery_time: row.expected_delivery_time,
    order_items: items.map((item) => ({
      product_id: item.product_id,
      product_name: item.product_name,
      quantity: item.quantity,
      price: fromCents(item.price_cents),
      weight: fromGrams(item.weight_grams),
    })),
    total_quantity: totalQuantity,
    total_cost: fromCents(totalCents),
  };
}

/** The lines of many orders in one query, grouped by order, each order's in product order. */
async function itemsByOrder(db: Executor, orderIds: number[]): Promise<Map<number, SupplyOrderItemRow[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('supply_order_items')
    .select(['order_id', 'product_id', 'product_name', 'quantity', 'price_cents', 'weight_grams'])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('product_id')
    .execute();
  return groupBy(rows, (row) => row.order_id);
}

function ordersIn(db: Executor, scope: SupplyOrderScope) {
  const query = db.selectFrom('supply_orders');
  return 'managerId' in scope
    ? query.where('inventory_manager_id', '=', scope.managerId)
    : query.where('supplier_id', '=', scope.supplierId);
}

/** Supply orders in scope, newest first, each with its lines (two queries for the whole page). */
export async function listSupplyOrders(
  db: Executor,
  scope: SupplyOrderScope,
  page: { limit: number; offset: number },
): Promise<SupplyOrder[]> {
  const rows = await ordersIn(db, scope)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const items = await itemsByOrder(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSupplyOrder(row, items.get(row.id) ?? []));
}

export async function countSupplyOrders(db: Executor, scope: SupplyOrderScope): Promise<number> {
  const row = await ordersIn(db, scope)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function getSupplyOrder(
  db: Executor,
  id: number,
  scope: SupplyOrderScope,
): Promise<SupplyOrder | undefined> {
  const row = await ordersIn(db, scope).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const items = await itemsByOrder(db, [row.id]);
  return toSupplyOrder(row, items.get(row.id) ?? []);
}

export interface NewSupplyOrder {
  inventory_manager_id: number;
  supplier_id: number;
  address: string;
  mobile_number: string;
  status: SupplyOrderStatus;
  created_at: string;
}

export async function createSupplyOrder(
  db: Executor,
  order: NewSupplyOrder,
  items: Omit<SupplyOrderItemRow, 'order_id'>[],
): Promise<SupplyOrder> {
  const row = await db
    .insertInto('supply_orders')
    .values({ ...order, expected_delivery_time: null, updated_at: order.created_at })
    .returningAll()
    .executeTakeFirstOrThrow();
  const lines = items.map((item) => ({ ...item, order_id: row.id }));
  await db.insertInto('supply_order_items').values(lines).execute();
  return toSupplyOrder(row, lines);
}

/**
 * Changes a supply order of that supplier unless it is final, in one statement: of two
 * concurrent changes to one order, only the first can make it final (the second no longer
 * matches). Answers false when nothing matched (missing, another supplier's, or final).
 */
export async function changeSupplyOrder(
  db: Executor,
  id: number,
  supplierId: number,
  finalStatuses: readonly SupplyOrderStatus[],
  changes: {
    status?: SupplyOrderStatus;
    expected_delivery_time?: string;
    updated_at: string;
    delivered_at?: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('supply_orders')
    .set(changes)
    .where('id', '=', id)
    .where('supplier_id', '=', supplierId)
    .where('status', 'not in', finalStatuses)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
