import { BULK_STATUS_MAX, COURIER_BOARD_MESSAGES, type Order } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeProofOf } from '../../test/delivery-proof';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

/** The courier's board: counts per status, orders due by a day, bulk status (docs/product/api.md#bulk-status). */

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let manager: Session;
let customer: Session;
let otherCustomer: Session;
let courier: Session;
let otherCourier: Session;
let stockId: number;

beforeAll(async () => {
  t = await createTestApp();
  [manager, customer, otherCustomer, courier, otherCourier] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Customer', { name: 'Asha' }),
    registerAndLogin(t.app, 'Customer', { name: 'Ravi' }),
    registerAndLogin(t.app, 'Courier Service', { name: 'Speedy Couriers' }),
    registerAndLogin(t.app, 'Courier Service', { name: 'Other Couriers' }),
  ]);
  const stock = await t.call('POST', '/api/stocks', manager, {
    name: 'Parcel',
    price: '2.50',
    quantity: 10_000,
    weight: '0.5',
  });
  expect(stock.statusCode).toBe(201);
  stockId = stock.json().stock.stock_id;
});
afterAll(async () => {
  await t.close();
});

/** Places an order (urban: due two days later, rural: five days later) for `courierOf`. */
async function placeOrder(who = customer, courierOf = courier, locationType = 'urban') {
  const response = await t.call('POST', '/api/orders', who, {
    shipping_address: '12 Park Street, Connaught Place',
    pin_code: '110001',
    location_type: locationType,
    phone_number: '+91 98765 43210',
    courier_service_id: courierOf.user.id,
    items: [{ stock_id: stockId, quantity: 1 }],
  });
  expect(response.statusCode).toBe(201);
  return response.json().order as Order;
}

const bulk = (body: unknown, who: Session = courier, headers?: Record<string, string>) =>
  t.call('POST', '/api/orders/status', who, body, headers);
const statusOf = async (id: number) =>
  (await t.database.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

// Each bulk request changes up to fifty orders: room for a machine under load.
describe('POST /api/orders/status', { timeout: 60_000 }, () => {
  it("sets one status on several of the courier's orders and reports each one", async () => {
    const [a, b, c] = [await placeOrder(), await placeOrder(), await placeOrder(otherCustomer)];
    const notificationsBefore = await t.count('notifications');
    const response = await bulk({ ids: [a.id, b.id, c.id], status: 'In Transit' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('3 orders updated');
    expect(
      body.results.map((result: { id: number; outcome: string }) => [result.id, result.outcome]),
    ).toEqual([
      [a.id, 'updated'],
      [b.id, 'updated'],
      [c.id, 'updated'],
    ]);
    expect(body.results[0].order).toMatchObject({ id: a.id, status: 'In Transit' });
    for (const order of [a, b, c]) expect(await statusOf(order.id)).toBe('In Transit');
    // Each customer told of each order, each change on the timeline and in the audit trail.
    expect((await t.count('notifications')) - notificationsBefore).toBe(3);

    const again = await bulk({ ids: [a.id, b.id], status: 'In Transit' });
    expect(again.json().results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'unchanged',
      'unchanged',
    ]);
    expect((await t.count('notifications')) - notificationsBefore).toBe(3);
  });

  it("refuses another courier's, missing and Delivered orders one by one, changing the rest", async () => {
    const delivered = await placeOrder();
    // Delivered one at a time, with its proof: bulk refuses it (docs/decisions/032-proof-of-delivery.md).
    const proof = await codeProofOf(t.database.db, delivered.id);
    const delivering = await t.call('PUT', `/api/orders/${delivered.id}`, courier, {
      status: 'Delivered',
      proof,
    });
    expect(delivering.statusCode).toBe(200);
    const mine = await placeOrder();
    const theirs = await placeOrder(customer, otherCourier);
    const before = {
      notifications: await t.count('notifications'),
      timeline: await t.count('order_status_changes'),
      audit: await t.count('audit_events'),
    };
    const response = await bulk({ ids: [theirs.id, mine.id, 999_999, delivered.id], status: 'In Transit' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('1 order updated, 3 refused');
    expect(body.results).toEqual([
      { id: theirs.id, outcome: 'refused', code: 'not_found', message: 'Order not found' },
      { id: mine.id, outcome: 'updated', order: expect.objectContaining({ status: 'In Transit' }) },
      { id: 999_999, outcome: 'refused', code: 'not_found', message: 'Order not found' },
      {
        id: delivered.id,
        outcome: 'refused',
        code: 'order_final',
        message: 'This order is Delivered and can no longer be changed',
      },
    ]);
    expect(await statusOf(theirs.id)).toBe('Processing');
    expect(await statusOf(delivered.id)).toBe('Delivered');
    expect(await statusOf(mine.id)).toBe('In Transit');
    // Refused before anything is written for them: the refused leave nothing behind, the changed one all of it.
    expect({
      notifications: (await t.count('notifications')) - before.notifications,
      timeline: (await t.count('order_status_changes')) - before.timeline,
      audit: (await t.count('audit_events')) - before.audit,
    }).toEqual({ notifications: 1, timeline: 1, audit: 1 });
  });

  it('refuses a Cancelled order as final', async () => {
    const order = await placeOrder();
    expect((await t.call('POST', `/api/orders/${order.id}/cancel`, customer)).statusCode).toBe(200);
    const response = await bulk({ ids: [order.id], status: 'Delivered' });
    expect(response.json().results[0]).toMatchObject({ outcome: 'refused', code: 'order_final' });
    expect(await statusOf(order.id)).toBe('Cancelled');
  });

  it('refuses bad bodies with 400 and other roles with 403, changing nothing', async () => {
    const order = await placeOrder();
    const tooMany = Array.from({ length: BULK_STATUS_MAX + 1 }, (_, index) => index + 1);
    for (const [payload, message] of [
      [{ ids: [], status: 'In Transit' }, COURIER_BOARD_MESSAGES.idsRequired],
      [{ status: 'In Transit' }, COURIER_BOARD_MESSAGES.idsRequired],
      [{ ids: tooMany, status: 'In Transit' }, COURIER_BOARD_MESSAGES.tooManyIds],
      [{ ids: [order.id] }, COURIER_BOARD_MESSAGES.statusRequired],
      [{ ids: [order.id], status: 'Cancelled' }, COURIER_BOARD_MESSAGES.invalidStatus],
      [{ ids: ['x'], status: 'In Transit' }, undefined],
      [{ ids: [0], status: 'In Transit' }, undefined],
    ] as const) {
      const response = await bulk(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(response.json().message).toContain(message);
    }
    for (const who of [customer, manager]) {
      expect((await bulk({ ids: [order.id], status: 'In Transit' }, who)).statusCode).toBe(403);
    }
    expect(
      (await t.call('POST', '/api/orders/status', undefined, { ids: [order.id], status: 'In Transit' }))
        .statusCode,
    ).toBe(401);
    expect(await statusOf(order.id)).toBe('Processing');
  });

  it('answers a retry with the same Idempotency-Key as the first time, and names each order once', async () => {
    const order = await placeOrder();
    const headers = { 'idempotency-key': `bulk-${order.id}` };
    const first = await bulk({ ids: [order.id, order.id], status: 'In Transit' }, courier, headers);
    expect(first.json().results).toHaveLength(1);
    expect(first.json().results[0].outcome).toBe('updated');
    const retry = await bulk({ ids: [order.id, order.id], status: 'In Transit' }, courier, headers);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });

  it('changes each order once when the same bulk runs twice at the same time', async () => {
    const orders = [await placeOrder(), await placeOrder(), await placeOrder()];
    const ids = orders.map((order) => order.id);
    const changesBefore = await t.count('order_status_changes');
    const [one, two] = await Promise.all([
      bulk({ ids, status: 'In Transit' }),
      bulk({ ids: [...ids].reverse(), status: 'In Transit' }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const outcomes = [...one.json().results, ...two.json().results].map(
      (result: { outcome: string }) => result.outcome,
    );
    expect(outcomes.filter((outcome) => outcome === 'updated')).toHaveLength(3);
    expect((await t.count('order_status_changes')) - changesBefore).toBe(3);
  });
});

describe('GET /api/orders/status-counts and delivery_to', () => {
  it("counts the caller's orders per status, all of them or those due by a day", async () => {
    const t0 = t.clock.now();
    const fresh = await registerAndLogin(t.app, 'Courier Service', { name: 'Fresh Couriers' });
    const first = await placeOrder(customer, fresh);
    const second = await placeOrder(customer, fresh);
    const rural = await placeOrder(otherCustomer, fresh, 'rural');
    expect((await bulk({ ids: [second.id], status: 'In Transit' }, fresh)).statusCode).toBe(200);
    const counts = await t.call('GET', '/api/orders/status-counts', fresh);
    expect(counts.statusCode).toBe(200);
    expect(counts.json()).toEqual({
      counts: { Processing: 2, 'In Transit': 1, Delivered: 0, Returned: 0, Cancelled: 0 },
      total: 3,
    });
    // Urban orders are due two days after placing, rural ones five days after.
    const dayAfter = new Date(t0.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const dueSoon = await t.call('GET', `/api/orders/status-counts?delivery_to=${dayAfter}`, fresh);
    expect(dueSoon.json()).toEqual({
      counts: { Processing: 1, 'In Transit': 1, Delivered: 0, Returned: 0, Cancelled: 0 },
      total: 2,
    });
    const list = await t.call(
      'GET',
      `/api/orders?delivery_to=${dayAfter}&status=Processing,In%20Transit&sort=delivery_date`,
      fresh,
    );
    expect(list.json().map((order: Order) => order.id)).toEqual([first.id, second.id]);
    expect(list.headers['x-total-count']).toBe('2');
    expect(rural.status).toBe('Processing');
    // Another courier counts only theirs, a customer only their own.
    const totalOf = async (field: 'customer_id' | 'courier_service_id', id: number) =>
      Number(
        (
          await t.database.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where(field, '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const others = await t.call('GET', '/api/orders/status-counts', otherCourier);
    expect(others.json().total).toBe(await totalOf('courier_service_id', otherCourier.user.id));
    expect(others.json().total).toBeGreaterThan(0);
    const own = await t.call('GET', '/api/orders/status-counts', otherCustomer);
    expect(own.json().total).toBe(await totalOf('customer_id', otherCustomer.user.id));
    expect((await t.call('GET', '/api/orders/status-counts?delivery_to=2026-02-30', fresh)).statusCode).toBe(
      400,
    );
  });
});
