import type { CourierDay, CustomerDay, SupplierDay } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusBodyFor } from '../../test/delivery-proof';
import { orderDraftFor } from '../../test/order-draft';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

// The test clock starts on Monday 2026-06-15 at 10:00 UTC: this week runs to Sunday 2026-06-21.
let t: TestApp;
let manager: Session;
let customer: Session;
let otherCustomer: Session;
let courier: Session;
let otherCourier: Session;
let supplier: Session;
let otherSupplier: Session;
let stockId: number;
let productId: number;
let otherProductId: number;

const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  [manager, customer, otherCustomer, courier, otherCourier, supplier, otherSupplier] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Customer', { name: 'Asha' }),
    registerAndLogin(t.app, 'Customer', { name: 'Ravi' }),
    registerAndLogin(t.app, 'Courier Service', { name: 'Speedy Couriers' }),
    registerAndLogin(t.app, 'Courier Service', { name: 'Other Couriers' }),
    registerAndLogin(t.app, 'Supplier', { name: 'Acme Parts' }),
    registerAndLogin(t.app, 'Supplier', { name: 'Boltco' }),
  ]);
  const stock = await t.call('POST', '/api/stocks', manager, {
    name: 'Kettle',
    price: 20,
    quantity: 1000,
    weight: 1,
  });
  expect(stock.statusCode).toBe(201);
  stockId = stock.json().stock.stock_id;
  for (const [owner, set] of [
    [supplier, (id: number) => (productId = id)],
    [otherSupplier, (id: number) => (otherProductId = id)],
  ] as const) {
    const made = await t.call('POST', '/api/stock-replenishment/products', owner, {
      name: 'Bolt',
      price: 1,
      weight: 0.1,
      quantity: 100_000,
    });
    expect(made.statusCode).toBe(201);
    set(made.json().id);
  }
});
afterAll(async () => {
  await t.close();
});

async function placeOrder(by: Session, courierOf: Session, delivery: string, status?: string) {
  const placed = await t.call(
    'POST',
    '/api/orders',
    by,
    orderDraftFor({ courierId: courierOf.user.id, stockId, quantity: 2 }),
  );
  expect(placed.statusCode).toBe(201);
  const id = placed.json().order.id as number;
  await db().updateTable('orders').set({ delivery_date: delivery }).where('id', '=', id).execute();
  if (status) {
    const moved =
      status === 'Cancelled'
        ? await t.call('POST', `/api/orders/${id}/cancel`, by)
        : await t.call('PUT', `/api/orders/${id}`, courierOf, await statusBodyFor(db(), id, status));
    expect(moved.statusCode).toBe(200);
  }
  return id;
}

async function placeSupplyOrder(with_: Session, product: number, expected: string | null, status?: string) {
  const placed = await t.call('POST', '/api/replenishment-orders', manager, {
    supplier_id: with_.user.id,
    address: '1 Depot Lane',
    mobile_number: '9876543210',
    items: [{ product_id: product, quantity: 5 }],
  });
  expect(placed.statusCode).toBe(201);
  const id = placed.json().order.id as number;
  await db()
    .updateTable('supply_orders')
    .set({ expected_delivery_time: expected })
    .where('id', '=', id)
    .execute();
  if (status) {
    const moved = await t.call('PUT', `/api/replenishment-orders/${id}`, with_, { status });
    expect(moved.statusCode).toBe(200);
  }
  return id;
}

async function day<Day>(who: Session, role: 'customer' | 'supplier' | 'courier'): Promise<Day> {
  const response = await t.call('GET', `/api/overview/${role}`, who);
  expect(response.statusCode).toBe(200);
  return response.json() as Day;
}

/** The total a list answers for these filters, as the Overview's link asks it. */
async function listTotal(who: Session, path: string, query: string) {
  const response = await t.call('GET', `${path}?${query}&limit=1`, who);
  expect(response.statusCode).toBe(200);
  return Number(response.headers['x-total-count']);
}

describe("each role's day", () => {
  it('is empty, with every count at zero, before anything happens', async () => {
    expect(await day<CustomerDay>(customer, 'customer')).toEqual({
      today: '2026-06-15',
      open: { Processing: 0, 'In Transit': 0 },
      delivered: 0,
      last_deliveries: [],
    });
    expect(await day<SupplierDay>(supplier, 'supplier')).toEqual({
      today: '2026-06-15',
      yesterday: '2026-06-14',
      week_from: '2026-06-15',
      week_to: '2026-06-21',
      open: { 'Order Received': 0, Processing: 0, 'In Transit': 0, Delayed: 0 },
      due_this_week: 0,
      overdue: 0,
    });
    expect(await day<CourierDay>(courier, 'courier')).toEqual({
      today: '2026-06-15',
      yesterday: '2026-06-14',
      today_by_status: { Processing: 0, 'In Transit': 0, Delivered: 0, Returned: 0, Cancelled: 0 },
      overdue: { Processing: 0, 'In Transit': 0 },
    });
  });

  it("counts the courier's orders due today by status and the open ones due before, not another courier's", async () => {
    await placeOrder(customer, courier, '2026-06-15T00:00:00.000Z');
    await placeOrder(customer, courier, '2026-06-15T23:59:59.999Z', 'In Transit');
    await placeOrder(otherCustomer, courier, '2026-06-15T12:00:00.000Z', 'Delivered');
    await placeOrder(otherCustomer, courier, '2026-06-15T12:00:00.000Z', 'Cancelled');
    await placeOrder(customer, courier, '2026-06-16T00:00:00.000Z'); // tomorrow
    await placeOrder(customer, courier, '2026-06-14T23:59:59.999Z'); // overdue
    await placeOrder(customer, courier, '2026-06-10T08:00:00.000Z', 'In Transit'); // overdue
    await placeOrder(customer, courier, '2026-06-10T08:00:00.000Z', 'Delivered'); // past, done
    await placeOrder(customer, otherCourier, '2026-06-15T09:00:00.000Z');
    await placeOrder(customer, otherCourier, '2026-06-01T09:00:00.000Z');

    const courierDay = await day<CourierDay>(courier, 'courier');
    expect(courierDay.today_by_status).toEqual({
      Processing: 1,
      'In Transit': 1,
      Delivered: 1,
      Returned: 0,
      Cancelled: 1,
    });
    expect(courierDay.overdue).toEqual({ Processing: 1, 'In Transit': 1 });
    expect((await day<CourierDay>(otherCourier, 'courier')).overdue).toEqual({
      Processing: 1,
      'In Transit': 0,
    });

    // Each number is the total of the list its link opens.
    const today = 'delivery_from=2026-06-15&delivery_to=2026-06-15';
    for (const [status, n] of Object.entries(courierDay.today_by_status)) {
      expect(await listTotal(courier, '/api/orders', `status=${encodeURIComponent(status)}&${today}`)).toBe(
        n,
      );
    }
    for (const [status, n] of Object.entries(courierDay.overdue)) {
      const query = `status=${encodeURIComponent(status)}&delivery_to=2026-06-14`;
      expect(await listTotal(courier, '/api/orders', query)).toBe(n);
    }
  });

  it("counts the customer's own open orders and lists their last deliveries, latest first", async () => {
    const customerDay = await day<CustomerDay>(customer, 'customer');
    // Placed above for this customer: 5 Processing (2 with the other courier), 2 In Transit, 1 Delivered.
    expect(customerDay.open).toEqual({ Processing: 5, 'In Transit': 2 });
    expect(customerDay.delivered).toBe(1);
    expect(customerDay.last_deliveries).toHaveLength(1);
    expect(customerDay.last_deliveries[0]).toMatchObject({ items_total: 40, item_count: 1 });

    // Four more delivered, a minute apart: the Overview shows the last three, latest first.
    const ids: number[] = [];
    for (let n = 0; n < 4; n += 1) {
      t.clock.advance(60_000);
      ids.push(await placeOrder(customer, courier, '2026-06-18T10:00:00.000Z', 'Delivered'));
    }
    const after = await day<CustomerDay>(customer, 'customer');
    expect(after.delivered).toBe(5);
    expect(after.last_deliveries.map((order) => order.id)).toEqual([ids[3], ids[2], ids[1]]);
    for (const [status, n] of Object.entries(after.open)) {
      expect(await listTotal(customer, '/api/orders', `status=${encodeURIComponent(status)}`)).toBe(n);
    }
    expect(await listTotal(customer, '/api/orders', 'status=Delivered')).toBe(after.delivered);

    const other = await day<CustomerDay>(otherCustomer, 'customer');
    expect(other.open).toEqual({ Processing: 0, 'In Transit': 0 });
    expect(other.delivered).toBe(1);
    expect(other.last_deliveries.every((order) => !ids.includes(order.id))).toBe(true);
  });

  it("counts the supplier's open supply orders by status, those due this week and those overdue", async () => {
    await placeSupplyOrder(supplier, productId, null); // open, no expected time yet
    await placeSupplyOrder(supplier, productId, '2026-06-15T09:00:00.000Z', 'Processing'); // due this week (today, passed)
    await placeSupplyOrder(supplier, productId, '2026-06-21T23:00:00.000Z', 'In Transit'); // this week
    await placeSupplyOrder(supplier, productId, '2026-06-22T00:00:00.000Z', 'Delayed'); // next week
    await placeSupplyOrder(supplier, productId, '2026-06-12T10:00:00.000Z', 'Delayed'); // overdue
    await placeSupplyOrder(supplier, productId, '2026-06-16T10:00:00.000Z', 'Delivered'); // final
    await placeSupplyOrder(supplier, productId, '2026-06-10T10:00:00.000Z', 'Canceled'); // final
    await placeSupplyOrder(otherSupplier, otherProductId, '2026-06-12T10:00:00.000Z'); // another's

    const supplierDay = await day<SupplierDay>(supplier, 'supplier');
    expect(supplierDay.open).toEqual({ 'Order Received': 1, Processing: 1, 'In Transit': 1, Delayed: 2 });
    expect(supplierDay.due_this_week).toBe(2);
    expect(supplierDay.overdue).toBe(1);
    const other = await day<SupplierDay>(otherSupplier, 'supplier');
    expect(other.open).toEqual({ 'Order Received': 1, Processing: 0, 'In Transit': 0, Delayed: 0 });
    expect(other.overdue).toBe(1);

    const open = 'status=Order%20Received,Processing,In%20Transit,Delayed';
    const path = '/api/replenishment-orders';
    expect(await listTotal(supplier, path, `${open}&due_from=2026-06-15&due_to=2026-06-21`)).toBe(2);
    expect(await listTotal(supplier, path, `${open}&due_to=2026-06-14`)).toBe(1);
    for (const [status, n] of Object.entries(supplierDay.open)) {
      expect(await listTotal(supplier, path, `status=${encodeURIComponent(status)}`)).toBe(n);
    }
  });
});

describe('who may ask', () => {
  it('answers each role only its own endpoint and nobody without a session', async () => {
    const roles = { customer, supplier: otherSupplier, courier: otherCourier } as const;
    for (const role of ['customer', 'supplier', 'courier'] as const) {
      expect((await t.call('GET', `/api/overview/${role}`)).statusCode).toBe(401);
      expect((await t.call('GET', `/api/overview/${role}`, manager)).statusCode).toBe(403);
      for (const [other, session] of Object.entries(roles)) {
        if (other !== role)
          expect((await t.call('GET', `/api/overview/${role}`, session)).statusCode).toBe(403);
      }
    }
  });

  it('refuses due and delivery day filters out of order or not days, with a clear message', async () => {
    const bad = await t.call('GET', '/api/orders?delivery_from=2026-06-16&delivery_to=2026-06-15', courier);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('delivery_from must be on or before delivery_to');
    const notDay = await t.call('GET', '/api/replenishment-orders?due_to=2026-02-30', otherSupplier);
    expect(notDay.statusCode).toBe(400);
    expect(notDay.json().message).toContain('Dates must be real calendar days written YYYY-MM-DD');
    const backwards = await t.call(
      'GET',
      '/api/replenishment-orders?due_from=2026-06-16&due_to=2026-06-15',
      otherSupplier,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain('due_from must be on or before due_to');
  });
});

describe('the week', () => {
  it('answers a Sunday with the week that ends that day', async () => {
    t.clock.set(new Date('2026-06-21T23:30:00.000Z'));
    // Moving the clock ends the sessions: log in again.
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: supplier.email, password: supplier.password },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    const response = await t.call('GET', '/api/overview/supplier', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      today: '2026-06-21',
      week_from: '2026-06-15',
      week_to: '2026-06-21',
    });
  });
});
