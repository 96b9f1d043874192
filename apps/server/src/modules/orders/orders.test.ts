import {
  AUTH_MESSAGES,
  IDEMPOTENCY_MESSAGES,
  ORDER_MESSAGES,
  type Order,
  orderDraftSchema,
} from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeProofOf } from '../../test/delivery-proof';
import { createTestApp, registerAndLogin, sessionCookieFrom, type TestApp } from '../../test/test-app';
import { hashIdempotentRequest } from '../idempotency/service';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let manager: Session;
let customer: Session;
let otherCustomer: Session;
let courier: Session;
let otherCourier: Session;
let supplier: Session;

beforeAll(async () => {
  t = await createTestApp();
  [manager, customer, otherCustomer, courier, otherCourier, supplier] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Customer', { name: 'Asha' }),
    registerAndLogin(t.app, 'Customer', { name: 'Ravi' }),
    registerAndLogin(t.app, 'Courier Service', { name: 'Speedy Couriers' }),
    registerAndLogin(t.app, 'Courier Service', { name: 'Other Couriers' }),
    registerAndLogin(t.app, 'Supplier'),
  ]);
});
afterAll(async () => {
  await t.close();
});

/** Moving the clock a day ends every session (12 hours at most): log everyone in again. */
async function logInAgain() {
  for (const session of [manager, customer, otherCustomer, courier, otherCourier, supplier]) {
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: session.email, password: session.password },
    });
    session.cookie = sessionCookieFrom(login);
  }
}

async function addStock(values: {
  name: string;
  price: number | string;
  quantity: number;
  weight: number | string;
}) {
  const response = await t.call('POST', '/api/stocks', manager, values);
  expect(response.statusCode).toBe(201);
  return response.json().stock.stock_id as number;
}

const db = () => t.database.db;
const stockQuantity = async (id: number) =>
  (await db().selectFrom('stocks').select('quantity').where('id', '=', id).executeTakeFirstOrThrow())
    .quantity;
const count = (table: 'orders' | 'order_items' | 'notifications' | 'idempotency_keys') => t.count(table);
const snapshot = async (stockIds: number[]) => ({
  orders: await count('orders'),
  items: await count('order_items'),
  notifications: await count('notifications'),
  quantities: await Promise.all(stockIds.map(stockQuantity)),
});

function draft(items: unknown[], overrides: Record<string, unknown> = {}) {
  return {
    customer_id: customer.user.id,
    shipping_address: '12 Park Street, Kolkata',
    pin_code: '110001',
    location_type: 'urban',
    phone_number: '+91 98765 43210',
    courier_service_id: courier.user.id,
    items,
    ...overrides,
  };
}

async function placeOrder(session: Session, body: unknown, headers = {}) {
  return t.call('POST', '/api/orders', session, body, headers);
}

describe('placing an order', () => {
  let widget: number;
  let bolt: number;
  beforeAll(async () => {
    widget = await addStock({ name: 'Blue widget', price: '12.50', quantity: 10, weight: '1.25' });
    bolt = await addStock({ name: 'Steel bolt', price: 0.99, quantity: 100, weight: 0.5 });
  });

  it('places an order from numeric strings, takes the stock and notifies the customer', async () => {
    const response = await placeOrder(
      customer,
      draft(
        [
          {
            stock_id: String(widget),
            product_name: 'Blue widget',
            quantity: '2',
            weight: '1.25',
            price: '12.50',
          },
          { stock_id: bolt, quantity: 3 },
        ],
        { customer_id: String(customer.user.id), courier_service_id: String(courier.user.id) },
      ),
    );
    expect(response.statusCode).toBe(201);
    const { message, order } = response.json() as { message: string; order: Order };
    expect(message).toBe('Order placed successfully');
    expect(order).toEqual({
      id: expect.any(Number),
      created_at: '2026-06-15T10:00:00.000Z',
      shipping_address: '12 Park Street, Kolkata',
      pin_code: '110001',
      location_type: 'urban',
      phone_number: '+91 98765 43210',
      consignment_weight: 4,
      order_items: [
        { stock_id: widget, product_name: 'Blue widget', quantity: 2, price: 12.5, weight: 1.25 },
        { stock_id: bolt, product_name: 'Steel bolt', quantity: 3, price: 0.99, weight: 0.5 },
      ],
      items_total: 27.97,
      shipping_cost: 13,
      delivery_date: '2026-06-17T10:00:00.000Z',
      status: 'Processing',
      courier_service_id: courier.user.id,
      customer_id: customer.user.id,
      customer_name: 'Asha',
      last_attempt_reason: null,
      next_attempt_date: null,
    });
    expect(await stockQuantity(widget)).toBe(8);
    expect(await stockQuantity(bolt)).toBe(97);

    const row = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      consignment_weight_grams: 4000,
      items_total_cents: 2797,
      shipping_cost_cents: 1300,
    });
    const notification = await db()
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', customer.user.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notification).toMatchObject({
      title: 'Processing',
      message: `Order #${order.id} has been placed and is Processing`,
    });
  });

  it('uses the stock rows for names, prices and weights, whatever the client sends', async () => {
    const response = await placeOrder(
      customer,
      draft([{ stock_id: widget, quantity: 1, product_name: 'Free gold', price: 0, weight: 0 }]),
    );
    expect(response.statusCode).toBe(201);
    const { order } = response.json() as { order: Order };
    expect(order.order_items).toEqual([
      { stock_id: widget, product_name: 'Blue widget', quantity: 1, price: 12.5, weight: 1.25 },
    ]);
    expect(order.items_total).toBe(12.5);
    const lines = await db().selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
    expect(lines).toEqual([
      expect.objectContaining({
        product_name: 'Blue widget',
        quantity: 1,
        price_cents: 1250,
        weight_grams: 1250,
      }),
    ]);
  });

  it('keeps the prices of placed orders when the stock changes later', async () => {
    const stock = await addStock({ name: 'Lamp', price: 20, quantity: 5, weight: 2 });
    const placed = (await placeOrder(customer, draft([{ stock_id: stock, quantity: 1 }]))).json()
      .order as Order;
    expect(
      (await t.call('PUT', `/api/stocks/${stock}`, manager, { name: 'Desk lamp', price: 99 })).statusCode,
    ).toBe(200);
    expect((await t.call('DELETE', `/api/stocks/${stock}`, manager)).statusCode).toBe(200);
    const list = (await t.call('GET', '/api/orders', customer)).json() as Order[];
    expect(list.find((order) => order.id === placed.id)?.order_items).toEqual([
      { stock_id: stock, product_name: 'Lamp', quantity: 1, price: 20, weight: 2 },
    ]);
  });

  it('merges lines naming the same stock item into one', async () => {
    const stock = await addStock({ name: 'Crate', price: 1, quantity: 5, weight: 1 });
    const response = await placeOrder(
      customer,
      draft([
        { stock_id: stock, quantity: 2 },
        { stock_id: String(stock), quantity: '3' },
      ]),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().order.order_items).toEqual([
      { stock_id: stock, product_name: 'Crate', quantity: 5, price: 1, weight: 1 },
    ]);
    expect(await stockQuantity(stock)).toBe(0);

    const stock2 = await addStock({ name: 'Box', price: 1, quantity: 5, weight: 1 });
    const short = await placeOrder(
      customer,
      draft([
        { stock_id: stock2, quantity: 3 },
        { stock_id: stock2, quantity: 3 },
      ]),
    );
    expect(short.statusCode).toBe(409);
    expect(await stockQuantity(stock2)).toBe(5);
  });

  it('fails the whole order with 409 naming the product when one line is short', async () => {
    const plenty = await addStock({ name: 'Plenty', price: 1, quantity: 50, weight: 1 });
    const scarce = await addStock({ name: 'Scarce', price: 1, quantity: 2, weight: 1 });
    const alsoPlenty = await addStock({ name: 'Also plenty', price: 1, quantity: 50, weight: 1 });
    const before = await snapshot([plenty, scarce, alsoPlenty]);
    const response = await placeOrder(
      customer,
      draft([
        { stock_id: plenty, quantity: 5 },
        { stock_id: scarce, quantity: 3 },
        { stock_id: alsoPlenty, quantity: 5 },
      ]),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'Not enough stock for Scarce',
      message: 'Not enough stock for Scarce',
      code: 'not_enough_stock',
    });
    expect(await snapshot([plenty, scarce, alsoPlenty])).toEqual(before);
  });

  it('refuses deleted and unknown stock items with 409 and changes nothing', async () => {
    const gone = await addStock({ name: 'Old stock', price: 1, quantity: 5, weight: 1 });
    expect((await t.call('DELETE', `/api/stocks/${gone}`, manager)).statusCode).toBe(200);
    const before = await snapshot([widget, gone]);
    const deleted = await placeOrder(
      customer,
      draft([
        { stock_id: widget, quantity: 1 },
        { stock_id: gone, quantity: 1 },
      ]),
    );
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe('Old stock is no longer available');
    const unknown = await placeOrder(customer, draft([{ stock_id: 999_999, quantity: 1 }]));
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toBe('Product #999999 is no longer available');
    expect(await snapshot([widget, gone])).toEqual(before);
  });

  describe('refuses bad drafts and changes nothing', () => {
    const required = ORDER_MESSAGES.requiredFields;
    const cases: [string, () => unknown, number, string][] = [
      [
        'a 5-digit pin code',
        () => draft([{ stock_id: widget, quantity: 1 }], { pin_code: '11000' }),
        400,
        ORDER_MESSAGES.invalidPinCode,
      ],
      [
        'an unknown pin code',
        () => draft([{ stock_id: widget, quantity: 1 }], { pin_code: '999999' }),
        400,
        ORDER_MESSAGES.invalidPinCode,
      ],
      [
        'letters as pin code',
        () => draft([{ stock_id: widget, quantity: 1 }], { pin_code: 'abcdef' }),
        400,
        ORDER_MESSAGES.invalidPinCode,
      ],
      [
        'an unknown location type',
        () => draft([{ stock_id: widget, quantity: 1 }], { location_type: 'moon' }),
        400,
        ORDER_MESSAGES.invalidLocationType,
      ],
      [
        'a customer as courier',
        () => draft([{ stock_id: widget, quantity: 1 }], { courier_service_id: otherCustomer.user.id }),
        400,
        ORDER_MESSAGES.invalidCourier,
      ],
      [
        'a manager as courier',
        () => draft([{ stock_id: widget, quantity: 1 }], { courier_service_id: manager.user.id }),
        400,
        ORDER_MESSAGES.invalidCourier,
      ],
      [
        'an unknown courier',
        () => draft([{ stock_id: widget, quantity: 1 }], { courier_service_id: 999_999 }),
        400,
        ORDER_MESSAGES.invalidCourier,
      ],
      [
        'another customer as customer_id',
        () => draft([{ stock_id: widget, quantity: 1 }], { customer_id: otherCustomer.user.id }),
        403,
        ORDER_MESSAGES.notYourAccount,
      ],
      ['no items', () => draft([]), 400, required],
      ['no items field', () => draft([], { items: undefined }), 400, required],
      [
        'a missing address',
        () => draft([{ stock_id: widget, quantity: 1 }], { shipping_address: undefined }),
        400,
        required,
      ],
      [
        'a blank address',
        () => draft([{ stock_id: widget, quantity: 1 }], { shipping_address: '   ' }),
        400,
        required,
      ],
      [
        'a missing pin code',
        () => draft([{ stock_id: widget, quantity: 1 }], { pin_code: '' }),
        400,
        required,
      ],
      [
        'a missing phone number',
        () => draft([{ stock_id: widget, quantity: 1 }], { phone_number: undefined }),
        400,
        required,
      ],
      [
        'a missing location type',
        () => draft([{ stock_id: widget, quantity: 1 }], { location_type: '' }),
        400,
        required,
      ],
      [
        'a missing courier',
        () => draft([{ stock_id: widget, quantity: 1 }], { courier_service_id: '' }),
        400,
        required,
      ],
      ['a line without quantity', () => draft([{ stock_id: widget }]), 400, required],
      [
        'a quantity of 0',
        () => draft([{ stock_id: widget, quantity: 0 }]),
        400,
        ORDER_MESSAGES.invalidQuantity,
      ],
      [
        'a fractional quantity',
        () => draft([{ stock_id: widget, quantity: '1.5' }]),
        400,
        ORDER_MESSAGES.invalidQuantity,
      ],
      [
        'a negative quantity',
        () => draft([{ stock_id: widget, quantity: -1 }]),
        400,
        ORDER_MESSAGES.invalidQuantity,
      ],
      [
        'a phone number of letters',
        () => draft([{ stock_id: widget, quantity: 1 }], { phone_number: 'call me' }),
        400,
        ORDER_MESSAGES.invalidPhone,
      ],
      ['no body', () => undefined, 400, required],
    ];
    it.each(cases)('%s', async (_label, body, status, message) => {
      const before = await snapshot([widget]);
      const response = await placeOrder(customer, body());
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ error: message, message });
      expect(await snapshot([widget])).toEqual(before);
    });

    it('names the field in details', async () => {
      const response = await placeOrder(
        customer,
        draft([{ stock_id: widget, quantity: 1 }], { pin_code: '1234' }),
      );
      expect(response.json().details).toEqual([
        { path: 'body.pin_code', message: ORDER_MESSAGES.invalidPinCode },
      ]);
    });
  });

  it('refuses a deactivated courier', async () => {
    const gone = await registerAndLogin(t.app, 'Courier Service');
    await db()
      .updateTable('users')
      .set({ deactivated_at: '2026-06-01T00:00:00.000Z' })
      .where('id', '=', gone.user.id)
      .execute();
    const response = await placeOrder(
      customer,
      draft([{ stock_id: widget, quantity: 1 }], { courier_service_id: gone.user.id }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ORDER_MESSAGES.invalidCourier);
  });

  it('accepts an order without customer_id, and a pin code as a number', async () => {
    const response = await placeOrder(
      customer,
      draft([{ stock_id: bolt, quantity: 1 }], {
        customer_id: undefined,
        pin_code: 560001,
        location_type: 'Rural',
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().order).toMatchObject({
      customer_id: customer.user.id,
      pin_code: '560001',
      location_type: 'rural',
      shipping_cost: 11,
      delivery_date: '2026-06-20T10:00:00.000Z',
    });
  });

  it('lets only customers place orders', async () => {
    const body = draft([{ stock_id: bolt, quantity: 1 }]);
    for (const session of [courier, manager, supplier]) {
      const response = await placeOrder(session, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(AUTH_MESSAGES.wrongRole);
    }
    expect((await placeOrder(undefined as never, body)).statusCode).toBe(401);
  });
});

describe('concurrent orders', () => {
  it('never oversells: 100 one-unit orders against 50 units give 50 orders and 50 × 409', async () => {
    const stock = await addStock({ name: 'Hot item', price: 5, quantity: 50, weight: 0.1 });
    const buyers = [
      customer,
      otherCustomer,
      ...(await Promise.all([1, 2].map(() => registerAndLogin(t.app, 'Customer')))),
    ];
    const ordersBefore = await count('orders');
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) => {
        const buyer = buyers[index % buyers.length] as Session;
        return placeOrder(buyer, draft([{ stock_id: stock, quantity: 1 }], { customer_id: buyer.user.id }));
      }),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(50);
    expect(statuses.filter((status) => status === 409)).toHaveLength(50);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json().message).toBe('Not enough stock for Hot item');
    }
    expect(await stockQuantity(stock)).toBe(0);
    expect(await count('orders')).toBe(ordersBefore + 50);
    const sold = await db()
      .selectFrom('order_items')
      .select((eb) => eb.fn.sum<number>('quantity').as('units'))
      .where('stock_id', '=', stock)
      .executeTakeFirstOrThrow();
    expect(Number(sold.units)).toBe(50);
  });
});

describe('Idempotency-Key on POST /api/orders', () => {
  let stock: number;
  beforeAll(async () => {
    stock = await addStock({ name: 'Retry widget', price: 2, quantity: 100, weight: 1 });
  });
  const body = (quantity: number) => draft([{ stock_id: stock, quantity }]);

  it('answers a retry with the same key and body with the first answer, placing one order', async () => {
    const before = await count('orders');
    const first = await placeOrder(customer, body(1), { 'idempotency-key': 'order-abc-1' });
    const retry = await placeOrder(customer, body(1), { 'idempotency-key': 'order-abc-1' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('orders')).toBe(before + 1);
    expect(await stockQuantity(stock)).toBe(99);
  });

  it('treats numeric strings and reordered keys as the same body', async () => {
    const before = await count('orders');
    const first = await placeOrder(customer, body(2), { 'idempotency-key': 'order-abc-2' });
    const retryBody = { ...body(2), items: [{ quantity: '2', stock_id: String(stock) }] };
    const retry = await placeOrder(customer, retryBody, { 'idempotency-key': 'order-abc-2' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().order.id).toBe(first.json().order.id);
    expect(await count('orders')).toBe(before + 1);
  });

  it('refuses the same key with a different body with 422 and changes nothing', async () => {
    await placeOrder(customer, body(1), { 'idempotency-key': 'order-abc-3' });
    const before = await snapshot([stock]);
    const other = await placeOrder(customer, body(5), { 'idempotency-key': 'order-abc-3' });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(IDEMPOTENCY_MESSAGES.keyReused);
    expect(await snapshot([stock])).toEqual(before);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const payload = body(1);
    await db()
      .insertInto('idempotency_keys')
      .values({
        user_id: customer.user.id,
        key: 'order-running',
        request_hash: hashIdempotentRequest('POST /api/orders', orderDraftSchema.parse(payload)),
        status: 'running',
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    const before = await snapshot([stock]);
    const response = await placeOrder(customer, payload, { 'idempotency-key': 'order-running' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
    expect(await snapshot([stock])).toEqual(before);

    // A request that died leaves its key running; after a minute a retry takes it over.
    t.clock.advance(61_000);
    const retry = await placeOrder(customer, payload, { 'idempotency-key': 'order-running' });
    expect(retry.statusCode).toBe(201);
  });

  it('places one order when the same key arrives twice at once', async () => {
    const before = await count('orders');
    const responses = await Promise.all(
      [1, 2, 3].map(() => placeOrder(customer, body(1), { 'idempotency-key': 'order-race' })),
    );
    const placed = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(placed.length + refused.length).toBe(3);
    expect(placed.length).toBeGreaterThan(0);
    // Every 201 is the one order: the first answer, or its replay.
    expect(new Set(placed.map((response) => response.json().order.id)).size).toBe(1);
    for (const response of refused) expect(response.json().message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
    expect(await count('orders')).toBe(before + 1);
  });

  it('refuses the same key with another body at once with 422, placing only one', async () => {
    const before = await count('orders');
    const responses = await Promise.all(
      [1, 2].map((quantity) =>
        placeOrder(customer, body(quantity), { 'idempotency-key': 'order-race-other' }),
      ),
    );
    // Either may come first; the other is refused.
    const placed = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 422);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.json().message).toBe(IDEMPOTENCY_MESSAGES.keyReused);
    const winner = responses.indexOf(placed[0] as (typeof responses)[number]) + 1;
    expect(placed[0]?.json().order.order_items[0].quantity).toBe(winner);
    expect(await count('orders')).toBe(before + 1);
  });

  it('scopes keys to the user', async () => {
    const before = await count('orders');
    const mine = await placeOrder(customer, body(1), { 'idempotency-key': 'shared-key' });
    const theirs = await placeOrder(
      otherCustomer,
      draft([{ stock_id: stock, quantity: 1 }], { customer_id: otherCustomer.user.id }),
      { 'idempotency-key': 'shared-key' },
    );
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().order.customer_id).toBe(otherCustomer.user.id);
    expect(await count('orders')).toBe(before + 2);
  });

  it('frees the key of a failed request, so the retry can succeed', async () => {
    const small = await addStock({ name: 'Small batch', price: 1, quantity: 1, weight: 1 });
    const payload = draft([{ stock_id: small, quantity: 2 }]);
    const failed = await placeOrder(customer, payload, { 'idempotency-key': 'order-after-restock' });
    expect(failed.statusCode).toBe(409);
    expect((await t.call('PUT', `/api/stocks/${small}`, manager, { quantity: 2 })).statusCode).toBe(200);
    const retry = await placeOrder(customer, payload, { 'idempotency-key': 'order-after-restock' });
    expect(retry.statusCode).toBe(201);
  });

  it('forgets keys after 24 hours', async () => {
    const first = await placeOrder(customer, body(1), { 'idempotency-key': 'order-old' });
    t.clock.advance(24 * 60 * 60_000 + 1000);
    await logInAgain();
    const later = await placeOrder(customer, body(1), { 'idempotency-key': 'order-old' });
    expect(later.statusCode).toBe(201);
    expect(later.json().order.id).not.toBe(first.json().order.id);
  });

  it('forgets an expired key even before the periodic sweep has deleted it', async () => {
    const first = await placeOrder(customer, body(1), { 'idempotency-key': 'order-expiring' });
    t.clock.advance(24 * 60 * 60_000 - 5 * 60_000);
    await logInAgain();
    // This request sweeps the customer's expired keys; 'order-expiring' is not expired yet.
    const sweeping = await placeOrder(customer, body(1), { 'idempotency-key': 'order-sweeping' });
    expect(sweeping.statusCode).toBe(201);
    t.clock.advance(6 * 60_000);
    const before = await count('orders');
    const later = await placeOrder(customer, body(1), { 'idempotency-key': 'order-expiring' });
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json().order.id).not.toBe(first.json().order.id);
    expect(await count('orders')).toBe(before + 1);
  });

  it('refuses a malformed key with 400', async () => {
    const before = await count('orders');
    const response = await placeOrder(customer, body(1), { 'idempotency-key': 'x'.repeat(256) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(IDEMPOTENCY_MESSAGES.invalidKey);
    expect(await count('orders')).toBe(before);
  });
});

describe('reading orders', () => {
  let courierOrder: Order;
  let otherCourierOrder: Order;
  let otherCustomerOrder: Order;
  beforeAll(async () => {
    const stock = await addStock({ name: 'List item', price: 1, quantity: 100, weight: 1 });
    t.clock.advance(60_000);
    courierOrder = (await placeOrder(customer, draft([{ stock_id: stock, quantity: 1 }]))).json().order;
    t.clock.advance(60_000);
    otherCourierOrder = (
      await placeOrder(
        customer,
        draft([{ stock_id: stock, quantity: 2 }], { courier_service_id: otherCourier.user.id }),
      )
    ).json().order;
    t.clock.advance(60_000);
    otherCustomerOrder = (
      await placeOrder(
        otherCustomer,
        draft([{ stock_id: stock, quantity: 3 }], { customer_id: otherCustomer.user.id }),
      )
    ).json().order;
  });

  const list = async (session: Session, query = '') => {
    const response = await t.call('GET', `/api/orders${query}`, session);
    expect(response.statusCode).toBe(200);
    return { orders: response.json() as Order[], total: Number(response.headers['x-total-count']) };
  };

  it('gives a courier only the orders assigned to them, newest first', async () => {
    const { orders, total } = await list(otherCourier);
    expect(orders.map((order) => order.id)).toEqual([otherCourierOrder.id]);
    expect(total).toBe(1);
    expect(orders[0]).toEqual(otherCourierOrder);

    const mine = await list(courier);
    expect(mine.orders.every((order) => order.courier_service_id === courier.user.id)).toBe(true);
    expect(mine.orders.map((order) => order.id)).toEqual(
      expect.arrayContaining([courierOrder.id, otherCustomerOrder.id]),
    );
    expect(mine.orders.map((order) => order.id)).not.toContain(otherCourierOrder.id);
    const times = mine.orders.map((order) => order.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('gives a customer only their own orders', async () => {
    const { orders, total } = await list(otherCustomer);
    expect(orders.every((order) => order.customer_id === otherCustomer.user.id)).toBe(true);
    expect(orders.map((order) => order.id)).toContain(otherCustomerOrder.id);
    expect(total).toBe(orders.length);
    const mine = await list(customer);
    expect(mine.orders.map((order) => order.id)).not.toContain(otherCustomerOrder.id);
  });

  it('gives a manager every order, paginated with X-Total-Count', async () => {
    const all = await list(manager);
    expect(all.total).toBe(await count('orders'));
    expect(all.orders).toHaveLength(all.total);
    expect(all.orders[0]?.id).toBe(otherCustomerOrder.id);
    const page = await list(manager, '?limit=2&offset=1');
    expect(page.orders.map((order) => order.id)).toEqual(all.orders.slice(1, 3).map((order) => order.id));
    expect(page.total).toBe(all.total);
  });

  it('refuses suppliers with 403 and anonymous callers with 401', async () => {
    expect((await t.call('GET', '/api/orders', supplier)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/orders')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/orders?limit=0', manager)).statusCode).toBe(400);
  });
});

describe('courier status changes', () => {
  let order: Order;
  beforeAll(async () => {
    const stock = await addStock({ name: 'Parcel', price: 3, quantity: 10, weight: 1 });
    order = (await placeOrder(customer, draft([{ stock_id: stock, quantity: 1 }]))).json().order;
  });
  const orderRow = () =>
    db().selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  const customerNotifications = () =>
    db()
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', customer.user.id)
      .orderBy('id', 'desc')
      .execute();

  it('lets the assigned courier set a status and notifies the customer', async () => {
    t.clock.advance(1000);
    const response = await t.call('PUT', `/api/orders/${order.id}`, courier, { status: 'In Transit' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Order status updated successfully',
      order: { ...order, status: 'In Transit' },
    });
    expect(await orderRow()).toMatchObject({ status: 'In Transit', updated_at: t.clock.now().toISOString() });
    const [latest] = await customerNotifications();
    expect(latest).toMatchObject({
      title: 'In Transit',
      message: `Order #${order.id} is now In Transit`,
      created_at: t.clock.now().toISOString(),
    });
  });

  it('allows any order of statuses until Delivered, which is final for the courier', async () => {
    for (const status of ['Processing', 'In Transit', 'Processing', 'Delivered'] as const) {
      // Delivered with its proof (docs/decisions/032-proof-of-delivery.md).
      const proof = status === 'Delivered' ? { proof: await codeProofOf(t.database.db, order.id) } : {};
      const response = await t.call('PUT', `/api/orders/${order.id}`, courier, { status, ...proof });
      expect(response.statusCode).toBe(200);
      expect(response.json().order.status).toBe(status);
    }
    const before = { row: await orderRow(), notifications: await count('notifications') };
    for (const status of ['In Transit', 'Processing'] as const) {
      const response = await t.call('PUT', `/api/orders/${order.id}`, courier, { status });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'order_final',
        message: 'This order is Delivered and can no longer be changed',
      });
    }
    expect({ row: await orderRow(), notifications: await count('notifications') }).toEqual(before);
  });

  it('writes no notification when the status is already the one asked for', async () => {
    const before = await count('notifications');
    // Already Delivered: nothing to prove again.
    const response = await t.call('PUT', `/api/orders/${order.id}`, courier, { status: 'Delivered' });
    expect(response.statusCode).toBe(200);
    expect(await count('notifications')).toBe(before);
  });

  it('answers 404 to another courier and for unknown orders, changing nothing', async () => {
    const before = { row: await orderRow(), notifications: await count('notifications') };
    const response = await t.call('PUT', `/api/orders/${order.id}`, otherCourier, { status: 'In Transit' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(ORDER_MESSAGES.notFound);
    expect((await t.call('PUT', '/api/orders/999999', courier, { status: 'In Transit' })).statusCode).toBe(
      404,
    );
    expect({ row: await orderRow(), notifications: await count('notifications') }).toEqual(before);
  });

  it('refuses other roles with 403 and bad statuses with 400, changing nothing', async () => {
    const before = await orderRow();
    for (const session of [customer, manager, supplier]) {
      expect(
        (await t.call('PUT', `/api/orders/${order.id}`, session, { status: 'In Transit' })).statusCode,
      ).toBe(403);
    }
    for (const payload of [{ status: 'Lost' }, { status: 'in transit' }, {}]) {
      const response = await t.call('PUT', `/api/orders/${order.id}`, courier, payload);
      expect(response.statusCode).toBe(400);
    }
    expect((await t.call('PUT', `/api/orders/${order.id}`, courier, {})).json().message).toBe(
      `Invalid input: ${ORDER_MESSAGES.statusRequired}`,
    );
    expect(await orderRow()).toEqual(before);
  });
});

describe('GET /api/orders/get-shipping-cost', () => {
  const cost = (query: string) => t.call('GET', `/api/orders/get-shipping-cost${query}`, customer);

  it.each([
    ['?total_weight=2.5&location_type=rural', 15],
    ['?total_weight=0&location_type=urban', 5],
    ['?total_weight=1&location_type=suburban', 9],
    ['?total_weight=1.234&location_type=urban', 7.47],
    ['?total_weight=0.30000000000000004&location_type=URBAN', 5.6],
    ['?total_weight=.5&location_type=rural', 11],
  ])('%s costs %d', async (query, shippingCost) => {
    const response = await cost(query);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ shipping_cost: shippingCost });
  });

  it.each([
    ['?total_weight=1&location_type=moon', ORDER_MESSAGES.invalidLocationType],
    ['?total_weight=1', ORDER_MESSAGES.locationTypeRequired],
    ['?location_type=urban', ORDER_MESSAGES.totalWeightRequired],
    ['?total_weight=-1&location_type=urban', ORDER_MESSAGES.invalidTotalWeight],
    ['?total_weight=abc&location_type=urban', ORDER_MESSAGES.invalidTotalWeight],
    ['?total_weight=1e3&location_type=urban', ORDER_MESSAGES.invalidTotalWeight],
  ])('refuses %s with 400', async (query, message) => {
    const response = await cost(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`Invalid input: ${message}`);
  });

  it('needs a login', async () => {
    expect(
      (await t.call('GET', '/api/orders/get-shipping-cost?total_weight=1&location_type=urban')).statusCode,
    ).toBe(401);
  });
});
