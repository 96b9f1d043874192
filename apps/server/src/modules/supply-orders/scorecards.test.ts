import type { SupplierProduct, SupplierScorecard, SupplyOrder } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let manager: Session;
let supplier: Session;
let otherSupplier: Session;
let product: SupplierProduct;
let otherProduct: SupplierProduct;

/** Minutes, not days: a session ends after 30 idle minutes of the test clock. */
const MINUTE = 60_000;
const ORDERS = '/api/replenishment-orders';

beforeAll(async () => {
  t = await createTestApp();
  [manager, supplier, otherSupplier] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Supplier', { name: 'Acme Parts' }),
    registerAndLogin(t.app, 'Supplier', { name: 'Boltco' }),
  ]);
  const made = await t.call('POST', '/api/stock-replenishment/products', supplier, {
    name: 'Scored bolt',
    price: 1,
    weight: 0.1,
    quantity: 100_000,
  });
  product = made.json() as SupplierProduct;
  const other = await t.call('POST', '/api/stock-replenishment/products', otherSupplier, {
    name: 'Other bolt',
    price: 1,
    weight: 0.1,
    quantity: 100_000,
  });
  otherProduct = other.json() as SupplierProduct;
});
afterAll(async () => {
  await t.close();
});

async function place(from: Session, item: SupplierProduct, quantity = 10): Promise<SupplyOrder> {
  const placed = await t.call('POST', ORDERS, manager, {
    supplier_id: from.user.id,
    address: '1 Depot Lane',
    mobile_number: '9876543210',
    items: [{ product_id: item.id, quantity }],
  });
  expect(placed.statusCode).toBe(201);
  return placed.json().order as SupplyOrder;
}

const update = (from: Session, id: number, body: object) => t.call('PUT', `${ORDERS}/${id}`, from, body);

async function scorecards(session: Session): Promise<SupplierScorecard[]> {
  const response = await t.call('GET', '/api/supplier-scorecards', session);
  expect(response.statusCode).toBe(200);
  return response.json().scorecards as SupplierScorecard[];
}

describe('supplier scorecards', () => {
  it('reads 70% on time for ten delivered orders of which seven came by the expected time', async () => {
    // Ten orders, each expected 20 minutes after it was placed: seven delivered after 10, three after 25.
    for (let n = 0; n < 10; n += 1) {
      const order = await place(supplier, product);
      const expected = new Date(t.clock.now().getTime() + 20 * MINUTE).toISOString();
      expect((await update(supplier, order.id, { expected_delivery_time: expected })).statusCode).toBe(200);
      t.clock.advance((n < 7 ? 10 : 25) * MINUTE);
      expect((await update(supplier, order.id, { status: 'Delivered' })).statusCode).toBe(200);
      // The other supplier's session stays alive.
      expect((await t.call('GET', '/auth/profile', otherSupplier)).statusCode).toBe(200);
    }
    // One order canceled after 4 of its 10 units arrived; one open and overdue; one open, not yet due.
    const canceled = await place(supplier, product);
    await t.call('POST', `${ORDERS}/${canceled.id}/deliveries`, supplier, {
      lines: [{ product_id: product.id, quantity: 4 }],
    });
    await update(supplier, canceled.id, { status: 'Canceled' });
    const late = await place(supplier, product);
    await update(supplier, late.id, {
      expected_delivery_time: new Date(t.clock.now().getTime() + 5 * MINUTE).toISOString(),
    });
    await place(supplier, product);
    t.clock.advance(10 * MINUTE);
    // Another supplier's order, which the first supplier never sees.
    await place(otherSupplier, otherProduct);

    const forManager = await scorecards(manager);
    expect(forManager.map((card) => card.supplier_name)).toEqual(['Acme Parts', 'Boltco']);
    const acme = forManager[0] as SupplierScorecard;
    expect(acme).toEqual({
      supplier_id: supplier.user.id,
      supplier_name: 'Acme Parts',
      orders: 13,
      delivered_orders: 10,
      on_time_rate: 0.7,
      // 100 units delivered and 4 of the canceled 10: 104 of 110.
      fill_rate: 104 / 110,
      average_lead_time_hours: expect.closeTo((7 * 10 + 3 * 25) / 10 / 60, 9),
      open_orders: 2,
      overdue_orders: 1,
    });
    expect(forManager[1]).toMatchObject({
      orders: 1,
      delivered_orders: 0,
      on_time_rate: null,
      fill_rate: null,
      average_lead_time_hours: null,
      open_orders: 1,
      overdue_orders: 0,
    });

    // A supplier reads its own scorecard alone.
    expect(await scorecards(supplier)).toEqual([acme]);
    expect((await scorecards(otherSupplier)).map((card) => card.supplier_name)).toEqual(['Boltco']);
  });
});
