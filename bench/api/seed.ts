import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, type Order, type StockItem } from '@depot/contract';
import { call, registerAndLoginAt } from '../../apps/server/src/test/http-client';
import { orderDraftFor } from '../../apps/server/src/test/order-draft';

export const STOCK_ITEMS = 100;
export const COURIER_ORDERS = 2_000;
export const CUSTOMER_NOTIFICATIONS = 500;
/** Enough that a customer ordering at full speed for minutes never runs a line short. */
const STOCK_QUANTITY = 100_000_000;
/** Orders placed at once while seeding: enough to keep the server busy, few enough to stay polite. */
const SEED_CONCURRENCY = 8;

export type Session = Awaited<ReturnType<typeof registerAndLoginAt>>;

/** The business the bench measures, with the logins each endpoint is called as. */
export interface Business {
  /** Owns the 100 stock items. */
  manager: Session;
  stockIds: number[];
  /** Has CUSTOMER_NOTIFICATIONS notifications: one per order placed. */
  customer: Session;
  /** Places the bench's own orders, so the courier's list stays at COURIER_ORDERS. */
  orderingCustomer: Session;
  /** Has COURIER_ORDERS orders assigned. */
  courier: Session;
  courierOrderIds: number[];
  /** Receives the orders placed while POST /api/orders is measured. */
  otherCourier: Session;
}

async function placeOrders(
  baseUrl: string,
  count: number,
  next: (index: number) => { cookie: string; body: unknown },
): Promise<number[]> {
  const ids: number[] = [];
  let placed = 0;
  async function worker() {
    while (placed < count) {
      const { cookie, body } = next(placed);
      placed += 1;
      // With a key, as the web app places every order: the keys' table is as full as the business's.
      const reply = await call<{ order: Order }>(baseUrl, 'POST', '/api/orders', {
        cookie,
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      });
      if (reply.status !== 201) throw new Error(`seeding an order failed: ${JSON.stringify(reply.body)}`);
      ids.push(reply.body.order.id);
    }
  }
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
  return ids;
}

/**
 * Seeds through the API, as users would: a manager's 100 stock items, a courier with 2,000 orders
 * (500 of them from the customer whose profile is measured, so that customer has 500
 * notifications, the rest from a second customer), and a second courier for new orders.
 */
export async function seedBusiness(baseUrl: string): Promise<Business> {
  const manager = await registerAndLoginAt(baseUrl, 'Inventory Manager');
  const stockIds: number[] = [];
  for (let i = 0; i < STOCK_ITEMS; i += 1) {
    const created = await call<{ stock: StockItem }>(baseUrl, 'POST', '/api/stocks', {
      cookie: manager.cookie,
      body: { name: `Bench item ${i}`, price: 2 + i / 4, quantity: STOCK_QUANTITY, weight: 0.25 + i / 20 },
    });
    if (created.status !== 201) throw new Error(`seeding stock failed: ${JSON.stringify(created.body)}`);
    stockIds.push(created.body.stock.stock_id);
  }
  const customer = await registerAndLoginAt(baseUrl, 'Customer');
  const orderingCustomer = await registerAndLoginAt(baseUrl, 'Customer');
  const courier = await registerAndLoginAt(baseUrl, 'Courier Service');
  const otherCourier = await registerAndLoginAt(baseUrl, 'Courier Service');

  const locations = ['urban', 'suburban', 'rural'] as const;
  const courierOrderIds = await placeOrders(baseUrl, COURIER_ORDERS, (index) => ({
    cookie: (index < CUSTOMER_NOTIFICATIONS ? customer : orderingCustomer).cookie,
    body: {
      ...orderDraftFor({
        courierId: courier.user.id,
        stockId: stockIds[index % STOCK_ITEMS] as number,
        quantity: 1 + (index % 3),
        locationType: locations[index % locations.length],
      }),
      // One to three lines an order, as customers' baskets go.
      items: Array.from({ length: 1 + (index % 3) }, (_, line) => ({
        stock_id: stockIds[(index + line * 7) % STOCK_ITEMS] as number,
        quantity: 1 + line,
      })),
    },
  }));
  return { manager, stockIds, customer, orderingCustomer, courier, courierOrderIds, otherCourier };
}
