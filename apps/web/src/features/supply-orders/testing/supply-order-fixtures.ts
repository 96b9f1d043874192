import type { SupplyOrder } from '@depot/contract';
import { listServer } from '@/testing/list-server';
import { TEST_USERS } from '@/testing/render-app';

export const ORDERS_URL = '/api/replenishment-orders';

/** GET /api/replenishment-orders over these orders: search, status filter, sort and page. */
export const supplyOrderServer = (orders: SupplyOrder[] | (() => SupplyOrder[])) =>
  listServer(orders, {
    searchIn: (order) => [order.id, order.supplier_name, order.inventory_manager_name, order.address],
    filter: (order, query) =>
      query.getAll('status').length === 0 || query.getAll('status').includes(order.status),
  });

/** A supply order of the test manager with the test supplier; overrides change any field. */
export function supplyOrder(id: number, overrides: Partial<SupplyOrder> = {}): SupplyOrder {
  return {
    id,
    created_at: '2026-06-15T10:00:00.000Z',
    updated_at: '2026-06-15T10:00:00.000Z',
    inventory_manager_id: TEST_USERS.inventoryManager.id,
    inventory_manager_name: TEST_USERS.inventoryManager.name,
    supplier_id: TEST_USERS.supplier.id,
    supplier_name: TEST_USERS.supplier.name,
    address: '4 Warehouse Row, Pune',
    mobile_number: '+91 98765 43210',
    status: 'Order Received',
    expected_delivery_time: null,
    order_items: [
      {
        product_id: 1,
        product_name: 'Hex bolt',
        quantity: 4,
        delivered_quantity: 0,
        price: 12.5,
        weight: 0.25,
      },
      { product_id: 2, product_name: 'Nut', quantity: 10, delivered_quantity: 0, price: 0.99, weight: 0.01 },
    ],
    total_quantity: 14,
    delivered_quantity: 0,
    total_cost: 59.9,
    ...overrides,
  };
}

/**
 * The columns of the supply orders table (docs/product/screens.md#my-orders-and-supply-orders);
 * suppliers also get 'Action'. The first, without text, ticks orders to print; Order ID carries the
 * order date, Total Cost the units, Address the mobile number and Status the expected delivery.
 */
export const SUPPLY_ORDER_COLUMNS = [
  '',
  'Order ID',
  'Supplier',
  'Ordered By',
  'Products',
  'Total Cost',
  'Address',
  'Status',
];

/** The body rows of the one table on screen, cell by cell. */
export function tableRows(table: HTMLElement): (string | null)[][] {
  return Array.from(table.querySelectorAll('tbody tr')).map((row) =>
    Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent),
  );
}
