import type { StockItem, StockMovement, SupplierProduct, SupplyOrder } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let manager: Session;
let supplier: Session;
let otherSupplier: Session;

beforeAll(async () => {
  t = await createTestApp();
  [manager, supplier, otherSupplier] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager', { name: 'Ivy Manager' }),
    registerAndLogin(t.app, 'Supplier', { name: 'Acme Parts' }),
    registerAndLogin(t.app, 'Supplier', { name: 'Boltco' }),
  ]);
});
afterAll(async () => {
  await t.close();
});

const ORDERS = '/api/replenishment-orders';
const db = () => t.database.db;
let names = 0;

/** A product of the supplier and the manager's stock item of the same name, holding 10. */
async function productAndItem(): Promise<{ product: SupplierProduct; stock: StockItem }> {
  names += 1;
  const name = `Delivery part ${names}`;
  const product = await t.call('POST', '/api/stock-replenishment/products', supplier, {
    name,
    price: 2,
    weight: 0.5,
    quantity: 1000,
  });
  const stock = await t.call('POST', '/api/stocks', manager, { name, price: 3, weight: 0.5, quantity: 10 });
  return { product: product.json() as SupplierProduct, stock: stock.json().stock as StockItem };
}

async function place(lines: { product: SupplierProduct; quantity: number }[]): Promise<SupplyOrder> {
  const placed = await t.call('POST', ORDERS, manager, {
    supplier_id: supplier.user.id,
    address: '1 Depot Lane',
    mobile_number: '9876543210',
    items: lines.map(({ product, quantity }) => ({ product_id: product.id, quantity })),
  });
  expect(placed.statusCode).toBe(201);
  return placed.json().order as SupplyOrder;
}

const deliver = (orderId: number, lines: { product_id: number; quantity: unknown }[], session = supplier) =>
  t.call('POST', `${ORDERS}/${orderId}/deliveries`, session, { lines });

const quantityOf = async (stockId: number) =>
  (await db().selectFrom('stocks').select('quantity').where('id', '=', stockId).executeTakeFirstOrThrow())
    .quantity;
const productQuantity = async (id: number) =>
  (
    await db()
      .selectFrom('supplier_products')
      .select('quantity')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).quantity;
const deliveredUnits = async (supplierId: number) =>
  Number(
    (
      await db()
        .selectFrom('supplier_daily_deliveries')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('units'), eb.val(0)).as('units'))
        .where('supplier_id', '=', supplierId)
        .executeTakeFirstOrThrow()
    ).units,
  );
async function movementsOf(stockId: number) {
  const response = await t.call(
    'GET',
    `/api/stocks/${stockId}/movements?reason=supply_delivery&sort=created_at&order=asc`,
    manager,
  );
  return response.json() as StockMovement[];
}

describe('partial deliveries', () => {
  it('adds what arrived to stock, keeps the status with the rest open, and completes the order with the last units', async () => {
    const a = await productAndItem();
    const b = await productAndItem();
    const order = await place([
      { product: a.product, quantity: 10 },
      { product: b.product, quantity: 5 },
    ]);
    const unitsBefore = await deliveredUnits(supplier.user.id);

    const first = await deliver(order.id, [{ product_id: a.product.id, quantity: 4 }]);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Delivery recorded successfully');
    const partly = first.json().order as SupplyOrder;
    expect(partly).toMatchObject({ status: 'Order Received', total_quantity: 15, delivered_quantity: 4 });
    expect(partly.order_items.map((item) => [item.quantity, item.delivered_quantity])).toEqual([
      [10, 4],
      [5, 0],
    ]);
    expect(await quantityOf(a.stock.stock_id)).toBe(14);
    expect(await quantityOf(b.stock.stock_id)).toBe(10);
    expect(await movementsOf(a.stock.stock_id)).toMatchObject([
      { change: 4, quantity_after: 14, supply_order_id: order.id, actor: { id: supplier.user.id } },
    ]);
    const notice = await db()
      .selectFrom('notifications')
      .select(['title', 'message'])
      .where('user_id', '=', manager.user.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice).toEqual({
      title: 'Delivery',
      message: `Supply order #${order.id}: 4 units delivered, 4 of 15 so far`,
    });
    // Other statuses still apply to a partly delivered order.
    expect(
      (await t.call('PUT', `${ORDERS}/${order.id}`, supplier, { status: 'In Transit' })).statusCode,
    ).toBe(200);

    const last = await deliver(order.id, [
      { product_id: b.product.id, quantity: 5 },
      { product_id: a.product.id, quantity: '6' },
    ]);
    expect(last.statusCode).toBe(200);
    const done = last.json().order as SupplyOrder;
    expect(done).toMatchObject({ status: 'Delivered', delivered_quantity: 15 });
    expect(await quantityOf(a.stock.stock_id)).toBe(20);
    expect(await quantityOf(b.stock.stock_id)).toBe(15);
    expect((await movementsOf(a.stock.stock_id)).map((movement) => movement.change)).toEqual([4, 6]);
    const row = await db()
      .selectFrom('supply_orders')
      .select(['status', 'delivered_at'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.delivered_at).not.toBeNull();
    expect(await deliveredUnits(supplier.user.id)).toBe(unitsBefore + 15);
    // Delivered is final: no more deliveries.
    const after = await deliver(order.id, [{ product_id: a.product.id, quantity: 1 }]);
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe('order_final');
  });

  it("the SPEC's Delivered status delivers all that remains", async () => {
    const a = await productAndItem();
    const order = await place([{ product: a.product, quantity: 10 }]);
    const unitsBefore = await deliveredUnits(supplier.user.id);
    expect((await deliver(order.id, [{ product_id: a.product.id, quantity: 3 }])).statusCode).toBe(200);

    const delivered = await t.call('PUT', `${ORDERS}/${order.id}`, supplier, { status: 'Delivered' });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().order).toMatchObject({ status: 'Delivered', delivered_quantity: 10 });
    expect(await quantityOf(a.stock.stock_id)).toBe(20);
    expect((await movementsOf(a.stock.stock_id)).map((movement) => movement.change)).toEqual([3, 7]);
    expect(await deliveredUnits(supplier.user.id)).toBe(unitsBefore + 10);
  });

  it('a cancel after a partial delivery gives back only what had not arrived', async () => {
    const a = await productAndItem();
    const order = await place([{ product: a.product, quantity: 10 }]);
    expect(await productQuantity(a.product.id)).toBe(990);
    expect((await deliver(order.id, [{ product_id: a.product.id, quantity: 4 }])).statusCode).toBe(200);

    const canceled = await t.call('PUT', `${ORDERS}/${order.id}`, supplier, { status: 'Canceled' });
    expect(canceled.statusCode).toBe(200);
    expect(await productQuantity(a.product.id)).toBe(996);
    expect(await quantityOf(a.stock.stock_id)).toBe(14);
  });

  it('refuses more than is still to come, unknown products and bad bodies, changing nothing', async () => {
    const a = await productAndItem();
    const b = await productAndItem();
    const order = await place([{ product: a.product, quantity: 10 }]);
    expect((await deliver(order.id, [{ product_id: a.product.id, quantity: 8 }])).statusCode).toBe(200);

    const over = await deliver(order.id, [{ product_id: a.product.id, quantity: 3 }]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'delivery_exceeds_order',
      message: `Only 2 of ${a.product.name} are still to be delivered`,
    });
    const cases: [unknown, number, string][] = [
      [
        { lines: [{ product_id: b.product.id, quantity: 1 }] },
        400,
        `Product #${b.product.id} is not in this order`,
      ],
      [{ lines: [] }, 400, 'Enter the units delivered of at least one product'],
      [{ lines: [{ product_id: a.product.id, quantity: 0 }] }, 400, 'Delivered quantity must be at least 1'],
      [
        { lines: [{ product_id: a.product.id, quantity: 1.5 }] },
        400,
        'Delivered quantity must be a whole number',
      ],
      [
        {
          lines: [
            { product_id: a.product.id, quantity: 1 },
            { product_id: a.product.id, quantity: 1 },
          ],
        },
        400,
        'Each product may appear once in a delivery',
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await t.call('POST', `${ORDERS}/${order.id}/deliveries`, supplier, body);
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toContain(message);
    }
    expect(
      (await deliver(order.id, [{ product_id: a.product.id, quantity: 1 }], otherSupplier)).statusCode,
    ).toBe(404);
    expect((await deliver(order.id, [{ product_id: a.product.id, quantity: 1 }], manager)).statusCode).toBe(
      403,
    );
    expect(await quantityOf(a.stock.stock_id)).toBe(18);
    const line = await db()
      .selectFrom('supply_order_items')
      .select('delivered_quantity')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(line.delivered_quantity).toBe(8);
  });

  it('never delivers more than was ordered when deliveries and Delivered race', async () => {
    const a = await productAndItem();
    const order = await place([{ product: a.product, quantity: 10 }]);
    const answers = await Promise.all([
      ...Array.from({ length: 14 }, () => deliver(order.id, [{ product_id: a.product.id, quantity: 1 }])),
      t.call('PUT', `${ORDERS}/${order.id}`, supplier, { status: 'Delivered' }),
      ...Array.from({ length: 6 }, () => deliver(order.id, [{ product_id: a.product.id, quantity: 1 }])),
    ]);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    expect(await quantityOf(a.stock.stock_id)).toBe(20);
    const changes = (await movementsOf(a.stock.stock_id)).map((movement) => movement.change);
    expect(changes.reduce((sum, change) => sum + change, 0)).toBe(10);
    const row = await db()
      .selectFrom('supply_orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('Delivered');
  });
});
