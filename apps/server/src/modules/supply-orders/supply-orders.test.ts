import {
  AUTH_MESSAGES,
  createSupplyOrderBodySchema,
  IDEMPOTENCY_MESSAGES,
  type StockItem,
  SUPPLY_ORDER_MESSAGES,
  type SupplierProduct,
  type SupplyOrder,
} from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingBus } from '../../test/recording-bus';
import { createTestApp, registerAndLogin, type TestApp, testDialect } from '../../test/test-app';
import { hashIdempotentRequest } from '../idempotency/service';
import { getActiveSupplierById, updateSupplier } from '../suppliers/repository';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let bus: ReturnType<typeof recordingBus>;
let manager: Session;
let otherManager: Session;
let supplier: Session;
let otherSupplier: Session;
let customer: Session;
let courier: Session;

beforeAll(async () => {
  bus = recordingBus();
  t = await createTestApp({ events: bus });
  [manager, otherManager, supplier, otherSupplier, customer, courier] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager', { name: 'Ivy Manager' }),
    registerAndLogin(t.app, 'Inventory Manager', { name: 'Oscar Manager' }),
    registerAndLogin(t.app, 'Supplier', { name: 'Acme Parts' }),
    registerAndLogin(t.app, 'Supplier', { name: 'Boltco' }),
    registerAndLogin(t.app, 'Customer'),
    registerAndLogin(t.app, 'Courier Service'),
  ]);
});
afterAll(async () => {
  await t.close();
});

const ORDERS = '/api/replenishment-orders';
const db = () => t.database.db;

async function addProduct(
  session: Session,
  values: { name: string; price: number | string; weight: number | string; quantity: number },
): Promise<SupplierProduct> {
  const response = await t.call('POST', '/api/stock-replenishment/products', session, values);
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function addStock(values: { name: string; price: number; weight: number; quantity: number }) {
  const response = await t.call('POST', '/api/stocks', manager, values);
  expect(response.statusCode).toBe(201);
  return response.json().stock as StockItem;
}

const productQuantity = async (id: number) =>
  (
    await db()
      .selectFrom('supplier_products')
      .select('quantity')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).quantity;
const count = (
  table: 'supply_orders' | 'supply_order_items' | 'notifications' | 'stocks' | 'idempotency_keys',
) => t.count(table);
/** Everything a refused request must leave as it was. */
const snapshot = async (productIds: number[]) => ({
  orders: await count('supply_orders'),
  items: await count('supply_order_items'),
  notifications: await count('notifications'),
  stocks: await count('stocks'),
  quantities: await Promise.all(productIds.map(productQuantity)),
});
const liveStocksOf = (managerId: number) =>
  db()
    .selectFrom('stocks')
    .select(['id', 'name', 'price_cents', 'weight_grams', 'quantity'])
    .where('inventory_manager_id', '=', managerId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();

function orderBody(items: unknown[], overrides: Record<string, unknown> = {}) {
  return {
    inventory_manager_id: manager.user.id,
    supplier_id: supplier.user.id,
    address: '4 Warehouse Row, Pune',
    mobile_number: '+91 98765 43210',
    items,
    ...overrides,
  };
}

async function placeOrder(session: Session | undefined, body: unknown, headers = {}) {
  return t.call('POST', ORDERS, session, body, headers);
}

async function placedOrder(items: unknown[], overrides: Record<string, unknown> = {}): Promise<SupplyOrder> {
  const response = await placeOrder(manager, orderBody(items, overrides));
  expect(response.statusCode).toBe(201);
  return response.json().order;
}

const updateOrder = (session: Session | undefined, id: number, payload: unknown) =>
  t.call('PUT', `${ORDERS}/${id}`, session, payload);

describe('placing a replenishment order', () => {
  let bolt: SupplierProduct;
  let nut: SupplierProduct;
  let rivet: SupplierProduct;
  beforeAll(async () => {
    bolt = await addProduct(supplier, { name: 'Hex bolt', price: '12.50', weight: '0.25', quantity: 40 });
    nut = await addProduct(supplier, { name: 'Nut', price: 0.99, weight: 0.01, quantity: 100 });
    rivet = await addProduct(otherSupplier, { name: 'Rivet', price: 1, weight: 0.1, quantity: 50 });
  });

  it('places an order from numeric strings, takes the quantities and notifies the supplier live', async () => {
    bus.published.length = 0;
    const response = await placeOrder(
      manager,
      orderBody(
        [
          { product_id: String(nut.id), product_name: 'Nut', quantity: '10', weight: '0.01', price: '0.99' },
          { product_id: bolt.id, quantity: 4 },
        ],
        { inventory_manager_id: String(manager.user.id), supplier_id: String(supplier.user.id) },
      ),
    );
    expect(response.statusCode).toBe(201);
    const { message, order } = response.json() as { message: string; order: SupplyOrder };
    expect(message).toBe(SUPPLY_ORDER_MESSAGES.placed);
    const now = t.clock.now().toISOString();
    expect(order).toEqual({
      id: expect.any(Number),
      created_at: now,
      updated_at: now,
      inventory_manager_id: manager.user.id,
      inventory_manager_name: 'Ivy Manager',
      supplier_id: supplier.user.id,
      supplier_name: 'Acme Parts',
      address: '4 Warehouse Row, Pune',
      mobile_number: '+91 98765 43210',
      status: 'Order Received',
      expected_delivery_time: null,
      order_items: [
        {
          product_id: bolt.id,
          product_name: 'Hex bolt',
          quantity: 4,
          delivered_quantity: 0,
          price: 12.5,
          weight: 0.25,
        },
        {
          product_id: nut.id,
          product_name: 'Nut',
          quantity: 10,
          delivered_quantity: 0,
          price: 0.99,
          weight: 0.01,
        },
      ],
      total_quantity: 14,
      delivered_quantity: 0,
      total_cost: 59.9,
    });
    expect(await productQuantity(bolt.id)).toBe(36);
    expect(await productQuantity(nut.id)).toBe(90);

    const notification = await db()
      .selectFrom('notifications')
      .select(['id', 'title', 'message', 'created_at', 'order_id'])
      .where('user_id', '=', supplier.user.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notification).toEqual({
      id: expect.any(Number),
      title: 'Order Received',
      message: `Supply order #${order.id} has been received from Ivy Manager`,
      created_at: now,
      // Only a customer order's notifications link to it.
      order_id: null,
    });
    expect(bus.published).toEqual([
      { userId: supplier.user.id, event: { type: 'notification', data: notification } },
      { userId: manager.user.id, event: { type: 'supply-order-updated', data: { order } } },
      { userId: supplier.user.id, event: { type: 'supply-order-updated', data: { order } } },
    ]);
  });

  it('uses the product rows for names and prices, whatever the client sends, and keeps them when they change', async () => {
    const order = await placedOrder([
      { product_id: bolt.id, product_name: 'Gold', quantity: 1, price: 0.01 },
    ]);
    expect(order.order_items).toEqual([
      {
        product_id: bolt.id,
        product_name: 'Hex bolt',
        quantity: 1,
        delivered_quantity: 0,
        price: 12.5,
        weight: 0.25,
      },
    ]);
    await t.call('PUT', `/api/stock-replenishment/products/${bolt.id}`, supplier, { price: 99 });
    const [listed] = (await t.call('GET', ORDERS, manager)).json() as SupplyOrder[];
    expect(listed?.order_items[0]?.price).toBe(12.5);
    await t.call('PUT', `/api/stock-replenishment/products/${bolt.id}`, supplier, { price: 12.5 });
  });

  it('merges lines naming the same product', async () => {
    const before = await productQuantity(nut.id);
    const order = await placedOrder([
      { product_id: nut.id, quantity: 2 },
      { product_id: String(nut.id), quantity: '3' },
    ]);
    expect(order.order_items).toEqual([expect.objectContaining({ product_id: nut.id, quantity: 5 })]);
    expect(await productQuantity(nut.id)).toBe(before - 5);
  });

  it('accepts the whole available quantity, and refuses one more with 409 changing nothing', async () => {
    const small = await addProduct(supplier, { name: 'Small batch', price: 1, weight: 1, quantity: 3 });
    const before = await snapshot([small.id, nut.id]);
    const short = await placeOrder(
      manager,
      orderBody([
        { product_id: nut.id, quantity: 1 },
        { product_id: small.id, quantity: 4 },
      ]),
    );
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe('Not enough stock for Small batch');
    expect(await snapshot([small.id, nut.id])).toEqual(before);

    await placedOrder([{ product_id: small.id, quantity: 3 }]);
    expect(await productQuantity(small.id)).toBe(0);
  });

  it("refuses another supplier's product and unknown products with 400, changing nothing", async () => {
    const before = await snapshot([nut.id, rivet.id]);
    for (const productId of [rivet.id, 999_999]) {
      const response = await placeOrder(
        manager,
        orderBody([
          { product_id: nut.id, quantity: 1 },
          { product_id: productId, quantity: 1 },
        ]),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`Product #${productId} is not sold by this supplier`);
    }
    expect(await snapshot([nut.id, rivet.id])).toEqual(before);
  });

  it('refuses a deactivated supplier, a customer or an unknown id as supplier, with 400', async () => {
    const leaving = await registerAndLogin(t.app, 'Supplier');
    const product = await addProduct(leaving, { name: 'Last one', price: 1, weight: 1, quantity: 5 });
    expect((await t.call('DELETE', `/api/suppliers/${leaving.user.id}`, manager)).statusCode).toBe(200);
    const before = await snapshot([product.id]);
    for (const supplierId of [leaving.user.id, customer.user.id, 999_999]) {
      const response = await placeOrder(
        manager,
        orderBody([{ product_id: product.id, quantity: 1 }], { supplier_id: supplierId }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(SUPPLY_ORDER_MESSAGES.invalidSupplier);
    }
    expect(await snapshot([product.id])).toEqual(before);
  });

  describe('refuses bad payloads with the screen’s sentence and changes nothing', () => {
    const line = () => [{ product_id: nut.id, quantity: 1 }];
    const cases: [string, () => unknown, string][] = [
      [
        'no address',
        () => orderBody(line(), { address: '  ' }),
        SUPPLY_ORDER_MESSAGES.addressAndMobileRequired,
      ],
      [
        'no mobile',
        () => orderBody(line(), { mobile_number: undefined }),
        SUPPLY_ORDER_MESSAGES.addressAndMobileRequired,
      ],
      [
        'a bad mobile',
        () => orderBody(line(), { mobile_number: 'call me' }),
        SUPPLY_ORDER_MESSAGES.invalidMobile,
      ],
      ['an empty cart', () => orderBody([]), SUPPLY_ORDER_MESSAGES.cartRequired],
      ['no items', () => orderBody(line(), { items: undefined }), SUPPLY_ORDER_MESSAGES.cartRequired],
      [
        'quantity 0',
        () => orderBody([{ product_id: nut.id, quantity: 0 }]),
        SUPPLY_ORDER_MESSAGES.invalidQuantity,
      ],
      [
        'quantity -1',
        () => orderBody([{ product_id: nut.id, quantity: -1 }]),
        SUPPLY_ORDER_MESSAGES.invalidQuantity,
      ],
      [
        'quantity 1.5',
        () => orderBody([{ product_id: nut.id, quantity: '1.5' }]),
        SUPPLY_ORDER_MESSAGES.invalidQuantity,
      ],
      ['no quantity', () => orderBody([{ product_id: nut.id }]), SUPPLY_ORDER_MESSAGES.invalidQuantity],
      ['no supplier', () => orderBody(line(), { supplier_id: '' }), SUPPLY_ORDER_MESSAGES.invalidSupplier],
      [
        'a missing supplier',
        () => orderBody(line(), { supplier_id: undefined }),
        SUPPLY_ORDER_MESSAGES.supplierRequired,
      ],
      [
        'a bad product id',
        () => orderBody([{ product_id: 'x', quantity: 1 }]),
        SUPPLY_ORDER_MESSAGES.invalidProductId,
      ],
      [
        'a merged quantity past the largest',
        () =>
          orderBody([
            { product_id: nut.id, quantity: 600_000_000 },
            { product_id: nut.id, quantity: 600_000_000 },
          ]),
        SUPPLY_ORDER_MESSAGES.invalidQuantity,
      ],
    ];
    it.each(cases)('%s', async (_name, body, message) => {
      const before = await snapshot([nut.id]);
      const response = await placeOrder(manager, body());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: message, message });
      expect(await snapshot([nut.id])).toEqual(before);
    });
  });

  it('refuses an order naming another manager with 403; the manager is the caller', async () => {
    const before = await snapshot([nut.id]);
    const response = await placeOrder(
      manager,
      orderBody([{ product_id: nut.id, quantity: 1 }], { inventory_manager_id: otherManager.user.id }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(SUPPLY_ORDER_MESSAGES.notYourInventory);
    expect(await snapshot([nut.id])).toEqual(before);

    const withoutId = await placeOrder(
      otherManager,
      orderBody([{ product_id: nut.id, quantity: 1 }], { inventory_manager_id: undefined }),
    );
    expect(withoutId.statusCode).toBe(201);
    expect(withoutId.json().order.inventory_manager_id).toBe(otherManager.user.id);
  });

  it('lets only managers place orders', async () => {
    const body = orderBody([{ product_id: nut.id, quantity: 1 }]);
    for (const session of [supplier, customer, courier]) {
      const response = await placeOrder(session, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(AUTH_MESSAGES.wrongRole);
    }
    expect((await placeOrder(undefined, body)).statusCode).toBe(401);
  });
});

describe('concurrent replenishment orders', () => {
  it('never oversells: 60 orders of 1 against 25 units give 25 orders and 35 × 409', async () => {
    const hot = await addProduct(supplier, { name: 'Hot part', price: 2, weight: 1, quantity: 25 });
    const managers = [manager, otherManager, await registerAndLogin(t.app, 'Inventory Manager')];
    const ordersBefore = await count('supply_orders');
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, index) => {
        const buyer = managers[index % managers.length] as Session;
        return placeOrder(
          buyer,
          orderBody([{ product_id: hot.id, quantity: 1 }], { inventory_manager_id: buyer.user.id }),
        );
      }),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(25);
    expect(statuses.filter((status) => status === 409)).toHaveLength(35);
    expect(await productQuantity(hot.id)).toBe(0);
    expect(await count('supply_orders')).toBe(ordersBefore + 25);
    const ordered = await db()
      .selectFrom('supply_order_items')
      .select((eb) => eb.fn.sum<number>('quantity').as('units'))
      .where('product_id', '=', hot.id)
      .executeTakeFirstOrThrow();
    expect(Number(ordered.units)).toBe(25);
  });

  it('never oversells when orders of several units each race for the last ones', async () => {
    const scarce = await addProduct(supplier, { name: 'Scarce part', price: 2, weight: 1, quantity: 10 });
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        placeOrder(manager, orderBody([{ product_id: scarce.id, quantity: 3 }])),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(3);
    expect(await productQuantity(scarce.id)).toBe(1);
  });
});

describe('a supplier renamed while an order is placed with them', () => {
  // SQLite runs one transaction at a time; on PostgreSQL the order's transaction holds the
  // supplier's row from reading the name it copies until it commits.
  it('waits for the order, then renames it too', async () => {
    const renamed = await registerAndLogin(t.app, 'Supplier');
    const signal = () => {
      let done = () => {};
      const promise = new Promise<void>((resolve) => {
        done = resolve;
      });
      return { promise, done };
    };
    const nameRead = signal();
    const orderMayCommit = signal();
    const placing = db()
      .transaction()
      .execute(async (trx) => {
        const supplier = await getActiveSupplierById(trx, renamed.user.id, {
          lock: testDialect === 'postgres',
        });
        nameRead.done();
        await orderMayCommit.promise;
        const now = new Date().toISOString();
        await trx
          .insertInto('supply_orders')
          .values({
            inventory_manager_id: manager.user.id,
            inventory_manager_name: 'Manager',
            supplier_id: renamed.user.id,
            supplier_name: supplier?.name ?? '',
            address: 'Dock 1',
            mobile_number: '+91 98765 43210',
            status: 'Order Received',
            total_quantity: 1,
            total_cost_cents: 100,
            created_at: now,
            updated_at: now,
          })
          .execute();
      });
    await nameRead.promise;
    let renameDone = false;
    const renaming = db()
      .transaction()
      .execute((trx) => updateSupplier(trx, renamed.user.id, { name: 'Late name' }))
      .then(() => {
        renameDone = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(renameDone).toBe(false);
    orderMayCommit.done();
    await Promise.all([placing, renaming]);
    const names = await db()
      .selectFrom('supply_orders')
      .select('supplier_name')
      .where('supplier_id', '=', renamed.user.id)
      .execute();
    expect(names).toEqual([{ supplier_name: 'Late name' }]);
  });
});

describe('Idempotency-Key on POST /api/replenishment-orders', () => {
  let product: SupplierProduct;
  beforeAll(async () => {
    product = await addProduct(supplier, { name: 'Retry part', price: 1, weight: 1, quantity: 100 });
  });
  const body = (quantity: number | string) => orderBody([{ product_id: product.id, quantity }]);

  it('answers a retry with the first answer, placing one order', async () => {
    const before = await count('supply_orders');
    const first = await placeOrder(manager, body(2), { 'idempotency-key': 'supply-1' });
    const retry = await placeOrder(manager, body('2'), { 'idempotency-key': 'supply-1' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await count('supply_orders')).toBe(before + 1);
    expect(await productQuantity(product.id)).toBe(98);
  });

  it('refuses the same key with another body with 422, and a running key with 409', async () => {
    await placeOrder(manager, body(1), { 'idempotency-key': 'supply-2' });
    const before = await snapshot([product.id]);
    const other = await placeOrder(manager, body(5), { 'idempotency-key': 'supply-2' });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(IDEMPOTENCY_MESSAGES.keyReused);

    await db()
      .insertInto('idempotency_keys')
      .values({
        user_id: manager.user.id,
        key: 'supply-running',
        request_hash: hashIdempotentRequest(
          'POST /api/replenishment-orders',
          createSupplyOrderBodySchema.parse(body(1)),
        ),
        status: 'running',
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    const running = await placeOrder(manager, body(1), { 'idempotency-key': 'supply-running' });
    expect(running.statusCode).toBe(409);
    expect(running.json().message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
    expect(await snapshot([product.id])).toEqual(before);
  });
});

describe('reading supply orders', () => {
  let firstOrder: SupplyOrder;
  let secondOrder: SupplyOrder;
  let reader: Session;
  let readerSupplier: Session;
  beforeAll(async () => {
    reader = await registerAndLogin(t.app, 'Inventory Manager');
    readerSupplier = await registerAndLogin(t.app, 'Supplier');
    const product = await addProduct(readerSupplier, {
      name: 'Listed part',
      price: 3,
      weight: 1,
      quantity: 10,
    });
    const place = async () => {
      t.clock.advance(1000);
      const response = await placeOrder(
        reader,
        orderBody([{ product_id: product.id, quantity: 1 }], {
          inventory_manager_id: reader.user.id,
          supplier_id: readerSupplier.user.id,
        }),
      );
      return response.json().order as SupplyOrder;
    };
    firstOrder = await place();
    secondOrder = await place();
  });

  it('gives a manager their own orders and a supplier the orders placed with them, newest first', async () => {
    for (const session of [reader, readerSupplier]) {
      const response = await t.call('GET', ORDERS, session);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([secondOrder, firstOrder]);
      expect(response.headers['x-total-count']).toBe('2');
    }
    const others = (await t.call('GET', ORDERS, otherSupplier)).json() as SupplyOrder[];
    expect(others.map((order) => order.id)).not.toContain(firstOrder.id);
  });

  it('pages with limit and offset', async () => {
    const page = await t.call('GET', `${ORDERS}?limit=1&offset=1`, reader);
    expect(page.json()).toEqual([firstOrder]);
    expect(page.headers['x-total-count']).toBe('2');
    expect((await t.call('GET', `${ORDERS}?limit=0`, reader)).statusCode).toBe(400);
  });

  it('fills the profile’s capped lists', async () => {
    const managerProfile = (await t.call('GET', '/auth/profile', reader)).json();
    expect(managerProfile.replenishment_orders).toEqual([secondOrder, firstOrder]);
    expect(managerProfile.supply_orders).toEqual([]);
    const supplierProfile = (await t.call('GET', '/auth/profile', readerSupplier)).json();
    expect(supplierProfile.supply_orders).toEqual([secondOrder, firstOrder]);
    expect(supplierProfile.replenishment_orders).toEqual([]);
  });

  it('refuses customers and couriers with 403 and anonymous callers with 401', async () => {
    expect((await t.call('GET', ORDERS, customer)).statusCode).toBe(403);
    expect((await t.call('GET', ORDERS, courier)).statusCode).toBe(403);
    expect((await t.call('GET', ORDERS)).statusCode).toBe(401);
  });
});

describe('supplier updates', () => {
  let product: SupplierProduct;
  let order: SupplyOrder;
  beforeAll(async () => {
    product = await addProduct(supplier, { name: 'Flange', price: 5, weight: 2, quantity: 20 });
    order = await placedOrder([{ product_id: product.id, quantity: 2 }]);
  });
  const orderRow = () =>
    db().selectFrom('supply_orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  const managerNotifications = () =>
    db()
      .selectFrom('notifications')
      .select(['title', 'message'])
      .where('user_id', '=', manager.user.id)
      .orderBy('id', 'desc')
      .execute();

  it('sets a status, notifies the manager and pushes the order to both parties live', async () => {
    t.clock.advance(1000);
    bus.published.length = 0;
    const response = await updateOrder(supplier, order.id, { status: 'Processing' });
    expect(response.statusCode).toBe(200);
    const now = t.clock.now().toISOString();
    const updated = { ...order, status: 'Processing', updated_at: now };
    expect(response.json()).toEqual({ message: SUPPLY_ORDER_MESSAGES.updated, order: updated });
    const [latest] = await managerNotifications();
    expect(latest).toEqual({ title: 'Processing', message: `Supply order #${order.id} is now Processing` });
    expect(bus.published.map(({ userId, event }) => [userId, event.type])).toEqual([
      [manager.user.id, 'notification'],
      [manager.user.id, 'supply-order-updated'],
      [supplier.user.id, 'supply-order-updated'],
    ]);
    expect(bus.published[1]?.event.data).toEqual({ order: updated });
  });

  it('stores an expected delivery time given with an offset in UTC', async () => {
    const response = await updateOrder(supplier, order.id, {
      expected_delivery_time: '2026-06-20T15:00:00+05:30',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toMatchObject({
      status: 'Processing',
      expected_delivery_time: '2026-06-20T09:30:00.000Z',
    });
    expect((await orderRow()).expected_delivery_time).toBe('2026-06-20T09:30:00.000Z');
    expect((await managerNotifications())[0]).toEqual({
      title: 'Expected Delivery',
      message: `Supply order #${order.id} is expected by 2026-06-20 09:30 UTC`,
    });
  });

  it('sets status and time together, and any status may follow any before a final one', async () => {
    const response = await updateOrder(supplier, order.id, {
      status: 'In Transit',
      expected_delivery_time: '2026-06-21T08:00:00.000Z',
    });
    expect(response.json().order).toMatchObject({
      status: 'In Transit',
      expected_delivery_time: '2026-06-21T08:00:00.000Z',
    });
    expect((await managerNotifications())[0]).toEqual({
      title: 'In Transit',
      message: `Supply order #${order.id} is now In Transit, expected by 2026-06-21 08:00 UTC`,
    });
    for (const status of ['Delayed', 'Order Received', 'In Transit'] as const) {
      expect((await updateOrder(supplier, order.id, { status })).json().order.status).toBe(status);
    }
  });

  it('writes no notification when nothing changes', async () => {
    const before = await count('notifications');
    const response = await updateOrder(supplier, order.id, {
      status: 'In Transit',
      expected_delivery_time: '2026-06-21T08:00:00Z',
    });
    expect(response.statusCode).toBe(200);
    expect(await count('notifications')).toBe(before);
  });

  it('refuses an empty update with the dialog’s sentence, and bad values, with 400', async () => {
    const before = await orderRow();
    for (const payload of [{}, { status: '' }, { expected_delivery_time: null }]) {
      const response = await updateOrder(supplier, order.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(SUPPLY_ORDER_MESSAGES.nothingToUpdate);
    }
    const cases: [unknown, string][] = [
      [{ status: 'Lost' }, SUPPLY_ORDER_MESSAGES.invalidStatus],
      [{ status: 'delivered' }, SUPPLY_ORDER_MESSAGES.invalidStatus],
      [{ expected_delivery_time: '2026-06-21T08:00' }, SUPPLY_ORDER_MESSAGES.invalidExpectedDelivery],
      [{ expected_delivery_time: 'tomorrow' }, SUPPLY_ORDER_MESSAGES.invalidExpectedDelivery],
    ];
    for (const [payload, message] of cases) {
      const response = await updateOrder(supplier, order.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await orderRow()).toEqual(before);
  });

  it('answers 404 to another supplier and for unknown orders, 403 to the manager and other roles', async () => {
    const before = { row: await orderRow(), notifications: await count('notifications') };
    const response = await updateOrder(otherSupplier, order.id, { status: 'Delivered' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(SUPPLY_ORDER_MESSAGES.notFound);
    expect((await updateOrder(supplier, 999_999, { status: 'Delivered' })).statusCode).toBe(404);
    for (const session of [manager, customer, courier]) {
      const refused = await updateOrder(session, order.id, { status: 'Delivered' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(AUTH_MESSAGES.wrongRole);
    }
    expect((await updateOrder(undefined, order.id, { status: 'Delivered' })).statusCode).toBe(401);
    expect({ row: await orderRow(), notifications: await count('notifications') }).toEqual(before);
  });
});

describe('Delivered and Canceled', () => {
  let bolts: SupplierProduct;
  let washers: SupplierProduct;
  let gaskets: SupplierProduct;
  beforeAll(async () => {
    bolts = await addProduct(supplier, { name: 'BOLTS', price: '0.40', weight: '0.05', quantity: 500 });
    washers = await addProduct(supplier, { name: 'Washers', price: '0.10', weight: '0.01', quantity: 500 });
    gaskets = await addProduct(supplier, { name: 'Gasket', price: '2.25', weight: '0.30', quantity: 500 });
  });

  it("Delivered adds to the manager's stock of the same name (any case) and creates the others", async () => {
    const existing = await addStock({ name: 'bolts', price: 1, weight: 0.05, quantity: 10 });
    const order = await placedOrder([
      { product_id: bolts.id, quantity: 30 },
      { product_id: gaskets.id, quantity: 4 },
    ]);
    const stocksBefore = await liveStocksOf(manager.user.id);
    const otherStocksBefore = await liveStocksOf(otherManager.user.id);
    bus.published.length = 0;

    const response = await updateOrder(supplier, order.id, { status: 'Delivered' });
    expect(response.statusCode).toBe(200);
    expect(response.json().order.status).toBe('Delivered');

    const stocks = await liveStocksOf(manager.user.id);
    expect(stocks.find((stock) => stock.id === existing.stock_id)).toMatchObject({
      name: 'bolts',
      price_cents: 100,
      quantity: 40,
    });
    const created = stocks.filter((stock) => !stocksBefore.some((before) => before.id === stock.id));
    expect(created).toEqual([
      { id: expect.any(Number), name: 'Gasket', price_cents: 225, weight_grams: 300, quantity: 4 },
    ]);
    expect(await liveStocksOf(otherManager.user.id)).toEqual(otherStocksBefore);
    // The supplier's catalogue keeps what is left after the order, nothing more.
    expect(await productQuantity(bolts.id)).toBe(470);
    expect(bus.published.map(({ userId, event }) => [userId, event.type])).toEqual([
      [manager.user.id, 'notification'],
      [manager.user.id, 'supply-order-updated'],
      [supplier.user.id, 'supply-order-updated'],
    ]);

    const stockList = (await t.call('GET', '/api/stocks', manager)).json() as StockItem[];
    expect(stockList.find((stock) => stock.stock_name === 'Gasket')).toMatchObject({
      quantity: 4,
      price: 2.25,
    });
  });

  it('a second delivery of a product now in stock adds to that item instead of creating another', async () => {
    const order = await placedOrder([{ product_id: gaskets.id, quantity: 6 }]);
    const countBefore = await count('stocks');
    await updateOrder(supplier, order.id, { status: 'Delivered' });
    expect(await count('stocks')).toBe(countBefore);
    const gasketStocks = (await liveStocksOf(manager.user.id)).filter((stock) => stock.name === 'Gasket');
    expect(gasketStocks).toEqual([expect.objectContaining({ quantity: 10 })]);
  });

  it('a delivered stock item the manager deleted is received as a new item', async () => {
    const stock = await addStock({ name: 'Washers', price: 1, weight: 1, quantity: 3 });
    const order = await placedOrder([{ product_id: washers.id, quantity: 5 }]);
    expect((await t.call('DELETE', `/api/stocks/${stock.stock_id}`, manager)).statusCode).toBe(200);
    await updateOrder(supplier, order.id, { status: 'Delivered' });
    const live = (await liveStocksOf(manager.user.id)).filter((row) => row.name === 'Washers');
    expect(live).toEqual([expect.objectContaining({ quantity: 5, price_cents: 10, weight_grams: 10 })]);
  });

  it("Canceled returns the quantities to the supplier's products and leaves the stock alone", async () => {
    const order = await placedOrder([
      { product_id: bolts.id, quantity: 20 },
      { product_id: washers.id, quantity: 7 },
    ]);
    expect(await productQuantity(bolts.id)).toBe(450);
    const stocksBefore = await liveStocksOf(manager.user.id);
    const response = await updateOrder(supplier, order.id, { status: 'Canceled' });
    expect(response.statusCode).toBe(200);
    expect(await productQuantity(bolts.id)).toBe(470);
    expect(await productQuantity(washers.id)).toBe(495);
    expect(await liveStocksOf(manager.user.id)).toEqual(stocksBefore);
    expect(
      (
        await db()
          .selectFrom('notifications')
          .select(['title', 'message'])
          .where('user_id', '=', manager.user.id)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).title,
    ).toBe('Canceled');
  });

  it('Delivered and Canceled are final: any later change is a 409 and changes nothing', async () => {
    for (const status of ['Delivered', 'Canceled'] as const) {
      const order = await placedOrder([{ product_id: washers.id, quantity: 1 }]);
      await updateOrder(supplier, order.id, { status });
      const before = {
        ...(await snapshot([washers.id])),
        stock: await liveStocksOf(manager.user.id),
      };
      for (const payload of [
        { status: 'In Transit' },
        { status: status === 'Delivered' ? 'Canceled' : 'Delivered' },
        { status },
        { expected_delivery_time: '2026-07-01T10:00:00Z' },
      ]) {
        const response = await updateOrder(supplier, order.id, payload);
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(`This order is ${status} and can no longer be changed`);
      }
      expect({ ...(await snapshot([washers.id])), stock: await liveStocksOf(manager.user.id) }).toEqual(
        before,
      );
    }
  });

  it('of concurrent Delivered and Canceled on one order exactly one wins, and its effect happens once', async () => {
    const part = await addProduct(supplier, { name: 'Race part', price: 1, weight: 1, quantity: 10 });
    const order = await placedOrder([{ product_id: part.id, quantity: 4 }]);
    const responses = await Promise.all(
      ['Delivered', 'Canceled', 'Delivered', 'Canceled'].map((status) =>
        updateOrder(supplier, order.id, { status }),
      ),
    );
    const winners = responses.filter((response) => response.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(3);
    const won = winners[0]?.json().order.status;
    const received = (await liveStocksOf(manager.user.id)).filter((stock) => stock.name === 'Race part');
    if (won === 'Delivered') {
      expect(received).toEqual([expect.objectContaining({ quantity: 4 })]);
      expect(await productQuantity(part.id)).toBe(6);
    } else {
      expect(received).toEqual([]);
      expect(await productQuantity(part.id)).toBe(10);
    }
  });

  it('concurrent deliveries of a new product to one manager create one stock item holding them all', async () => {
    const part = await addProduct(supplier, { name: 'Fresh part', price: 1, weight: 1, quantity: 50 });
    const orders = await Promise.all(
      [1, 2, 3, 4, 5].map(() => placedOrder([{ product_id: part.id, quantity: 2 }])),
    );
    const responses = await Promise.all(
      orders.map((order) => updateOrder(supplier, order.id, { status: 'Delivered' })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const received = (await liveStocksOf(manager.user.id)).filter((stock) => stock.name === 'Fresh part');
    expect(received).toEqual([expect.objectContaining({ quantity: 10 })]);
  });

  it('quantities add up after a mix of orders, cancellations and deliveries', async () => {
    const part = await addProduct(supplier, { name: 'Ledger part', price: 1, weight: 1, quantity: 100 });
    const quantities = [5, 12, 7, 30, 1, 9];
    const orders = await Promise.all(
      quantities.map((quantity) => placedOrder([{ product_id: part.id, quantity }])),
    );
    const outcomes = ['Delivered', 'Canceled', 'In Transit', 'Delivered', 'Canceled', 'Delivered'] as const;
    await Promise.all(
      orders.map((order, index) => updateOrder(supplier, order.id, { status: outcomes[index] })),
    );

    const delivered = quantities
      .filter((_, index) => outcomes[index] === 'Delivered')
      .reduce((a, b) => a + b);
    const pending = quantities.filter((_, index) => outcomes[index] === 'In Transit').reduce((a, b) => a + b);
    const stock = (await liveStocksOf(manager.user.id)).find((row) => row.name === 'Ledger part');
    expect(stock?.quantity).toBe(delivered);
    expect(await productQuantity(part.id)).toBe(100 - delivered - pending);
  });
});
