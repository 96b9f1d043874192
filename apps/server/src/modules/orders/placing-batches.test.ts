import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDraftFor } from '../../test/order-draft';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

/**
 * Orders that arrive together are written together (docs/decisions/040-orders-placed-in-batches.md):
 * each still gets its own answer, stock movement, notification, audit event, mail and count, and a
 * batch refuses only the orders its stock or couriers cannot serve.
 */

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let manager: Session;
let courier: Session;
let customers: Session[];
const CUSTOMER_NAMES = ['Asha', 'Ravi', 'Meera'];

beforeAll(async () => {
  t = await createTestApp();
  [manager, courier, ...customers] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Courier Service', { name: 'Batch Couriers' }),
    ...CUSTOMER_NAMES.map((name) => registerAndLogin(t.app, 'Customer', { name })),
  ]);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

async function addStock(name: string, quantity: number, price = 4) {
  const response = await t.call('POST', '/api/stocks', manager, { name, price, quantity, weight: 0.5 });
  expect(response.statusCode).toBe(201);
  return response.json().stock.stock_id as number;
}

const quantityOf = async (id: number) =>
  (await db().selectFrom('stocks').select('quantity').where('id', '=', id).executeTakeFirstOrThrow())
    .quantity;

function draft(
  customer: Session,
  items: { stock_id: number; quantity: number }[],
  courierId = courier.user.id,
) {
  return { ...orderDraftFor({ courierId, stockId: 0 }), customer_id: customer.user.id, items };
}

/** Places the orders side by side, as requests arriving together; answers their responses in order. */
async function placeTogether(orders: { customer: Session; body: unknown; key?: string }[]) {
  const before = t.app.placingStatistics();
  const responses = await Promise.all(
    orders.map(({ customer, body, key }) =>
      t.call('POST', '/api/orders', customer, body, key ? { 'idempotency-key': key } : {}),
    ),
  );
  const after = t.app.placingStatistics();
  return { responses, batches: after.batches - before.batches, items: after.items - before.items };
}

describe('orders placed together', () => {
  it('are written in fewer batches than orders, each with its own order, movement, notification, audit event, mail and count', async () => {
    const red = await addStock('Red crate', 100, 3);
    const blue = await addStock('Blue crate', 100, 5);
    const day = t.clock.now().toISOString().slice(0, 10);
    const statsBefore = await db()
      .selectFrom('order_daily_stats')
      .select(['total_orders', 'revenue_cents'])
      .where('day', '=', day)
      .executeTakeFirst();
    const wanted = Array.from({ length: 12 }, (_, index) => ({
      customer: customers[index % customers.length] as Session,
      items: [
        { stock_id: red, quantity: 1 + (index % 3) },
        ...(index % 2 ? [{ stock_id: blue, quantity: 2 }] : []),
      ],
    }));
    const { responses, batches, items } = await placeTogether(
      wanted.map(({ customer, items: lines }, index) => ({
        customer,
        body: draft(customer, lines),
        key: `batch-${index}`,
      })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(201));
    expect(items).toBe(12);
    expect(batches).toBeLessThan(12);

    const orders = responses.map((response) => response.json().order);
    // Each answer is its own customer's order, with its own lines.
    orders.forEach((order, index) => {
      const { customer, items: lines } = wanted[index] as (typeof wanted)[number];
      expect(order.customer_id).toBe(customer.user.id);
      expect(order.customer_name).toBe(CUSTOMER_NAMES[customers.indexOf(customer)]);
      expect(
        order.order_items.map((line: { stock_id: number; quantity: number }) => [
          line.stock_id,
          line.quantity,
        ]),
      ).toEqual(lines.map((line) => [line.stock_id, line.quantity]));
    });
    expect(new Set(orders.map((order) => order.id)).size).toBe(12);

    const redSold = wanted.reduce((sum, { items: lines }) => sum + (lines[0]?.quantity ?? 0), 0);
    const blueSold = wanted.filter(({ items: lines }) => lines.length === 2).length * 2;
    expect(await quantityOf(red)).toBe(100 - redSold);
    expect(await quantityOf(blue)).toBe(100 - blueSold);

    // The movements of each item chain from the quantity before to the quantity now.
    for (const [stock, sold] of [
      [red, redSold],
      [blue, blueSold],
    ] as const) {
      const movements = await db()
        .selectFrom('stock_movements')
        .select(['change', 'quantity_after', 'order_id'])
        .where('stock_id', '=', stock)
        .where('reason', '=', 'order')
        .orderBy('id')
        .execute();
      let quantity = 100;
      for (const movement of movements) {
        quantity += movement.change;
        expect(movement.quantity_after).toBe(quantity);
      }
      expect(quantity).toBe(100 - sold);
      expect(new Set(movements.map((movement) => movement.order_id)).size).toBe(movements.length);
    }

    const ids = orders.map((order) => order.id as number);
    const notifications = await db()
      .selectFrom('notifications')
      .select(['user_id', 'order_id', 'message'])
      .where('order_id', 'in', ids)
      .execute();
    expect(notifications).toHaveLength(12);
    for (const order of orders) {
      expect(notifications).toContainEqual({
        user_id: order.customer_id,
        order_id: order.id,
        message: `Order #${order.id} has been placed and is Processing`,
      });
    }
    // Each order's audit event names its own customer as the actor, and each its own request.
    const events = await db()
      .selectFrom('audit_events')
      .select(['entity_id', 'actor_id', 'request_id'])
      .where('action', '=', 'order.placed')
      .where('entity_id', 'in', ids)
      .execute();
    expect(events).toHaveLength(12);
    for (const order of orders) {
      expect(events.find((event) => event.entity_id === order.id)?.actor_id).toBe(order.customer_id);
    }
    expect(new Set(events.map((event) => event.request_id)).size).toBe(12);
    const mails = await db()
      .selectFrom('mail_outbox')
      .select('order_id')
      .where('order_id', 'in', ids)
      .execute();
    expect(mails.map((mail) => mail.order_id).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      [...ids].sort((a, b) => a - b),
    );
    const managers = await db()
      .selectFrom('order_managers')
      .select('order_id')
      .where('order_id', 'in', ids)
      .execute();
    expect(managers).toHaveLength(12);

    const statsAfter = await db()
      .selectFrom('order_daily_stats')
      .select(['total_orders', 'revenue_cents'])
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    expect(Number(statsAfter.total_orders) - Number(statsBefore?.total_orders ?? 0)).toBe(12);
    expect(Number(statsAfter.revenue_cents) - Number(statsBefore?.revenue_cents ?? 0)).toBe(
      (redSold * 3 + blueSold * 5) * 100,
    );

    // A retry with an order's key answers that order, and places nothing.
    const retried = await t.call(
      'POST',
      '/api/orders',
      wanted[5]?.customer,
      draft(wanted[5]?.customer as Session, wanted[5]?.items ?? []),
      {
        'idempotency-key': 'batch-5',
      },
    );
    expect(retried.statusCode).toBe(201);
    expect(retried.json().order.id).toBe(orders[5].id);
    expect(await quantityOf(red)).toBe(100 - redSold);
  });

  it('refuses only the orders their stock or courier cannot serve, and writes the rest', async () => {
    const scarce = await addStock('Scarce lamp', 5);
    const plenty = await addStock('Plenty lamp', 50);
    const gone = await addStock('Gone lamp', 50);
    expect((await t.call('DELETE', `/api/stocks/${gone}`, manager)).statusCode).toBe(200);
    const [asha, ravi, meera] = customers as [Session, Session, Session];
    const { responses, batches } = await placeTogether([
      { customer: asha, body: draft(asha, [{ stock_id: scarce, quantity: 3 }]) },
      { customer: ravi, body: draft(ravi, [{ stock_id: plenty, quantity: 1 }], manager.user.id) },
      { customer: meera, body: draft(meera, [{ stock_id: scarce, quantity: 3 }]) },
      {
        customer: asha,
        body: draft(asha, [
          { stock_id: plenty, quantity: 2 },
          { stock_id: gone, quantity: 1 },
        ]),
      },
      { customer: ravi, body: draft(ravi, [{ stock_id: plenty, quantity: 4 }]) },
      { customer: meera, body: draft(meera, [{ stock_id: scarce, quantity: 2 }]) },
    ]);
    expect(batches).toBeLessThan(6);
    const statuses = responses.map((response) => response.statusCode);
    // Not a courier: refused as alone, whatever else the batch held.
    expect(statuses[1]).toBe(400);
    expect(responses[1]?.json().message).toBe('Please choose a valid courier service.');
    // A deleted item refuses its order, and the order takes nothing of its other line.
    expect(statuses[3]).toBe(409);
    expect(responses[3]?.json().message).toBe('Gone lamp is no longer available');
    expect(statuses[4]).toBe(201);
    expect(await quantityOf(plenty)).toBe(46);
    // Five scarce units: the orders for 3, 3 and 2 cannot all go; whichever came first are served.
    const scarceOrders = [0, 2, 5];
    const served = scarceOrders.filter((index) => statuses[index] === 201);
    const sold = served.reduce((sum, index) => sum + (index === 5 ? 2 : 3), 0);
    expect(sold).toBeLessThanOrEqual(5);
    expect(served.length).toBeGreaterThanOrEqual(1);
    for (const index of scarceOrders.filter((at) => statuses[at] !== 201)) {
      expect(statuses[index]).toBe(409);
      expect(responses[index]?.json().message).toBe('Not enough stock for Scarce lamp');
    }
    expect(await quantityOf(scarce)).toBe(5 - sold);
    expect(await quantityOf(gone)).toBe(50);
  });
});
