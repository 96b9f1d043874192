import {
  type AttemptReason,
  CANCELLED_ORDER_STATUS,
  type CourierOrderStatus,
  isFinalOrderStatus,
  ORDER_LIST,
  type Order,
  type OrderAttempt,
  type OrderSortField,
  type OrderStatus,
  type OrderStatusChange,
  type ProofMethod,
  type ProofPhotoType,
} from '@depot/contract';
import { type Selectable, sql } from 'kysely';
import { compiledQuery, compiledRowsQuery } from '../../db/compiled-query';
import { type ListColumns, whereInDays } from '../../db/list-query';
import { type Reach, reached } from '../../db/reach';
import {
  type Executor,
  isPostgres,
  type OrderItemsTable,
  type OrdersTable,
  type StocksTable,
} from '../../db/schema';
import { fromCents, fromGrams } from '../../lib/amounts';
import { groupBy } from '../../lib/group-by';
import { type OrderFilters, orderQueries } from '../order-engine/order-queries';

const LIST_COLUMNS: ListColumns<OrderSortField> = {
  sort: {
    id: { column: 'orders.id' },
    created_at: { column: 'orders.created_at', sqliteIndex: true },
    customer_name: { column: 'orders.customer_name', text: true, sameFor: 'orders.customer_id' },
    pin_code: { column: 'orders.pin_code' },
    items_total: { column: 'orders.items_total_cents' },
    delivery_date: { column: 'orders.delivery_date' },
    status: { column: 'orders.status' },
  },
  search: [
    { user: 'orders.customer_id', role: 'Customer' },
    'orders.shipping_address',
    'orders.pin_code',
    'orders.phone_number',
  ],
  searchNumber: 'orders.id',
  id: 'orders.id',
};

/**
 * The columns an order's answer is made of. Named, not `orders.*`: PostgreSQL prepares a statement
 * only when its columns are listed (db/database.ts statementName), and the tracking token and the
 * delivery code stay out of every list's rows.
 */
const ORDER_FIELDS = [
  'id',
  'created_at',
  'shipping_address',
  'pin_code',
  'location_type',
  'phone_number',
  'consignment_weight_grams',
  'items_total_cents',
  'shipping_cost_cents',
  'delivery_date',
  'status',
  'courier_service_id',
  'customer_id',
  'customer_name',
  'last_attempt_reason',
  'next_attempt_date',
] as const satisfies readonly (keyof OrdersTable)[];
const ORDER_COLUMNS = ORDER_FIELDS.map((field) => `orders.${field}` as const);
type OrderRow = Pick<Selectable<OrdersTable>, (typeof ORDER_FIELDS)[number]>;
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
    customer_name: row.customer_name,
    last_attempt_reason: row.last_attempt_reason ?? null,
    next_attempt_date: row.next_attempt_date ?? null,
  };
}

/** A list's filters: the engine's, the courier, and the days the orders are due. */
export interface CustomerOrderFilters extends OrderFilters<OrderStatus> {
  courier_service_id?: number | undefined;
  delivery_from?: string | undefined;
  delivery_to?: string | undefined;
}

/** Customer orders, read as the order engine reads every kind: each with its lines, in the order written. */
const customerOrders = orderQueries<OrderRow, OrderItemRow, Order, OrderSortField, CustomerOrderFilters>({
  table: 'orders',
  spec: ORDER_LIST,
  columns: LIST_COLUMNS,
  select: (query) => query.select(ORDER_COLUMNS),
  fixedColumns: (filters) => (filters.courier_service_id === undefined ? [] : ['orders.courier_service_id']),
  filter: (query, filters) =>
    whereInDays(
      filters.courier_service_id === undefined
        ? query
        : query.where('orders.courier_service_id', '=', filters.courier_service_id),
      'orders.delivery_date',
      { from: filters.delivery_from, to: filters.delivery_to },
    ),
  linesOf: (db, orderIds: number[]) =>
    db
      .selectFrom('order_items')
      .select(['order_id', 'stock_id', 'product_name', 'quantity', 'price_cents', 'weight_grams'])
      .where('order_id', 'in', orderIds)
      .orderBy('order_id')
      .orderBy('id')
      .execute(),
  toOrder,
});

export const pageOfOrders = customerOrders.page;

/** How many orders the caller reaches are in each status, of those due by a day when one is given. */
export async function countOrdersByStatus(
  db: Executor,
  reach: Reach,
  days: { from?: string | undefined; to?: string | undefined },
): Promise<{ status: OrderStatus; count: number }[]> {
  const rows = await whereInDays(
    db.selectFrom('orders').where(reached('orders', reach)),
    'orders.delivery_date',
    days,
  )
    .select((eb) => ['orders.status', eb.fn.countAll<number | string>().as('count')])
    .groupBy('orders.status')
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}
export const getOrder = customerOrders.get;
export const getOrders = customerOrders.getMany;

/**
 * Takes `quantity` units of a live stock item only if it has them, in one statement (no read then
 * write, so no interleaving can oversell); answers the row's values as they were when taken (the
 * quantity as the taking left it), or undefined when it is deleted, missing or short.
 */
const takeStockQuery = compiledQuery((db, args: { stockId: number; quantity: number; updatedAt: string }) =>
  db
    .updateTable('stocks')
    .set((eb) => ({ quantity: eb('quantity', '-', args.quantity), updated_at: args.updatedAt }))
    .where('id', '=', args.stockId)
    .where('deleted_at', 'is', null)
    .where('quantity', '>=', args.quantity)
    .returning(['id', 'name', 'price_cents', 'weight_grams', 'inventory_manager_id', 'quantity']),
);

export type TakenStock = NonNullable<Awaited<ReturnType<typeof takeStock>>>;

/** Takes `quantity` of a live stock item if it has that many; undefined when it has not. */
export function takeStock(db: Executor, stockId: number, quantity: number, updatedAt: string) {
  return takeStockQuery.executeTakeFirst(db, { stockId, quantity, updatedAt });
}

/** A stock row an order may take units from, as it stands once locked (lockStocks). */
export type StockToTake = Pick<Selectable<StocksTable>, (typeof STOCK_TO_TAKE_COLUMNS)[number]>;
const STOCK_TO_TAKE_COLUMNS = [
  'id',
  'name',
  'price_cents',
  'weight_grams',
  'quantity',
  'inventory_manager_id',
  'deleted_at',
] as const;

/**
 * The stock rows of `ids` (deleted ones too, to name them), locked for the rest of the transaction
 * in id order: PostgreSQL's FOR UPDATE; SQLite's transaction holds the one write lock from its
 * start. Orders and returns lock rows in id order, so they cannot deadlock.
 */
export async function lockStocks(db: Executor, ids: readonly number[]): Promise<Map<number, StockToTake>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('stocks')
    .select(STOCK_TO_TAKE_COLUMNS)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .$if(isPostgres(db), (query) => query.forUpdate())
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Sets the quantities of locked stock rows, in one statement however many. */
export async function setStockQuantities(
  db: Executor,
  rows: readonly { id: number; quantity: number }[],
  updatedAt: string,
): Promise<void> {
  if (rows.length === 0) return;
  // Cast: PostgreSQL cannot tell the type of a parameter that only a CASE branch holds.
  const quantityOf = sql<number>`case id ${sql.join(
    rows.map((row) => sql`when ${row.id} then cast(${row.quantity} as integer)`),
    sql` `,
  )} end`;
  await db
    .updateTable('stocks')
    .set({ quantity: quantityOf, updated_at: updatedAt })
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
}

/**
 * The Inventory Managers whose stock items an order holds: who reach it, and who may read its audit
 * events (docs/decisions/025-a-manager-reaches-the-orders-of-their-stock.md).
 */
export async function listManagersOfOrder(db: Executor, orderId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('order_managers')
    .select('manager_id')
    .where('order_id', '=', orderId)
    .orderBy('manager_id')
    .execute();
  return rows.map((row) => row.manager_id);
}

/** The managers of each of several orders, in one query; an order of none (or missing) has []. */
export async function listManagersOfOrders(
  db: Executor,
  orderIds: readonly number[],
): Promise<(orderId: number) => number[]> {
  const rows =
    orderIds.length === 0
      ? []
      : await db
          .selectFrom('order_managers')
          .select(['order_id', 'manager_id'])
          .where('order_id', 'in', [...orderIds])
          .orderBy('order_id')
          .orderBy('manager_id')
          .execute();
  const managers = groupBy(rows, (row) => row.order_id);
  return (orderId) => managers.get(orderId)?.map((row) => row.manager_id) ?? [];
}

const insertOrderManagersQuery = compiledRowsQuery((db, rows: { manager_id: number; order_id: number }[]) =>
  db
    .insertInto('order_managers')
    .values(rows.map((row) => ({ manager_id: row.manager_id, order_id: row.order_id }))),
);

/** Names the managers whose stock each new order holds as its readers, each once an order. */
export async function recordOrderManagers(
  db: Executor,
  orders: readonly { orderId: number; managerIds: readonly number[] }[],
): Promise<void> {
  const rows = orders.flatMap(({ orderId, managerIds }) =>
    [...new Set(managerIds)].map((manager_id) => ({ manager_id, order_id: orderId })),
  );
  if (rows.length > 0) await insertOrderManagersQuery.execute(db, rows);
}

/** A stock row whatever its state, to name it in an error. */
export function getStockName(db: Executor, stockId: number) {
  return db.selectFrom('stocks').select(['name', 'deleted_at']).where('id', '=', stockId).executeTakeFirst();
}

/** An order as placed: every column but those the database or the update fill. */
export type NewOrder = Omit<Selectable<OrdersTable>, 'id' | 'updated_at' | 'delivery_code_failures'>;

const insertOrdersQuery = compiledRowsQuery((db, orders: NewOrder[]) =>
  db
    .insertInto('orders')
    .values(
      orders.map((order) => ({
        customer_id: order.customer_id,
        customer_name: order.customer_name,
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
        tracking_token: order.tracking_token,
        delivery_code: order.delivery_code,
      })),
    )
    .returning(ORDER_FIELDS),
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

/** An order to write: its row, and its lines without the id it will get. */
export interface OrderToWrite {
  order: NewOrder;
  items: Omit<OrderItemRow, 'order_id'>[];
}

/**
 * Writes orders in one statement and answers them in the order given, each with its customer's
 * name as written. Their lines are written by `writeLines`, which the caller starts with its other
 * writes that need only the orders' ids (db/together.ts): one round trip for them all on PostgreSQL.
 */
export async function createOrders(
  db: Executor,
  toWrite: readonly OrderToWrite[],
): Promise<{ orders: Order[]; writeLines: () => Promise<unknown> }> {
  if (toWrite.length === 0) return { orders: [], writeLines: async () => {} };
  const inserted = await insertOrdersQuery.execute(
    db,
    toWrite.map(({ order }) => order),
  );
  // Ids are given in the order the rows were written; RETURNING promises no order.
  const rows = inserted.rows.sort((a, b) => a.id - b.id);
  if (rows.length !== toWrite.length) throw new Error('the order insert returned too few rows');
  const lines = toWrite.map(({ items }, index) => {
    const orderId = (rows[index] as OrderRow).id;
    return items.map((item) => ({ ...item, order_id: orderId }));
  });
  return {
    orders: rows.map((row, index) => toOrder(row, lines[index] as OrderItemRow[])),
    writeLines: () => insertItemsQuery.execute(db, lines.flat()),
  };
}

/** A status change that happened: whom to tell, and how the order's Delivered count moved. */
export interface StatusChange {
  previous_status: OrderStatus;
  customer_id: number;
  courier_service_id: number;
  created_at: string;
  /** The goods' value at the order's prices: what a return takes out of the revenue. */
  items_total_cents: number;
  /** +1 when the order became Delivered, −1 when it stopped being Delivered, else 0. */
  deliveredChange: 1 | 0 | -1;
}

/**
 * What a status change met: a change, none in reach ('missing'), the same status ('unchanged'),
 * or a final order, with its status.
 */
export type StatusChangeOutcome = StatusChange | 'missing' | 'unchanged' | { final: OrderStatus };

/**
 * Sets the courier status of the orders of `ids` the caller reaches where it differs and the order
 * is not final (Delivered, Cancelled: docs/product/statuses.md#customer-orders); answers what each
 * met. The rows are locked first, in id order (PostgreSQL's FOR UPDATE; SQLite's transaction holds
 * the one write lock from its start), so a concurrent change or cancel cannot slip in between
 * reading a status and replacing it, and two changes of the same orders cannot deadlock. Two
 * statements, however many orders.
 */
export async function changeOrderStatuses(
  db: Executor,
  ids: readonly number[],
  reach: Reach,
  status: CourierOrderStatus,
  updatedAt: string,
): Promise<Map<number, StatusChangeOutcome>> {
  if (ids.length === 0) return new Map();
  const locked = await db
    .selectFrom('orders')
    .select(['id', 'status', 'customer_id', 'courier_service_id', 'created_at', 'items_total_cents'])
    .where('id', 'in', [...ids])
    .where(reached('orders', reach))
    .orderBy('id')
    .$if(isPostgres(db), (query) => query.forUpdate())
    .execute();
  const outcomes = new Map<number, StatusChangeOutcome>(ids.map((id) => [id, 'missing']));
  const changing: number[] = [];
  for (const current of locked) {
    if (current.status === status) outcomes.set(current.id, 'unchanged');
    else if (isFinalOrderStatus(current.status)) outcomes.set(current.id, { final: current.status });
    else {
      changing.push(current.id);
      outcomes.set(current.id, {
        previous_status: current.status,
        customer_id: current.customer_id,
        courier_service_id: current.courier_service_id,
        created_at: current.created_at,
        items_total_cents: current.items_total_cents,
        deliveredChange: status === 'Delivered' ? 1 : current.status === 'Delivered' ? -1 : 0,
      });
    }
  }
  if (changing.length > 0) {
    await db
      .updateTable('orders')
      .set({ status, updated_at: updatedAt })
      .where('id', 'in', changing)
      .execute();
  }
  return outcomes;
}

/** Locks an order row the caller reaches until the transaction ends, answering what it holds now. */
export function lockOrder(db: Executor, id: number, reach: Reach) {
  return db
    .updateTable('orders')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .where(reached('orders', reach))
    .returning([
      'status',
      'customer_id',
      'courier_service_id',
      'created_at',
      'items_total_cents',
      'delivery_date',
    ])
    .executeTakeFirst();
}

/** Sets a locked order's status to Cancelled. */
export async function markCancelled(db: Executor, id: number, updatedAt: string): Promise<void> {
  await setStatus(db, id, CANCELLED_ORDER_STATUS, updatedAt);
}

/** Sets a locked order's status (a manager's reopening). */
export async function setStatus(db: Executor, id: number, status: OrderStatus, updatedAt: string) {
  await db.updateTable('orders').set({ status, updated_at: updatedAt }).where('id', '=', id).execute();
}

/** A failed delivery attempt as written (docs/decisions/031-failed-attempts-and-returns.md). */
export interface NewAttempt {
  order_id: number;
  courier_id: number;
  reason: AttemptReason;
  note: string;
  next_attempt_date: string;
  created_at: string;
  device_at: string | null;
}

/** Writes a failed attempt of a locked order and keeps its reason and next date on the order. */
export async function recordAttempt(db: Executor, attempt: NewAttempt): Promise<void> {
  await db.insertInto('order_attempts').values(attempt).execute();
  await db
    .updateTable('orders')
    .set({
      last_attempt_reason: attempt.reason,
      next_attempt_date: attempt.next_attempt_date,
      updated_at: attempt.created_at,
    })
    .where('id', '=', attempt.order_id)
    .execute();
}

/** An order's failed attempts, oldest first. */
export function listAttempts(db: Executor, orderId: number): Promise<OrderAttempt[]> {
  return db
    .selectFrom('order_attempts')
    .select(['reason', 'note', 'next_attempt_date', 'created_at as at', 'device_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** Names another courier on a locked order. */
export async function setCourier(
  db: Executor,
  id: number,
  courierId: number,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ courier_service_id: courierId, updated_at: updatedAt })
    .where('id', '=', id)
    .execute();
}

/** An order's lines as stock item and units, one per item in stock_id order (the lock order). */
/** One unit line of an order: a stock item and how many of it the order holds, over all its lines. */
export interface OrderUnits {
  stock_id: number;
  quantity: number;
}

/** Several orders' units in one query (a bulk Returned), per order, each by stock id. */
export async function listUnitsOfOrders(
  db: Executor,
  orderIds: readonly number[],
): Promise<Map<number, OrderUnits[]>> {
  const byOrder = new Map<number, OrderUnits[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('order_items')
    .select((eb) => ['order_id', 'stock_id', eb.fn.sum<number>('quantity').as('quantity')])
    .where('order_id', 'in', orderIds)
    .groupBy(['order_id', 'stock_id'])
    .orderBy('order_id')
    .orderBy('stock_id')
    .execute();
  for (const row of rows) {
    const units = byOrder.get(row.order_id) ?? [];
    units.push({ stock_id: row.stock_id, quantity: Number(row.quantity) });
    byOrder.set(row.order_id, units);
  }
  return byOrder;
}

/** An order's units, each stock item once, by stock id. */
export async function listOrderUnits(db: Executor, orderId: number): Promise<OrderUnits[]> {
  return (await listUnitsOfOrders(db, [orderId])).get(orderId) ?? [];
}

/**
 * Gives `quantity` units back to a stock item, deleted or not (its history must stay whole);
 * answers the quantity the return left and whose item it is.
 */
export function returnStock(db: Executor, stockId: number, quantity: number, updatedAt: string) {
  return db
    .updateTable('stocks')
    .set((eb) => ({ quantity: eb('quantity', '+', quantity), updated_at: updatedAt }))
    .where('id', '=', stockId)
    .returning(['id', 'quantity', 'inventory_manager_id'])
    .executeTakeFirstOrThrow();
}

interface StatusChangeRow {
  order_id: number;
  status: OrderStatus;
  actor_id: number | null;
  created_at: string;
  /** The courier's device time, for a change made offline (docs/decisions/029-offline-courier-changes.md). */
  device_at?: string | null;
  /** A manager's reason for reopening the order (docs/decisions/031-failed-attempts-and-returns.md). */
  reopen_reason?: string | null;
}

const insertStatusChangesQuery = compiledRowsQuery((db, rows: StatusChangeRow[]) =>
  db.insertInto('order_status_changes').values(
    rows.map((row) => ({
      order_id: row.order_id,
      status: row.status,
      actor_id: row.actor_id,
      created_at: row.created_at,
      device_at: row.device_at,
      reopen_reason: row.reopen_reason,
    })),
  ),
);

/** Writes steps of orders' status timelines (one statement), in the transaction that took them. */
export async function recordStatusChanges(db: Executor, rows: readonly StatusChangeRow[]): Promise<void> {
  if (rows.length === 0) return;
  await insertStatusChangesQuery.execute(
    db,
    rows.map((row) => ({
      ...row,
      device_at: row.device_at ?? null,
      reopen_reason: row.reopen_reason ?? null,
    })),
  );
}

/** Writes one step of an order's status timeline, in the transaction that took it. */
export function recordStatusChange(db: Executor, row: StatusChangeRow): Promise<void> {
  return recordStatusChanges(db, [row]);
}

/** An order's status timeline, oldest first, with a manager's reasons for reopening it. */
export async function listStatusChanges(db: Executor, orderId: number): Promise<OrderStatusChange[]> {
  const rows = await db
    .selectFrom('order_status_changes')
    .select(['status', 'created_at as at', 'device_at', 'reopen_reason'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  // Only a reopening step carries a reason; the others stay as they were.
  return rows.map(({ reopen_reason, ...change }) =>
    reopen_reason === null ? change : { ...change, reopen_reason },
  );
}

/** An order's status timeline as anyone holding its tracking link sees it: no reasons. */
export async function listPublicStatusChanges(db: Executor, orderId: number): Promise<OrderStatusChange[]> {
  return db
    .selectFrom('order_status_changes')
    .select(['status', 'created_at as at', 'device_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** The tracking token and delivery code of an order, and its courier's name. */
export function getFollowingFacts(db: Executor, orderId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.courier_service_id')
    .select(['orders.tracking_token', 'orders.delivery_code', 'users.name as courier_name'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

/** The public facts of the order a tracking token names. */
export function getTrackedOrder(db: Executor, token: string) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.courier_service_id')
    .select([
      'orders.id',
      'orders.status',
      'orders.delivery_date',
      'orders.pin_code',
      'orders.delivery_code',
      'users.name as courier_name',
    ])
    .where('orders.tracking_token', '=', token)
    .executeTakeFirst();
}

/** The delivery code of an order and the wrong tries it has taken; call with the order locked. */
export function getDeliveryCode(db: Executor, id: number) {
  return db
    .selectFrom('orders')
    .select(['delivery_code', 'delivery_code_failures'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Counts one wrong delivery code, only while fewer than the most were tried, in one statement: two
 * tries at once cannot both take the last one. Answers the tries now counted, or undefined when the
 * code was already locked.
 */
export async function countWrongCode(
  db: Executor,
  id: number,
  maxTries: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('orders')
    .set((eb) => ({ delivery_code_failures: eb('delivery_code_failures', '+', 1) }))
    .where('id', '=', id)
    .where('delivery_code_failures', '<', maxTries)
    .returning('delivery_code_failures')
    .executeTakeFirst();
  return row?.delivery_code_failures;
}

export interface NewProof {
  order_id: number;
  recipient_name: string;
  method: ProofMethod;
  photo: Buffer | null;
  photo_type: ProofPhotoType | null;
  actor_id: number;
  created_at: string;
  device_at: string | null;
}

/**
 * Keeps the proof of a delivery, in the transaction that set Delivered. An order a manager reopened
 * and the courier delivers again keeps the new proof; the audit trail keeps what the first one was.
 */
export async function recordProof(db: Executor, proof: NewProof): Promise<void> {
  const { order_id: _orderId, ...replaced } = proof;
  await db
    .insertInto('order_proofs')
    .values(proof)
    .onConflict((conflict) => conflict.column('order_id').doUpdateSet(replaced))
    .execute();
}

/** An order's proof as it is read, without the photo's bytes. */
export async function getProof(db: Executor, orderId: number) {
  return db
    .selectFrom('order_proofs')
    .select(['recipient_name', 'method', 'created_at', 'device_at'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** The proof photo of an order the caller reaches; undefined when out of reach or without one. */
export function getProofPhoto(db: Executor, orderId: number, reach: Reach) {
  return db
    .selectFrom('order_proofs')
    .innerJoin('orders', 'orders.id', 'order_proofs.order_id')
    .select(['order_proofs.photo', 'order_proofs.photo_type'])
    .where('order_proofs.order_id', '=', orderId)
    .where('order_proofs.photo', 'is not', null)
    .where(reached('orders', reach))
    .executeTakeFirst();
}
