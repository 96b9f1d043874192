import { AUTH_MESSAGES, STOCK_MESSAGES } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let owner: Session;
let rival: Session;
let customer: Session;
let courier: Session;
let supplier: Session;

beforeAll(async () => {
  t = await createTestApp();
  [owner, rival, customer, courier, supplier] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager', { name: 'Owner' }),
    registerAndLogin(t.app, 'Inventory Manager', { name: 'Rival' }),
    registerAndLogin(t.app, 'Customer'),
    registerAndLogin(t.app, 'Courier Service'),
    registerAndLogin(t.app, 'Supplier'),
  ]);
});
afterAll(async () => {
  await t.close();
});

const stockRow = (id: number) =>
  t.database.db.selectFrom('stocks').selectAll().where('id', '=', id).executeTakeFirst();

const countStockRows = () => t.count('stocks');

const validStock = { name: 'Blue widget', price: '12.50', quantity: '3', weight: '1.25' };

async function addStock(session: Session, payload: Record<string, unknown> = validStock) {
  const response = await t.call('POST', '/api/stocks', session, payload);
  expect(response.statusCode).toBe(201);
  return response.json().stock as { stock_id: number; stock_name: string };
}

const notFound = { error: STOCK_MESSAGES.notFound, message: STOCK_MESSAGES.notFound, code: 'not_found' };

describe('adding stock', () => {
  it('adds a stock item from numeric strings, answers decimals and stores cents and grams', async () => {
    const response = await t.call('POST', '/api/stocks', owner, {
      inventory_manager_id: owner.user.id,
      name: '  Blue widget  ',
      price: '12.50',
      quantity: '3',
      weight: '1.25',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      stock: {
        stock_id: expect.any(Number),
        stock_name: 'Blue widget',
        price: 12.5,
        quantity: 3,
        weight: 1.25,
        inventory_manager_id: owner.user.id,
        sku: null,
      },
      message: 'Stock added successfully',
    });
    expect(await stockRow(body.stock.stock_id)).toMatchObject({
      inventory_manager_id: owner.user.id,
      name: 'Blue widget',
      price_cents: 1250,
      quantity: 3,
      weight_grams: 1250,
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
      deleted_at: null,
    });
  });

  it('accepts plain numbers and an absent owner, and rounds away binary noise', async () => {
    const response = await t.call('POST', '/api/stocks', owner, {
      name: 'Cheap bolt',
      price: 19.99,
      quantity: 0,
      weight: 0.05,
    });
    expect(response.statusCode).toBe(201);
    const { stock } = response.json();
    expect(stock).toMatchObject({
      price: 19.99,
      quantity: 0,
      weight: 0.05,
      inventory_manager_id: owner.user.id,
      sku: null,
    });
    expect(await stockRow(stock.stock_id)).toMatchObject({ price_cents: 1999, weight_grams: 50 });
  });

  it('accepts the largest amounts and they survive both databases', async () => {
    const stock = await addStock(owner, {
      name: 'Bulk',
      price: '10000000',
      quantity: 1_000_000_000,
      weight: '1000000.00',
    });
    expect(await stockRow(stock.stock_id)).toMatchObject({
      price_cents: 1_000_000_000,
      quantity: 1_000_000_000,
      weight_grams: 1_000_000_000,
    });
    const read = await t.call('GET', `/api/stocks/${stock.stock_id}`, owner);
    expect(read.json()).toMatchObject({ price: 10_000_000, quantity: 1_000_000_000, weight: 1_000_000 });
  });

  it('accepts the caller naming themselves as owner as a string', async () => {
    const stock = await addStock(owner, { ...validStock, inventory_manager_id: String(owner.user.id) });
    expect((await stockRow(stock.stock_id))?.inventory_manager_id).toBe(owner.user.id);
  });

  it('refuses an owner other than the caller with 403 and writes nothing', async () => {
    const before = await countStockRows();
    const response = await t.call('POST', '/api/stocks', owner, {
      ...validStock,
      inventory_manager_id: rival.user.id,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: STOCK_MESSAGES.notYourInventory,
      message: STOCK_MESSAGES.notYourInventory,
      code: 'forbidden',
    });
    expect(await countStockRows()).toBe(before);
  });

  it.each([
    ['price', -1],
    ['price', '-1'],
    ['price', 'abc'],
    ['price', 'NaN'],
    ['price', 'Infinity'],
    ['price', '1e3'],
    ['price', 1e20],
    ['price', 10_000_000.01],
    ['price', 1.234],
    ['price', '1.234'],
    ['price', ''],
    ['price', null],
    ['price', true],
    ['quantity', 2.5],
    ['quantity', '2.5'],
    ['quantity', -1],
    ['quantity', 'abc'],
    ['quantity', 1e20],
    ['weight', -0.01],
    ['weight', 1.234],
    ['weight', 'Infinity'],
    ['weight', 1_000_000.01],
    ['name', ''],
    ['name', '   '],
    ['name', 'x'.repeat(201)],
    ['name', 42],
  ])('refuses %s = %j with 400 naming the field, writing nothing', async (field, value) => {
    const before = await countStockRows();
    const response = await t.call('POST', '/api/stocks', owner, { ...validStock, [field]: value });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe(body.message);
    expect(body.details).toEqual([{ path: `body.${field}`, message: expect.any(String) }]);
    expect(await countStockRows()).toBe(before);
  });

  it.each(['name', 'price', 'quantity', 'weight'])('requires %s when adding', async (field) => {
    const before = await countStockRows();
    const payload: Record<string, unknown> = { ...validStock };
    delete payload[field];
    const response = await t.call('POST', '/api/stocks', owner, payload);
    expect(response.statusCode).toBe(400);
    const expected =
      field === 'name'
        ? STOCK_MESSAGES.nameRequired
        : `${field[0]?.toUpperCase()}${field.slice(1)} is required`;
    expect(response.json().message).toBe(`Invalid input: ${expected}`);
    expect(await countStockRows()).toBe(before);
  });

  it('explains a bad price in words the form can show', async () => {
    const response = await t.call('POST', '/api/stocks', owner, { ...validStock, price: '1.234' });
    expect(response.json().message).toBe(
      'Invalid input: Price must be a number from 0 to 10,000,000 with at most 2 decimals',
    );
  });

  it('refuses a number too large for JSON (1e400 parses to Infinity)', async () => {
    const before = await countStockRows();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stocks',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '{"name":"Huge","price":1e400,"quantity":1,"weight":1}',
    });
    expect(response.statusCode).toBe(400);
    expect(await countStockRows()).toBe(before);
  });
});

describe('reading stock', () => {
  let ownStock: { stock_id: number };
  let rivalStock: { stock_id: number };
  beforeAll(async () => {
    ownStock = await addStock(owner, { name: 'Owner crate', price: 5, quantity: 10, weight: 2 });
    rivalStock = await addStock(rival, { name: 'Rival crate', price: '0.99', quantity: '1', weight: '0.5' });
  });

  it('gives a manager only their own live items, in the stock item shape', async () => {
    const response = await t.call('GET', '/api/stocks', owner);
    expect(response.statusCode).toBe(200);
    const items = response.json() as { stock_id: number; inventory_manager_id: number }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.inventory_manager_id === owner.user.id)).toBe(true);
    expect(items).toContainEqual({
      stock_id: ownStock.stock_id,
      stock_name: 'Owner crate',
      price: 5,
      quantity: 10,
      weight: 2,
      inventory_manager_id: owner.user.id,
      sku: null,
    });
    expect(items.map((item) => item.stock_id)).not.toContain(rivalStock.stock_id);
    expect(response.headers['x-total-count']).toBe(String(items.length));
  });

  it('gives a customer every live item of every manager', async () => {
    const response = await t.call('GET', '/api/stocks', customer);
    expect(response.statusCode).toBe(200);
    const ids = (response.json() as { stock_id: number }[]).map((item) => item.stock_id);
    expect(ids).toEqual(expect.arrayContaining([ownStock.stock_id, rivalStock.stock_id]));
  });

  it('reads one item: the owner and a customer may, another manager gets 404', async () => {
    const own = await t.call('GET', `/api/stocks/${ownStock.stock_id}`, owner);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      stock_id: ownStock.stock_id,
      stock_name: 'Owner crate',
      price: 5,
      quantity: 10,
      weight: 2,
      inventory_manager_id: owner.user.id,
      sku: null,
    });
    const byCustomer = await t.call('GET', `/api/stocks/${rivalStock.stock_id}`, customer);
    expect(byCustomer.json()).toMatchObject({ stock_name: 'Rival crate', price: 0.99, weight: 0.5 });
    const byRival = await t.call('GET', `/api/stocks/${ownStock.stock_id}`, rival);
    expect(byRival.statusCode).toBe(404);
    expect(byRival.json()).toEqual(notFound);
  });

  it('answers 404 for an unknown id and 400 for an id that cannot be one', async () => {
    expect((await t.call('GET', '/api/stocks/999999', owner)).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await t.call('GET', `/api/stocks/${id}`, owner)).statusCode).toBe(400);
    }
  });

  it('refuses couriers and suppliers with 403 and anonymous callers with 401', async () => {
    for (const session of [courier, supplier]) {
      for (const url of ['/api/stocks', `/api/stocks/${ownStock.stock_id}`]) {
        const response = await t.call('GET', url, session);
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(AUTH_MESSAGES.wrongRole);
      }
    }
    for (const url of ['/api/stocks', `/api/stocks/${ownStock.stock_id}`]) {
      const response = await t.call('GET', url);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(AUTH_MESSAGES.notLoggedIn);
    }
  });
});

describe('changing and deleting stock', () => {
  it('updates only the fields sent and answers the message', async () => {
    const stock = await addStock(owner);
    t.clock.advance(1000);
    const response = await t.call('PUT', `/api/stocks/${stock.stock_id}`, owner, { price: '7.5' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Stock updated successfully' });
    expect(await stockRow(stock.stock_id)).toMatchObject({
      name: 'Blue widget',
      price_cents: 750,
      quantity: 3,
      weight_grams: 1250,
      updated_at: t.clock.now().toISOString(),
    });

    const full = await t.call('PUT', `/api/stocks/${stock.stock_id}`, owner, {
      name: ' Red widget ',
      price: 0,
      quantity: '12',
      weight: '0.25',
    });
    expect(full.statusCode).toBe(200);
    const read = await t.call('GET', `/api/stocks/${stock.stock_id}`, owner);
    expect(read.json()).toEqual({
      stock_id: stock.stock_id,
      stock_name: 'Red widget',
      price: 0,
      quantity: 12,
      weight: 0.25,
      inventory_manager_id: owner.user.id,
      sku: null,
    });
  });

  it('ignores an owner or id sent in an update', async () => {
    const stock = await addStock(owner);
    const response = await t.call('PUT', `/api/stocks/${stock.stock_id}`, owner, {
      inventory_manager_id: rival.user.id,
      stock_id: 1,
      quantity: 4,
    });
    expect(response.statusCode).toBe(200);
    expect(await stockRow(stock.stock_id)).toMatchObject({
      inventory_manager_id: owner.user.id,
      quantity: 4,
    });
  });

  it.each([
    ['price', -1],
    ['price', 'abc'],
    ['price', 1.234],
    ['quantity', 2.5],
    ['weight', 'Infinity'],
    ['name', ''],
  ])('refuses an update with %s = %j and changes nothing', async (field, value) => {
    const stock = await addStock(owner);
    const before = await stockRow(stock.stock_id);
    const response = await t.call('PUT', `/api/stocks/${stock.stock_id}`, owner, {
      quantity: 9,
      [field]: value,
    });
    expect(response.statusCode).toBe(400);
    expect(await stockRow(stock.stock_id)).toEqual(before);
  });

  it("answers 404 to another manager's update and delete and leaves the item as it was", async () => {
    const stock = await addStock(owner);
    const before = await stockRow(stock.stock_id);
    const update = await t.call('PUT', `/api/stocks/${stock.stock_id}`, rival, {
      quantity: 0,
      name: 'Mine now',
    });
    expect(update.statusCode).toBe(404);
    expect(update.json()).toEqual(notFound);
    const remove = await t.call('DELETE', `/api/stocks/${stock.stock_id}`, rival);
    expect(remove.statusCode).toBe(404);
    expect(remove.json()).toEqual(notFound);
    expect(await stockRow(stock.stock_id)).toEqual(before);
  });

  it('lets a customer read but never add, change or delete', async () => {
    const stock = await addStock(owner);
    const before = await stockRow(stock.stock_id);
    const count = await countStockRows();
    const attempts = [
      await t.call('POST', '/api/stocks', customer, validStock),
      await t.call('PUT', `/api/stocks/${stock.stock_id}`, customer, { quantity: 0 }),
      await t.call('DELETE', `/api/stocks/${stock.stock_id}`, customer),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: AUTH_MESSAGES.wrongRole,
        message: AUTH_MESSAGES.wrongRole,
        code: 'wrong_role',
      });
    }
    expect(await stockRow(stock.stock_id)).toEqual(before);
    expect(await countStockRows()).toBe(count);
  });

  it('refuses anonymous writes with 401', async () => {
    const stock = await addStock(owner);
    const count = await countStockRows();
    expect((await t.call('POST', '/api/stocks', undefined, validStock)).statusCode).toBe(401);
    expect(
      (await t.call('PUT', `/api/stocks/${stock.stock_id}`, undefined, { quantity: 0 })).statusCode,
    ).toBe(401);
    expect((await t.call('DELETE', `/api/stocks/${stock.stock_id}`)).statusCode).toBe(401);
    expect((await stockRow(stock.stock_id))?.quantity).toBe(3);
    expect(await countStockRows()).toBe(count);
  });

  it('soft-deletes: the row stays, but lists, reads and later changes no longer find it', async () => {
    const stock = await addStock(owner);
    t.clock.advance(1000);
    const response = await t.call('DELETE', `/api/stocks/${stock.stock_id}`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Stock deleted successfully' });

    expect(await stockRow(stock.stock_id)).toMatchObject({
      name: 'Blue widget',
      price_cents: 1250,
      deleted_at: t.clock.now().toISOString(),
    });
    for (const session of [owner, customer]) {
      const ids = ((await t.call('GET', '/api/stocks', session)).json() as { stock_id: number }[]).map(
        (item) => item.stock_id,
      );
      expect(ids).not.toContain(stock.stock_id);
      expect((await t.call('GET', `/api/stocks/${stock.stock_id}`, session)).json()).toEqual(notFound);
    }
    expect((await t.call('PUT', `/api/stocks/${stock.stock_id}`, owner, { quantity: 1 })).statusCode).toBe(
      404,
    );
    const again = await t.call('DELETE', `/api/stocks/${stock.stock_id}`, owner);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(notFound);
  });
});

describe('paging and the profile', () => {
  let manager: Session;
  let created: number[];
  beforeAll(async () => {
    manager = await registerAndLogin(t.app, 'Inventory Manager', { name: 'Pager' });
    created = [];
    for (let i = 1; i <= 5; i += 1) {
      t.clock.advance(1000);
      created.push((await addStock(manager, { ...validStock, name: `Item ${i}` })).stock_id);
    }
  });

  it('lists newest first with the total in X-Total-Count', async () => {
    const response = await t.call('GET', '/api/stocks', manager);
    expect(response.headers['x-total-count']).toBe('5');
    expect((response.json() as { stock_id: number }[]).map((item) => item.stock_id)).toEqual(
      [...created].reverse(),
    );
  });

  it('answers one page for limit and offset, with the whole total', async () => {
    const response = await t.call('GET', '/api/stocks?limit=2&offset=1', manager);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('5');
    expect((response.json() as { stock_name: string }[]).map((item) => item.stock_name)).toEqual([
      'Item 4',
      'Item 3',
    ]);
    const past = await t.call('GET', '/api/stocks?offset=10', manager);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
  });

  it.each(['limit=0', 'limit=1001', 'limit=abc', 'limit=1.5', 'offset=-1'])(
    'refuses ?%s with 400',
    async (query) => {
      expect((await t.call('GET', `/api/stocks?${query}`, manager)).statusCode).toBe(400);
    },
  );

  it("carries the manager's own items in the profile, in the same shape and order", async () => {
    const profile = await t.call('GET', '/auth/profile', manager);
    const list = await t.call('GET', '/api/stocks', manager);
    expect(profile.json().stocks).toEqual(list.json());
    const ofCustomer = await t.call('GET', '/auth/profile', customer);
    expect(ofCustomer.json().stocks).toEqual([]);
  });
});

it('publishes the stock routes in the OpenAPI document', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/stocks', '/api/stocks/{id}']));
  expect(Object.keys(doc.paths['/api/stocks/{id}'])).toEqual(
    expect.arrayContaining(['get', 'put', 'delete']),
  );
});
