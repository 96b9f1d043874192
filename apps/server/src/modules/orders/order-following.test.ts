import { type LiveEvent, type OrderDetail, TOTAL_COUNT_HEADER, type Tracking } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusBodyFor } from '../../test/delivery-proof';
import { recordingBus } from '../../test/recording-bus';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let bus: ReturnType<typeof recordingBus>;
let manager: Session;
let otherManager: Session;
let customer: Session;
let otherCustomer: Session;
let courier: Session;
let otherCourier: Session;

beforeAll(async () => {
  bus = recordingBus();
  t = await createTestApp({ events: bus });
  [manager, otherManager, customer, otherCustomer, courier, otherCourier] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Customer', { name: 'Asha' }),
    registerAndLogin(t.app, 'Customer', { name: 'Ravi' }),
    registerAndLogin(t.app, 'Courier Service', { name: 'Speedy Couriers' }),
    registerAndLogin(t.app, 'Courier Service', { name: 'Other Couriers' }),
  ]);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

async function addStock(quantity: number, owner = manager) {
  const response = await t.call('POST', '/api/stocks', owner, {
    name: `Item ${Math.random().toString(36).slice(2, 8)}`,
    price: '2.50',
    quantity,
    weight: '0.5',
  });
  expect(response.statusCode).toBe(201);
  return response.json().stock.stock_id as number;
}

const stockQuantity = async (id: number) =>
  (await db().selectFrom('stocks').select('quantity').where('id', '=', id).executeTakeFirstOrThrow())
    .quantity;

async function placeOrder(items: { stock_id: number; quantity: number }[], who = customer) {
  const response = await t.call('POST', '/api/orders', who, {
    shipping_address: '12 Park Street, Connaught Place',
    pin_code: '110001',
    location_type: 'urban',
    phone_number: '+91 98765 43210',
    courier_service_id: courier.user.id,
    items,
  });
  expect(response.statusCode).toBe(201);
  return response.json().order.id as number;
}

const getOrder = (id: number, who: Session = customer) => t.call('GET', `/api/orders/${id}`, who);
const cancel = (id: number, who: Session = customer) => t.call('POST', `/api/orders/${id}/cancel`, who);
const setStatus = async (id: number, status: string, who: Session = courier) =>
  t.call('PUT', `/api/orders/${id}`, who, await statusBodyFor(db(), id, status));
const movementsOf = (orderId: number, reason: 'order' | 'order_cancelled') =>
  db()
    .selectFrom('stock_movements')
    .select(['stock_id', 'change', 'quantity_after'])
    .where('order_id', '=', orderId)
    .where('reason', '=', reason)
    .orderBy('id')
    .execute();
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe("a customer's order page", () => {
  it('answers the order with its courier, its timeline and a tracking link', async () => {
    const stock = await addStock(10);
    const id = await placeOrder([{ stock_id: stock, quantity: 2 }]);
    t.clock.advance(60_000);
    expect((await setStatus(id, 'In Transit')).statusCode).toBe(200);

    const response = await getOrder(id);
    expect(response.statusCode).toBe(200);
    const order = response.json() as OrderDetail;
    expect(order).toMatchObject({
      id,
      status: 'In Transit',
      courier_name: 'Speedy Couriers',
      shipping_address: '12 Park Street, Connaught Place',
      order_items: [{ stock_id: stock, quantity: 2, price: 2.5 }],
    });
    expect(order.status_history).toEqual([
      { status: 'Processing', at: '2026-06-15T10:00:00.000Z', device_at: null },
      { status: 'In Transit', at: '2026-06-15T10:01:00.000Z', device_at: null },
    ]);
    expect(order.tracking_url).toMatch(/^http:\/\/depot\.test\/track\/[0-9a-f]{12}[A-Za-z0-9_-]{22}$/);
    // The token is random, not the order's id in disguise: another order's shares nothing with it.
    const other = (
      await getOrder(await placeOrder([{ stock_id: stock, quantity: 1 }]))
    ).json() as OrderDetail;
    expect(tokenOf(other.tracking_url)).not.toBe(tokenOf(order.tracking_url));
    // Placed in the same millisecond, they differ in their random part alone.
    expect(tokenOf(other.tracking_url).slice(12)).not.toBe(tokenOf(order.tracking_url).slice(12));
  });

  it("answers 404 for another customer's, courier's or manager's order", async () => {
    const id = await placeOrder([{ stock_id: await addStock(5), quantity: 1 }]);
    expect((await getOrder(id, otherCustomer)).statusCode).toBe(404);
    // The packing slip a courier prints reads this endpoint: another courier's answer holds nothing of it.
    const stranger = await getOrder(id, otherCourier);
    expect(stranger.statusCode).toBe(404);
    expect(Object.keys(stranger.json()).sort()).toEqual(['code', 'error', 'message']);
    expect((await getOrder(id, otherManager)).statusCode).toBe(404);
    expect((await getOrder(id, manager)).statusCode).toBe(200);
    expect((await getOrder(id, courier)).statusCode).toBe(200);
    expect((await getOrder(999_999)).json().code).toBe('not_found');
  });

  it('links notifications to their order', async () => {
    const id = await placeOrder([{ stock_id: await addStock(5), quantity: 1 }]);
    const response = await t.call(
      'GET',
      `/api/notifications?q=${encodeURIComponent(`Order #${id} `)}`,
      customer,
    );
    expect(response.json()).toEqual([expect.objectContaining({ order_id: id, title: 'Processing' })]);
  });

  it('filters a list by courier', async () => {
    const id = await placeOrder([{ stock_id: await addStock(5), quantity: 1 }]);
    const mine = await t.call('GET', `/api/orders?courier_service_id=${courier.user.id}&limit=1000`, manager);
    expect((mine.json() as { id: number }[]).map((order) => order.id)).toContain(id);
    const theirs = await t.call('GET', `/api/orders?courier_service_id=${otherCourier.user.id}`, manager);
    expect((theirs.json() as { id: number }[]).map((order) => order.id)).not.toContain(id);
    expect((await t.call('GET', '/api/orders?courier_service_id=x', manager)).statusCode).toBe(400);
  });

  it('lists only Cancelled orders when filtered by that status', async () => {
    const id = await placeOrder([{ stock_id: await addStock(5), quantity: 1 }]);
    expect((await cancel(id)).statusCode).toBe(200);
    const response = await t.call('GET', '/api/orders?status=Cancelled', customer);
    expect(response.statusCode).toBe(200);
    const ids = (response.json() as { id: number; status: string }[]).map((order) => order.status);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids)).toEqual(new Set(['Cancelled']));
  });
});

describe('cancelling an order', () => {
  it('returns every unit in the same transaction, with a movement per line, and tells everyone', async () => {
    const [first, second] = [await addStock(10), await addStock(20)];
    const id = await placeOrder([
      { stock_id: first, quantity: 3 },
      { stock_id: second, quantity: 5 },
    ]);
    expect([await stockQuantity(first), await stockQuantity(second)]).toEqual([7, 15]);
    bus.published.length = 0;
    t.clock.advance(5 * 60_000);

    const response = await cancel(id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Order cancelled');
    const order = response.json().order as OrderDetail;
    expect(order.status).toBe('Cancelled');
    expect(order.status_history.map((change) => change.status)).toEqual(['Processing', 'Cancelled']);
    expect([await stockQuantity(first), await stockQuantity(second)]).toEqual([10, 20]);
    expect(await movementsOf(id, 'order_cancelled')).toEqual([
      { stock_id: first, change: 3, quantity_after: 10 },
      { stock_id: second, change: 5, quantity_after: 20 },
    ]);

    const told = (userId: number, type: LiveEvent['type']) =>
      bus.published.some((sent) => sent.userId === userId && sent.event.type === type);
    expect(told(customer.user.id, 'notification')).toBe(true);
    expect(told(customer.user.id, 'order-updated')).toBe(true);
    expect(told(courier.user.id, 'order-updated')).toBe(true);
    expect(told(manager.user.id, 'order-updated')).toBe(true);
    const notification = await db()
      .selectFrom('notifications')
      .select(['title', 'message', 'order_id'])
      .where('user_id', '=', customer.user.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notification).toEqual({
      title: 'Cancelled',
      message: `Order #${id} is now Cancelled`,
      order_id: id,
    });
    const audit = await db()
      .selectFrom('audit_events')
      .select('action')
      .where('entity_id', '=', id)
      .where('action', '=', 'order.cancelled')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('takes the units out of the sales summaries of the day the order was placed', async () => {
    const stock = await addStock(10);
    const id = await placeOrder([{ stock_id: stock, quantity: 4 }]);
    const units = async () =>
      (
        await db()
          .selectFrom('product_daily_sales')
          .select('units')
          .where('stock_id', '=', stock)
          .executeTakeFirstOrThrow()
      ).units;
    expect(await units()).toBe(4);
    expect((await cancel(id)).statusCode).toBe(200);
    expect(await units()).toBe(0);
  });

  it('is refused once the order left Processing, and Cancelled is final', async () => {
    const stock = await addStock(10);
    const moving = await placeOrder([{ stock_id: stock, quantity: 1 }]);
    expect((await setStatus(moving, 'In Transit')).statusCode).toBe(200);
    const late = await cancel(moving);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('order_not_cancellable');
    expect(await stockQuantity(stock)).toBe(9);

    const cancelled = await placeOrder([{ stock_id: stock, quantity: 2 }]);
    expect((await cancel(cancelled)).statusCode).toBe(200);
    const again = await cancel(cancelled);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'order_final',
      message: 'This order is Cancelled and can no longer be changed',
    });
    const byCourier = await setStatus(cancelled, 'Delivered');
    expect(byCourier.statusCode).toBe(409);
    expect(byCourier.json().code).toBe('order_final');
    expect(await stockQuantity(stock)).toBe(9);
    expect((await getOrder(cancelled)).json().status).toBe('Cancelled');
  });

  it('cannot be set by a courier as a status, nor by another customer', async () => {
    const id = await placeOrder([{ stock_id: await addStock(5), quantity: 1 }]);
    const bad = await setStatus(id, 'Cancelled');
    expect(bad.statusCode).toBe(400);
    expect((await cancel(id, courier)).statusCode).toBe(403);
    expect((await cancel(id, otherCustomer)).statusCode).toBe(404);
    expect((await getOrder(id)).json().status).toBe('Processing');
  });

  it('racing another cancel returns the stock exactly once', async () => {
    const stock = await addStock(10);
    for (let round = 0; round < 5; round += 1) {
      const id = await placeOrder([{ stock_id: stock, quantity: 3 }]);
      const answers = await Promise.all([cancel(id), cancel(id), cancel(id, manager)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await stockQuantity(stock)).toBe(10);
      expect(await movementsOf(id, 'order_cancelled')).toHaveLength(1);
    }
  });

  it('racing a courier status change: one wins, and the stock matches the outcome', async () => {
    const stock = await addStock(100);
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const id = await placeOrder([{ stock_id: stock, quantity: 1 }]);
      const before = await stockQuantity(stock);
      const [cancelled, moved] = await Promise.all([cancel(id), setStatus(id, 'In Transit')]);
      const status = (await getOrder(id)).json().status;
      if (status === 'Cancelled') {
        expect(cancelled.statusCode).toBe(200);
        expect(moved.statusCode).toBe(409);
        expect(await stockQuantity(stock)).toBe(before + 1);
      } else {
        expect(status).toBe('In Transit');
        expect(moved.statusCode).toBe(200);
        expect(cancelled.statusCode).toBe(409);
        expect(await stockQuantity(stock)).toBe(before);
      }
      outcomes.add(status);
      const returns = await movementsOf(id, 'order_cancelled');
      expect(returns).toHaveLength(status === 'Cancelled' ? 1 : 0);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

describe('the tracking link', () => {
  it('shows the timeline, the expected date, the courier and only the town and PIN code, signed out', async () => {
    const id = await placeOrder([{ stock_id: await addStock(5), quantity: 1 }]);
    const url = (await getOrder(id)).json().tracking_url as string;
    const response = await t.call('GET', `/api/track/${tokenOf(url)}`);
    expect(response.statusCode).toBe(200);
    const tracking = response.json() as Tracking;
    expect(tracking).toEqual({
      order_id: id,
      status: 'Processing',
      status_history: [{ status: 'Processing', at: expect.any(String), device_at: null }],
      delivery_date: expect.any(String),
      courier_name: 'Speedy Couriers',
      town: expect.any(String),
      pin_code: '110001',
      delivery_code: expect.stringMatching(/^\d{4}$/),
    });
    expect(tracking.town.length).toBeGreaterThan(0);
    const body = response.body;
    for (const secret of ['Park Street', '98765', 'price', 'Asha', 'items_total'])
      expect(body).not.toContain(secret);
  });

  it('answers 404 for an unknown or malformed token', async () => {
    const unknown = await t.call('GET', '/api/track/AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');
    expect((await t.call('GET', `/api/track/${encodeURIComponent("x' or 1=1 --")}`)).statusCode).toBe(404);
  });

  it('is rate-limited per address', async () => {
    const app = await createTestApp();
    try {
      const answers = [];
      for (let request = 0; request < 61; request += 1) {
        answers.push((await app.call('GET', '/api/track/AAAAAAAAAAAAAAAAAAAAAB')).statusCode);
      }
      expect(answers.slice(0, 60).every((code) => code === 404)).toBe(true);
      const limited = await app.call('GET', '/api/track/AAAAAAAAAAAAAAAAAAAAAB');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('too_many_requests');
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      await app.close();
    }
  });
});

describe("the manager's order desk", () => {
  it('reassigns the courier while not Delivered, audited and told to both couriers and the customer', async () => {
    const id = await placeOrder([{ stock_id: await addStock(5), quantity: 1 }]);
    bus.published.length = 0;
    const response = await t.call('PUT', `/api/orders/${id}/courier`, manager, {
      courier_service_id: otherCourier.user.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toMatchObject({
      courier_service_id: otherCourier.user.id,
      courier_name: 'Other Couriers',
    });
    expect((await getOrder(id, otherCourier)).statusCode).toBe(200);
    expect((await getOrder(id, courier)).statusCode).toBe(404);
    const sent = bus.published.map((entry) => `${entry.userId}:${entry.event.type}`);
    expect(sent).toContain(`${otherCourier.user.id}:order-assigned`);
    expect(sent).toContain(`${courier.user.id}:order-updated`);
    expect(sent).toContain(`${customer.user.id}:notification`);
    const audit = await db()
      .selectFrom('audit_events')
      .select('action')
      .where('entity_id', '=', id)
      .where('action', '=', 'order.courier_changed')
      .execute();
    expect(audit).toHaveLength(1);

    expect((await setStatus(id, 'Delivered', otherCourier)).statusCode).toBe(200);
    const late = await t.call('PUT', `/api/orders/${id}/courier`, manager, {
      courier_service_id: courier.user.id,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('order_delivered');
  });

  it('refuses a courier that is not one, changing nothing', async () => {
    const id = await placeOrder([{ stock_id: await addStock(5), quantity: 1 }]);
    const bad = await t.call('PUT', `/api/orders/${id}/courier`, manager, {
      courier_service_id: customer.user.id,
    });
    expect(bad.statusCode).toBe(400);
    const none = await t.call('PUT', `/api/orders/${id}/courier`, manager, { courier_service_id: 'x' });
    expect(none.statusCode).toBe(400);
    expect(
      (
        await t.call('PUT', `/api/orders/${id}/courier`, customer, {
          courier_service_id: otherCourier.user.id,
        })
      ).statusCode,
    ).toBe(403);
    expect((await getOrder(id)).json().courier_service_id).toBe(courier.user.id);
  });

  it('cancels an order, stock back', async () => {
    const stock = await addStock(8);
    const id = await placeOrder([{ stock_id: stock, quantity: 8 }]);
    expect(await stockQuantity(stock)).toBe(0);
    const response = await cancel(id, manager);
    expect(response.statusCode).toBe(200);
    expect(await stockQuantity(stock)).toBe(8);
  });
});

describe("a manager's reach: the orders holding their stock", () => {
  /** Orders of the first manager's stock, of the other's, and of both. */
  async function ordersOfTwoManagers() {
    const mine = await addStock(10, manager);
    const theirs = await addStock(10, otherManager);
    return {
      mine,
      theirs,
      onlyMine: await placeOrder([{ stock_id: mine, quantity: 1 }]),
      onlyTheirs: await placeOrder([{ stock_id: theirs, quantity: 1 }]),
      both: await placeOrder([
        { stock_id: theirs, quantity: 2 },
        { stock_id: mine, quantity: 3 },
      ]),
    };
  }
  const listIds = async (who: Session, query = '') => {
    const response = await t.call('GET', `/api/orders?limit=100${query}`, who);
    expect(response.statusCode).toBe(200);
    const ids = response.json().map((order: { id: number }) => order.id) as number[];
    expect(Number(response.headers[TOTAL_COUNT_HEADER.toLowerCase()])).toBe(ids.length);
    return ids;
  };

  it('writes one reader row per manager when the order is placed', async () => {
    const { both, onlyMine } = await ordersOfTwoManagers();
    const readers = async (id: number) =>
      (
        await db()
          .selectFrom('order_managers')
          .select('manager_id')
          .where('order_id', '=', id)
          .orderBy('manager_id')
          .execute()
      ).map((row) => row.manager_id);
    expect(await readers(both)).toEqual([manager.user.id, otherManager.user.id].sort((a, b) => a - b));
    expect(await readers(onlyMine)).toEqual([manager.user.id]);
  });

  it('lists, searches, filters and exports only those orders', async () => {
    const { onlyMine, onlyTheirs, both } = await ordersOfTwoManagers();
    const theirs = await listIds(otherManager);
    expect(theirs).toEqual(expect.arrayContaining([onlyTheirs, both]));
    expect(theirs).not.toContain(onlyMine);
    expect(await listIds(manager)).toEqual(expect.arrayContaining([onlyMine, both]));
    expect(await listIds(manager)).not.toContain(onlyTheirs);

    // The order number, the customer's name, the phone: another manager's order is never found.
    expect(await listIds(otherManager, `&q=${onlyMine}`)).toEqual([]);
    expect(await listIds(manager, `&q=${onlyMine}`)).toContain(onlyMine);
    expect(await listIds(otherManager, '&q=Asha')).not.toContain(onlyMine);
    expect(await listIds(otherManager, '&status=Processing')).not.toContain(onlyMine);
    expect(await listIds(otherManager, `&courier_service_id=${courier.user.id}`)).not.toContain(onlyMine);

    const csv = await t.call('GET', '/api/orders', otherManager, undefined, { accept: 'text/csv' });
    expect(csv.statusCode).toBe(200);
    const csvIds = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    expect(csvIds).toEqual(expect.arrayContaining([onlyTheirs, both]));
    expect(csvIds).not.toContain(onlyMine);
  });

  it('keeps to those orders when sorted by a field SQLite has no index for, in that order', async () => {
    // On SQLite those sorts read the manager's reader rows as a set, not row by row (db/reach.ts).
    const { mine, onlyMine, onlyTheirs, both } = await ordersOfTwoManagers();
    const ravis = await placeOrder([{ stock_id: mine, quantity: 1 }], otherCustomer);
    const byName = await listIds(manager, '&sort=customer_name&order=desc');
    expect(byName).toEqual(expect.arrayContaining([onlyMine, both, ravis]));
    expect(byName).not.toContain(onlyTheirs);
    // Ravi before Asha, each name's orders newest first.
    expect(byName.indexOf(ravis)).toBeLessThan(byName.indexOf(both));
    expect(byName.indexOf(both)).toBeLessThan(byName.indexOf(onlyMine));
    const byStatus = await listIds(otherManager, '&sort=status&order=asc');
    expect(byStatus).toEqual(expect.arrayContaining([onlyTheirs, both]));
    expect(byStatus).not.toContain(onlyMine);
    expect(byStatus).not.toContain(ravis);
  });

  it("answers 404 for another manager's order, on the page, the cancel and the reassign, changing nothing", async () => {
    const { mine, onlyMine } = await ordersOfTwoManagers();
    bus.published.length = 0;
    const page = await getOrder(onlyMine, otherManager);
    expect(page.statusCode).toBe(404);
    expect(page.json().code).toBe('not_found');
    const cancelled = await cancel(onlyMine, otherManager);
    expect(cancelled.statusCode).toBe(404);
    const reassigned = await t.call('PUT', `/api/orders/${onlyMine}/courier`, otherManager, {
      courier_service_id: otherCourier.user.id,
    });
    expect(reassigned.statusCode).toBe(404);
    expect(reassigned.json().code).toBe('not_found');

    const order = (await getOrder(onlyMine, manager)).json() as OrderDetail;
    expect(order).toMatchObject({ status: 'Processing', courier_service_id: courier.user.id });
    // 10, less the 1 of this order and the 3 of the order holding both managers' stock.
    expect(await stockQuantity(mine)).toBe(6);
    expect(await movementsOf(onlyMine, 'order_cancelled')).toEqual([]);
    expect(bus.published).toEqual([]);
    const audit = await db()
      .selectFrom('audit_events')
      .select('action')
      .where('entity_id', '=', onlyMine)
      .where('action', 'in', ['order.cancelled', 'order.courier_changed'])
      .execute();
    expect(audit).toEqual([]);
  });

  it('tells the managers of an order, and no other, when it is reassigned or cancelled', async () => {
    const { onlyMine, both, mine, theirs } = await ordersOfTwoManagers();
    bus.published.length = 0;
    const reassigned = await t.call('PUT', `/api/orders/${onlyMine}/courier`, manager, {
      courier_service_id: otherCourier.user.id,
    });
    expect(reassigned.statusCode).toBe(200);
    const toManagers = () =>
      bus.published
        .filter((entry) => [manager.user.id, otherManager.user.id].includes(entry.userId))
        .map((entry) => `${entry.userId}:${entry.event.type}`);
    expect(toManagers()).toEqual([`${manager.user.id}:order-updated`]);
    const viewers = await db()
      .selectFrom('audit_event_viewers')
      .select('user_id')
      .where('action', '=', 'order.courier_changed')
      .where(
        'event_id',
        '=',
        db()
          .selectFrom('audit_events')
          .select('id')
          .where('entity_id', '=', onlyMine)
          .where('action', '=', 'order.courier_changed'),
      )
      .execute();
    const viewerIds = viewers.map((row) => row.user_id);
    expect(viewerIds).toContain(manager.user.id);
    expect(viewerIds).not.toContain(otherManager.user.id);

    // An order holding both managers' stock: either may cancel it, and both hear of it.
    bus.published.length = 0;
    const cancelled = await cancel(both, otherManager);
    expect(cancelled.statusCode).toBe(200);
    // Each back to 10 less the order that holds only its manager's stock.
    expect(await stockQuantity(mine)).toBe(9);
    expect(await stockQuantity(theirs)).toBe(9);
    expect(toManagers().sort()).toEqual(
      [`${manager.user.id}:order-updated`, `${otherManager.user.id}:order-updated`].sort(),
    );
  });
});
