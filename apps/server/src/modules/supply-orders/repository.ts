import {
  SUPPLY_ORDER_LIST,
  type SupplyOrder,
  type SupplyOrderSortField,
  type SupplyOrderStatus,
} from '@depot/contract';
import type { Selectable } from 'kysely';
import { type ListColumns, whereInDays } from '../../db/list-query';
import { type Reach, reached } from '../../db/reach';
import type { Executor, SupplyOrderItemsTable, SupplyOrdersTable } from '../../db/schema';
import { fromCents, fromGrams } from '../../lib/amounts';
import { type OrderFilters, orderQueries } from '../order-engine/order-queries';

const LIST_COLUMNS: ListColumns<SupplyOrderSortField> = {
  sort: {
    id: { column: 'supply_orders.id' },
    created_at: { column: 'supply_orders.created_at' },
    supplier_name: {
      column: 'supply_orders.supplier_name',
      text: true,
      sameFor: 'supply_orders.supplier_id',
    },
    inventory_manager_name: {
      column: 'supply_orders.inventory_manager_name',
      text: true,
      sameFor: 'supply_orders.inventory_manager_id',
    },
    total_quantity: { column: 'supply_orders.total_quantity' },
    total_cost: { column: 'supply_orders.total_cost_cents' },
    status: { column: 'supply_orders.status' },
    expected_delivery_time: { column: 'supply_orders.expected_delivery_time', nullable: true },
  },
  search: [
    { user: 'supply_orders.supplier_id', role: 'Supplier' },
    { user: 'supply_orders.inventory_manager_id', role: 'Inventory Manager' },
    'supply_orders.address',
  ],
  searchNumber: 'supply_orders.id',
  id: 'supply_orders.id',
};

/**
 * A list's filters besides the search: statuses, one supplier, the days the orders were placed and
 * the days they are expected.
 */
interface SupplyOrderFilters extends OrderFilters<SupplyOrderStatus> {
  supplier_id?: number | undefined;
  due_from?: string | undefined;
  due_to?: string | undefined;
}

/** The columns a supply order's answer is made of: named, so PostgreSQL prepares the statement (as ORDER_COLUMNS). */
const SUPPLY_ORDER_FIELDS = [
  'id',
  'created_at',
  'updated_at',
  'inventory_manager_id',
  'inventory_manager_name',
  'supplier_id',
  'supplier_name',
  'address',
  'mobile_number',
  'status',
  'expected_delivery_time',
  'total_quantity',
  'total_cost_cents',
] as const satisfies readonly (keyof SupplyOrdersTable)[];
const SUPPLY_ORDER_COLUMNS = SUPPLY_ORDER_FIELDS.map((field) => `supply_orders.${field}` as const);
type OrderRow = Pick<Selectable<SupplyOrdersTable>, (typeof SUPPLY_ORDER_FIELDS)[number]>;
export type SupplyOrderItemRow = Omit<Selectable<SupplyOrderItemsTable>, 'id'>;

function toSupplyOrder(row: OrderRow, items: SupplyOrderItemRow[]): SupplyOrder {
  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    inventory_manager_id: row.inventory_manager_id,
    inventory_manager_name: row.inventory_manager_name,
    supplier_id: row.supplier_id,
    supplier_name: row.supplier_name,
    address: row.address,
    mobile_number: row.mobile_number,
    status: row.status,
    expected_delivery_time: row.expected_delivery_time,
    order_items: items.map((item) => ({
      product_id: item.product_id,
      product_name: item.product_name,
      quantity: item.quantity,
      delivered_quantity: item.delivered_quantity,
      price: fromCents(item.price_cents),
      weight: fromGrams(item.weight_grams),
    })),
    total_quantity: Number(row.total_quantity),
    delivered_quantity: items.reduce((units, item) => units + item.delivered_quantity, 0),
    total_cost: fromCents(Number(row.total_cost_cents)),
  };
}

/** Supply orders, read as the order engine reads every kind: each with its lines, in product order. */
const supplyOrders = orderQueries<
  OrderRow,
  SupplyOrderItemRow,
  SupplyOrder,
  SupplyOrderSortField,
  SupplyOrderFilters
>({
  table: 'supply_orders',
  spec: SUPPLY_ORDER_LIST,
  columns: LIST_COLUMNS,
  select: (query) => query.select(SUPPLY_ORDER_COLUMNS),
  fixedColumns: (filters) => (filters.supplier_id === undefined ? [] : ['supply_orders.supplier_id']),
  filter: (query, filters) =>
    whereInDays(
      filters.supplier_id === undefined
        ? query
        : query.where('supply_orders.supplier_id', '=', filters.supplier_id),
      'supply_orders.expected_delivery_time',
      { from: filters.due_from, to: filters.due_to },
    ),
  linesOf: (db, orderIds) =>
    db
      .selectFrom('supply_order_items')
      .select([
        'order_id',
        'product_id',
        'product_name',
        'quantity',
        'delivered_quantity',
        'price_cents',
        'weight_grams',
      ])
      .where('order_id', 'in', orderIds)
      .orderBy('order_id')
      .orderBy('product_id')
      .execute(),
  toOrder: toSupplyOrder,
});

export const listSupplyOrders = supplyOrders.list;
export const pageOfSupplyOrders = supplyOrders.page;
export const getSupplyOrder = supplyOrders.get;

/** A supply order as placed: its parties, contact, first status and totals. */
export type NewSupplyOrder = Omit<
  Selectable<SupplyOrdersTable>,
  'id' | 'updated_at' | 'expected_delivery_time' | 'delivered_at'
>;

/** Writes a supply order, its totals and its lines. */
export async function createSupplyOrder(
  db: Executor,
  order: NewSupplyOrder,
  items: Omit<SupplyOrderItemRow, 'order_id' | 'delivered_quantity'>[],
): Promise<SupplyOrder> {
  const row = await db
    .insertInto('supply_orders')
    .values({ ...order, expected_delivery_time: null, updated_at: order.created_at })
    .returning(SUPPLY_ORDER_FIELDS)
    .executeTakeFirstOrThrow();
  const lines = items.map((item) => ({ ...item, order_id: row.id }));
  await db.insertInto('supply_order_items').values(lines).execute();
  return toSupplyOrder(
    row,
    lines.map((line) => ({ ...line, delivered_quantity: 0 })),
  );
}

/**
 * Adds units to a line's delivered count unless that would pass its quantity, in one statement;
 * answers false when it would (or the line does not exist).
 */
export async function deliverLine(
  db: Executor,
  orderId: number,
  productId: number,
  units: number,
): Promise<boolean> {
  const result = await db
    .updateTable('supply_order_items')
    .set((eb) => ({ delivered_quantity: eb('delivered_quantity', '+', units) }))
    .where('order_id', '=', orderId)
    .where('product_id', '=', productId)
    .where((eb) => eb(eb('delivered_quantity', '+', units), '<=', eb.ref('quantity')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether every line of the order has all its units delivered. */
export async function isFullyDelivered(db: Executor, orderId: number): Promise<boolean> {
  const open = await db
    .selectFrom('supply_order_items')
    .select('product_id')
    .where('order_id', '=', orderId)
    .where((eb) => eb('delivered_quantity', '<', eb.ref('quantity')))
    .executeTakeFirst();
  return open === undefined;
}

/**
 * Changes a supply order the caller reaches unless it is final, in one statement: of two
 * concurrent changes to one order, only the first can make it final (the second no longer
 * matches). Answers false when nothing matched (missing, out of reach, or final).
 */
export async function changeSupplyOrder(
  db: Executor,
  id: number,
  reach: Reach,
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
    .where(reached('supply_orders', reach))
    .where('status', 'not in', finalStatuses)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * How to reach the two parties of a supply order, deactivated accounts too: a past order's
 * documents stay printable after its supplier is deleted.
 */
export async function getSupplyOrderParties(
  db: Executor,
  managerId: number,
  supplierId: number,
): Promise<{ manager: PartyContact; supplier: PartyContact }> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'phone_number', 'address'])
    .where('id', 'in', [managerId, supplierId])
    .execute();
  const contactOf = (id: number): PartyContact => {
    const row = rows.find((found) => found.id === id);
    return {
      email: row?.email ?? '',
      phone_number: row?.phone_number ?? null,
      address: row?.address ?? null,
    };
  };
  return { manager: contactOf(managerId), supplier: contactOf(supplierId) };
}

export interface PartyContact {
  email: string;
  phone_number: string | null;
  address: string | null;
}
