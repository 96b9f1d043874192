import type { LocationType, Order, OrderStatus } from '@depot/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { compiledQuery, compiledRowsQuery } from '../../db/compiled-query';
import type { Database, OrderItemsTable, OrdersTable } from '../../db/schema';
import { fromCents, fromGrams } from '../../lib/amounts';
import { groupBy } from '../../lib/group-by';

export type Executor = Kysely<Database> | Transaction<Database>;

/** Which orders a caller may see: a courier's, a customer's, or (neither) all. */
export interface OrderScope {
  courierId?: number;
  customerId?: number;
}

type OrderRow = Selectable<OrdersTable>;
type OrderItemRow = Pick<
  Selectable<OrderItemsTable>,
  'order_id' | 'stock_id' | 'product_name' | 'quantity' | 'price_cents' | 'weight_grams'
>;

function toOrder(row: OrderRow, items: OrderItemRow[]): Order {
  return {
    id: row.id,
    created_at: row.created_at,
    shipping_address: row.shipping_address,
    pin_code: row.pin_code,
    location_type: row.location_type,
    phone_number: row.phone_number,
    consignment_weight: fromGrams(row.consignment_weight_grams),
    order_items: items.map((item) => ({
      stock_id: item.stock_id,
      product_name: item.product_name,
      quantity: item.quantity,
      price: fromCents(item.price_cents),
      weight: fromGrams(item.weight_grams),
    })),
    items_total: fromCents(row.items_total_cents),
    shipping_cost: fromCents(row.shipping_cost_cents),
    delivery_date: row.delivery_date,
    status: row.status,
    courier_service_id: row.courier_service_id,
    customer_id: row.customer_id,
  };
}

/** The lines of many orders in one query, grouped by order. */
async function itemsByOrder(db: Executor, orderIds: number[]): Promise<Map<number, OrderItemRow[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_items')
    .select(['order_id', 'stock_id', 'product_name', 'quantity', 'price_cents', 'weight_grams'])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('id')
    .execute();
  return groupBy(rows, (row) => row.order_id);
}

function ordersIn(db: Executor, scope: OrderScope) {
  let query = db.selectFrom('orders');
  if (scope.courierId !== undefined) query = query.where('orders.courier_service_id', '=', scope.courierId);
  if (scope.customerId !== undefined) query = query.where('orders.customer_id', '=', scope.customerId);
  return query;
}

/** Orders in scope, newest first, each with its lines (two queries for the whole page). */
export async function listOrders(
  db: Executor,
  scope: OrderScope,
  page: { limit: number; offset: number },
): Promise<Order[]> {
  const rows = await ordersIn(db, scope)
    .selectAll('orders')
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const items = await itemsByOrder(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toOrder(row, items.get(row.id) ?? []));
}

export async function countOrders(db: Executor, scope: OrderScope): Promise<number> {
  const row = await ordersIn(db, scope)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function getOrder(db: Executor, id: number, scope: OrderScope): Promise<Order | undefined> {
  const row = await ordersIn(db, scope).selectAll('orders').where('orders.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const items = await itemsByOrder(db, [row.id]);
  return toOrder(row, items.get(row.id) ?? []);
}

/**
 * Takes `quantity` units of a live stock item only if it has them, in one statement (no read then
 * write, so no interleaving can oversell); answers the row's values as they were when taken, or
 * undefined when it is deleted, missing or short.
 */
const takeStockQuery = compiledQuery((db, args: { stockId: number; quantity: number; updatedAt: string }) =>
  db
    .updateTable('stocks')
    .set((eb) => ({ quantity: eb('quantity', '-', args.quantity), updated_at: args.updatedAt }))
    .where('id', '=', args.stockId)
    .where('deleted_at', 'is', null)
    .where('quantity', '>=', args.quantity)
    .returning(['id', 'name', 'price_cents', 'weight_grams', 'inventory_manager_id']),
);

/** Takes `quantity` of a live stock item if it has that many; undefined when it has not. */
export function takeStock(db: Executor, stockId: number, quantity: number, updatedAt: string) {
  return takeStockQuery.executeTakeFirst(db, { stockId, quantity, updatedAt });
}

/** The Inventory Managers whose stock items an order holds: who may read its audit events. */
export async function listManagersOfOrder(db: Executor, orderId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('order_items')
    .innerJoin('stocks', 'stocks.id', 'order_items.stock_id')
    .select('stocks.inventory_manager_id')
    .distinct()
    .where('order_items.order_id', '=', orderId)
    .execute();
  return rows.map((row) => row.inventory_manager_id);
}

/** A stock row whatever its state, to name it in an error. */
export function getStockName(db: Executor, stockId: number) {
  return db.selectFrom('stocks').select(['name', 'deleted_at']).where('id', '=', stockId).executeTakeFirst();
}

export interface NewOrder {
  customer_id: number;
  courier_service_id: number;
  shipping_address: string;
  pin_code: string;
  location_type: LocationType;
  phone_number: string;
  consignment_weight_grams: number;
  items_total_cents: number;
  shipping_cost_cents: number;
  status: OrderStatus;
  delivery_date: string;
  created_at: string;
}

const insertOrderQuery = compiledQuery((db, order: NewOrder) =>
  db
    .insertInto('orders')
    .values({
      customer_id: order.customer_id,
      courier_service_id: order.courier_service_id,
      shipping_address: order.shipping_address,
      pin_code: order.pin_code,
      location_type: order.location_type,
      phone_number: order.phone_number,
      consignment_weight_grams: order.consignment_weight_grams,
      items_total_cents: order.items_total_cents,
      shipping_cost_cents: order.shipping_cost_cents,
      status: order.status,
      delivery_date: order.delivery_date,
      created_at: order.created_at,
      updated_at: order.created_at,
    })
    .returningAll(),
);

const insertItemsQuery = compiledRowsQuery((db, lines: OrderItemRow[]) =>
  db.insertInto('order_items').values(
    lines.map((line) => ({
      order_id: line.order_id,
      stock_id: line.stock_id,
      product_name: line.product_name,
      quantity: line.quantity,
      price_cents: line.price_cents,
      weight_grams: line.weight_grams,
    })),
  ),
);

export async function createOrder(
  db: Executor,
  order: NewOrder,
  items: Omit<OrderItemRow, 'order_id'>[],
): Promise<Order> {
  const row = await insertOrderQuery.executeTakeFirst(db, order);
  if (!row) throw new Error('the order insert returned no row');
  const lines = items.map((item) => ({ ...item, order_id: row.id }));
  await insertItemsQuery.execute(db, lines);
  return toOrder(row, lines);
}

/** A status change that happened: whom to tell, and how the order's Delivered count moved. */
export interface StatusChange {
  previous_status: OrderStatus;
  customer_id: number;
  created_at: string;
  /** +1 when the order became Delivered, −1 when it stopped being Delivered, else 0. */
  deliveredChange: 1 | 0 | -1;
}

/**
 * Sets the status of an order of that courier if it differs; answers the change, or undefined
 * when nothing changed (no such order of theirs, or the status was already that).
 */
export async function changeOrderStatus(
  db: Executor,
  id: number,
  courierId: number,
  status: OrderStatus,
  updatedAt: string,
): Promise<StatusChange | undefined> {
  // A no-op write takes the row lock in either dialect (SQLite has no FOR UPDATE) and answers the
  // status as of now: a concurrent change cannot slip in between reading it and replacing it.
  const current = await db
    .updateTable('orders')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .where('courier_service_id', '=', courierId)
    .returning(['status', 'customer_id', 'created_at'])
    .executeTakeFirst();
  if (!current || current.status === status) return undefined;
  await db.updateTable('orders').set({ status, updated_at: updatedAt }).where('id', '=', id).execute();
  return {
    previous_status: current.status,
    customer_id: current.customer_id,
    created_at: current.created_at,
    deliveredChange: status === 'Delivered' ? 1 : current.status === 'Delivered' ? -1 : 0,
  };
}
