import type { SupplyOrder } from '@depot/contract';
import { TEST_USERS } from '@/testing/render-app';

export const ORDERS_URL = '/api/replenishment-orders?limit=50&offset=0';

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
      { product_id: 1, product_name: 'Hex bolt', quantity: 4, price: 12.5, weight: 0.25 },
      { product_id: 2, product_name: 'Nut', quantity: 10, price: 0.99, weight: 0.01 },
    ],
    total_quantity: 14,
    total_cost: 59.9,
    ...overrides,
  };
}

/** The columns of SPEC §2 Supply Orders; suppliers also get 'Action'. */
export const SUPPLY_ORDER_COLUMNS = [
  'Order ID',
  'Products',
  'Total Quantity',
  'Total Cost',
  'Address',
  'Mobile',
  'Status',
  'Expected Delivery',
];

/** The body rows of the one table on screen, cell by cell. */
export function tableRows(table: HTMLElement): (string | null)[][] {
  return Array.from(table.querySelectorAll('tbody tr')).map((row) =>
    Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent),
  );
}
