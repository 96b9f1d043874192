import { SUPPLY_ORDER_MESSAGES, type SupplierProduct, type SupplyOrderDetail } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let manager: Session;
let otherManager: Session;
let supplier: Session;
let otherSupplier: Session;
let customer: Session;
let courier: Session;
let order: SupplyOrderDetail;

const ORDERS = '/api/replenishment-orders';

beforeAll(async () => {
  t = await createTestApp();
  [manager, otherManager, supplier, otherSupplier, customer, courier] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager', { name: 'Ivy Manager' }),
    registerAndLogin(t.app, 'Inventory Manager', { name: 'Oscar Manager' }),
    registerAndLogin(t.app, 'Supplier', { name: 'Acme Parts' }),
    registerAndLogin(t.app, 'Supplier', { name: 'Boltco' }),
    registerAndLogin(t.app, 'Customer'),
    registerAndLogin(t.app, 'Courier Service'),
  ]);
  await t.database.db
    .updateTable('users')
    .set({ phone_number: '+91 20 5555 0101', address: '9 Foundry Lane, Pune' })
    .where('id', '=', supplier.user.id)
    .execute();
  const added = await t.call('POST', '/api/stock-replenishment/products', supplier, {
    name: 'Hex bolt M8',
    price: 0.35,
    weight: 0.02,
    quantity: 1_000,
  });
  expect(added.statusCode).toBe(201);
  const product = added.json() as SupplierProduct;
  const placed = await t.call('POST', ORDERS, manager, {
    supplier_id: supplier.user.id,
    address: '4 Warehouse Row, Pune',
    mobile_number: '+91 98765 43210',
    items: [{ product_id: product.id, quantity: 120 }],
  });
  expect(placed.statusCode).toBe(201);
  order = placed.json().order;
});
afterAll(async () => {
  await t.close();
});

const getOrder = (session: Session | undefined, id: number | string) =>
  t.call('GET', `${ORDERS}/${id}`, session);

describe('GET /api/replenishment-orders/{id}: a purchase order', () => {
  it('gives the manager who placed it the order and how to reach both parties', async () => {
    const response = await getOrder(manager, order.id);
    expect(response.statusCode).toBe(200);
    const detail = response.json() as SupplyOrderDetail;
    expect(detail).toMatchObject({
      id: order.id,
      status: 'Order Received',
      inventory_manager_id: manager.user.id,
      inventory_manager_name: 'Ivy Manager',
      inventory_manager_email: manager.email,
      supplier_id: supplier.user.id,
      supplier_name: 'Acme Parts',
      supplier_email: supplier.email,
      supplier_phone_number: '+91 20 5555 0101',
      supplier_address: '9 Foundry Lane, Pune',
      address: '4 Warehouse Row, Pune',
      mobile_number: '+91 98765 43210',
      total_quantity: 120,
      total_cost: 42,
      expected_delivery_time: null,
    });
    expect(detail.order_items).toEqual([
      expect.objectContaining({ product_name: 'Hex bolt M8', quantity: 120, price: 0.35, weight: 0.02 }),
    ]);
  });

  it('gives the supplier it is placed with the same document', async () => {
    const response = await getOrder(supplier, order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual((await getOrder(manager, order.id)).json());
  });

  it("answers 404 for another manager's or another supplier's order, as for one that does not exist", async () => {
    for (const session of [otherManager, otherSupplier]) {
      const response = await getOrder(session, order.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: SUPPLY_ORDER_MESSAGES.notFound, code: 'not_found' });
    }
    const missing = await getOrder(manager, order.id + 10_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual((await getOrder(otherManager, order.id)).json());
  });

  it('refuses customers and couriers (403) and anyone signed out (401)', async () => {
    for (const session of [customer, courier])
      expect((await getOrder(session, order.id)).statusCode).toBe(403);
    expect((await getOrder(undefined, order.id)).statusCode).toBe(401);
  });

  it('refuses an id that is not a positive whole number with a 400', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const response = await getOrder(manager, id);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_input');
    }
  });

  it('stays readable after the supplier is deleted, with the contact the account had', async () => {
    const added = await t.call('POST', '/api/stock-replenishment/products', supplier, {
      name: 'Washer',
      price: 0.05,
      weight: 0.01,
      quantity: 100,
    });
    const placed = await t.call('POST', ORDERS, otherManager, {
      supplier_id: supplier.user.id,
      address: '1 Dock Road',
      mobile_number: '+91 90000 00000',
      items: [{ product_id: (added.json() as SupplierProduct).id, quantity: 10 }],
    });
    const id = placed.json().order.id as number;
    await t.database.db
      .updateTable('users')
      .set({ deactivated_at: '2026-06-16T10:00:00.000Z' })
      .where('id', '=', supplier.user.id)
      .execute();
    const response = await getOrder(otherManager, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      supplier_email: supplier.email,
      supplier_address: '9 Foundry Lane, Pune',
      inventory_manager_email: otherManager.email,
    });
  });
});
