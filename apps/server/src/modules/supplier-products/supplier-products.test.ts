import { AUTH_MESSAGES, SUPPLIER_PRODUCT_MESSAGES, type SupplierProduct } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let supplier: Session;
let otherSupplier: Session;
let manager: Session;
let customer: Session;
let courier: Session;

beforeAll(async () => {
  t = await createTestApp();
  [supplier, otherSupplier, manager, customer, courier] = await Promise.all([
    registerAndLogin(t.app, 'Supplier', { name: 'Acme Parts' }),
    registerAndLogin(t.app, 'Supplier', { name: 'Boltco' }),
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Customer'),
    registerAndLogin(t.app, 'Courier Service'),
  ]);
});
afterAll(async () => {
  await t.close();
});

const PRODUCTS = '/api/stock-replenishment/products';

async function addProduct(session: Session, values: Record<string, unknown>): Promise<SupplierProduct> {
  const response = await t.call('POST', PRODUCTS, session, values);
  expect(response.statusCode).toBe(201);
  return response.json();
}

const productRow = (id: number) =>
  t.database.db.selectFrom('supplier_products').selectAll().where('id', '=', id).executeTakeFirst();
const countProducts = () => t.count('supplier_products');

describe('POST /api/stock-replenishment/products', () => {
  it('adds a product from numeric strings, kept in cents and grams, filed under the caller', async () => {
    const response = await t.call('POST', PRODUCTS, supplier, {
      name: '  Hex bolt M8 ',
      price: '12.50',
      weight: '0.25',
      quantity: '40',
      supplier_id: otherSupplier.user.id,
    });
    expect(response.statusCode).toBe(201);
    const product = response.json();
    expect(product).toEqual({
      id: expect.any(Number),
      name: 'Hex bolt M8',
      price: 12.5,
      weight: 0.25,
      quantity: 40,
      supplier_id: supplier.user.id,
      sku: null,
    });
    expect(await productRow(product.id)).toMatchObject({
      supplier_id: supplier.user.id,
      price_cents: 1250,
      weight_grams: 250,
      quantity: 40,
      created_at: t.clock.now().toISOString(),
    });
  });

  it('refuses missing, negative and malformed values with 400 and adds nothing', async () => {
    const before = await countProducts();
    const cases: [Record<string, unknown>, string][] = [
      [{ price: 1, weight: 1, quantity: 1 }, SUPPLIER_PRODUCT_MESSAGES.nameRequired],
      [{ name: ' ', price: 1, weight: 1, quantity: 1 }, SUPPLIER_PRODUCT_MESSAGES.nameRequired],
      [{ name: 'A', weight: 1, quantity: 1 }, 'Price is required'],
      [{ name: 'A', price: -1, weight: 1, quantity: 1 }, 'Price must be a number'],
      [{ name: 'A', price: '1.005', weight: 1, quantity: 1 }, 'Price must be a number'],
      [{ name: 'A', price: 1, weight: 'heavy', quantity: 1 }, 'Weight must be a number'],
      [{ name: 'A', price: 1, weight: 1, quantity: 1.5 }, 'Quantity must be a whole number'],
      [{ name: 'A', price: 1, weight: 1, quantity: -2 }, 'Quantity must be a whole number'],
      [{ name: 'A', price: 1, weight: 1 }, 'Quantity is required'],
    ];
    for (const [payload, message] of cases) {
      const response = await t.call('POST', PRODUCTS, supplier, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await countProducts()).toBe(before);
  });

  it('accepts zero price, weight and quantity (min 0)', async () => {
    const product = await addProduct(supplier, { name: 'Sample', price: 0, weight: '0', quantity: '0' });
    expect(product).toMatchObject({ price: 0, weight: 0, quantity: 0 });
  });

  it('lets only suppliers add products', async () => {
    const before = await countProducts();
    for (const session of [manager, customer, courier]) {
      const response = await t.call('POST', PRODUCTS, session, {
        name: 'A',
        price: 1,
        weight: 1,
        quantity: 1,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(AUTH_MESSAGES.wrongRole);
    }
    expect((await t.call('POST', PRODUCTS, undefined, { name: 'A' })).statusCode).toBe(401);
    expect(await countProducts()).toBe(before);
  });
});

describe('GET /api/stock-replenishment/products', () => {
  let mine: SupplierProduct[];
  let theirs: SupplierProduct;
  let gone: SupplierProduct;
  let goneSupplier: Session;
  beforeAll(async () => {
    goneSupplier = await registerAndLogin(t.app, 'Supplier', { name: 'Gone Ltd' });
    mine = [];
    for (const name of ['Washer', 'Nut']) {
      t.clock.advance(1000);
      mine.push(await addProduct(supplier, { name, price: 1, weight: 1, quantity: 5 }));
    }
    theirs = await addProduct(otherSupplier, { name: 'Rivet', price: 2, weight: 1, quantity: 9 });
    gone = await addProduct(goneSupplier, { name: 'Discontinued', price: 1, weight: 1, quantity: 1 });
    expect((await t.call('DELETE', `/api/suppliers/${goneSupplier.user.id}`, manager)).statusCode).toBe(200);
  });

  it('gives a supplier their own products only, newest first; supplier_id only narrows what they reach', async () => {
    for (const query of ['', `?supplier_id=${supplier.user.id}`]) {
      const response = await t.call('GET', `${PRODUCTS}${query}`, supplier);
      expect(response.statusCode).toBe(200);
      const products = response.json() as SupplierProduct[];
      expect(products.every((product) => product.supplier_id === supplier.user.id)).toBe(true);
      expect(products.slice(0, 2).map((product) => product.name)).toEqual(['Nut', 'Washer']);
      expect(response.headers['x-total-count']).toBe(String(products.length));
    }
    const others = await t.call('GET', `${PRODUCTS}?supplier_id=${otherSupplier.user.id}`, supplier);
    expect(others.statusCode).toBe(200);
    expect(others.json()).toEqual([]);
    expect(others.headers['x-total-count']).toBe('0');
  });

  it("gives a manager every active supplier's products, or one supplier's", async () => {
    const all = (await t.call('GET', PRODUCTS, manager)).json() as SupplierProduct[];
    const ids = all.map((product) => product.id);
    expect(ids).toEqual(expect.arrayContaining([...mine.map((product) => product.id), theirs.id]));
    expect(ids).not.toContain(gone.id);

    const one = await t.call('GET', `${PRODUCTS}?supplier_id=${otherSupplier.user.id}`, manager);
    expect(one.json()).toEqual([theirs]);
    expect(one.headers['x-total-count']).toBe('1');
    const deactivated = await t.call('GET', `${PRODUCTS}?supplier_id=${goneSupplier.user.id}`, manager);
    expect(deactivated.json()).toEqual([]);
  });

  it('pages with limit and offset, and refuses a bad supplier_id', async () => {
    const page = await t.call('GET', `${PRODUCTS}?limit=1&offset=1`, supplier);
    expect(page.json().map((product: SupplierProduct) => product.name)).toEqual(['Washer']);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
    expect((await t.call('GET', `${PRODUCTS}?supplier_id=abc`, manager)).statusCode).toBe(400);
  });

  it('refuses customers and couriers with 403 and anonymous callers with 401', async () => {
    expect((await t.call('GET', PRODUCTS, customer)).statusCode).toBe(403);
    expect((await t.call('GET', PRODUCTS, courier)).statusCode).toBe(403);
    expect((await t.call('GET', PRODUCTS)).statusCode).toBe(401);
  });

  it("fills the supplier's profile with their newest products", async () => {
    const profile = await t.call('GET', '/auth/profile', supplier);
    expect(profile.json().products).toEqual((await t.call('GET', PRODUCTS, supplier)).json());
    expect((await t.call('GET', '/auth/profile', manager)).json().products).toEqual([]);
  });
});

describe('PUT /api/stock-replenishment/products/{id}', () => {
  let product: SupplierProduct;
  beforeAll(async () => {
    product = await addProduct(supplier, { name: 'Gear', price: 3, weight: 2, quantity: 10 });
  });
  const update = (session: Session | undefined, payload: unknown, id = product.id) =>
    t.call('PUT', `${PRODUCTS}/${id}`, session, payload);

  it('changes price, weight and quantity; a name or owner sent along is dropped', async () => {
    t.clock.advance(1000);
    const response = await update(supplier, {
      price: '4.75',
      weight: 2.5,
      quantity: '7',
      name: 'Renamed',
      supplier_id: otherSupplier.user.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: SUPPLIER_PRODUCT_MESSAGES.updated,
      product: { ...product, price: 4.75, weight: 2.5, quantity: 7 },
    });
    expect(await productRow(product.id)).toMatchObject({
      name: 'Gear',
      supplier_id: supplier.user.id,
      price_cents: 475,
      weight_grams: 2500,
      updated_at: t.clock.now().toISOString(),
    });
  });

  it('changes one field alone, and answers the product unchanged for an empty body', async () => {
    expect((await update(supplier, { quantity: 12 })).json().product).toMatchObject({
      quantity: 12,
      price: 4.75,
    });
    const before = await productRow(product.id);
    t.clock.advance(1000);
    expect((await update(supplier, {})).json().product).toMatchObject({ quantity: 12 });
    expect(await productRow(product.id)).toEqual(before);
  });

  it("answers 404 for another supplier's product and unknown ids, changing nothing", async () => {
    const before = await productRow(product.id);
    const response = await update(otherSupplier, { quantity: 0 });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(SUPPLIER_PRODUCT_MESSAGES.notFound);
    expect((await update(supplier, { quantity: 1 }, 999_999)).statusCode).toBe(404);
    expect(await productRow(product.id)).toEqual(before);
  });

  it('refuses bad values with 400 and other roles with 403, changing nothing', async () => {
    const before = await productRow(product.id);
    for (const payload of [{ quantity: -1 }, { price: 'free' }, { weight: -0.5 }, { quantity: 2.5 }]) {
      expect((await update(supplier, payload)).statusCode).toBe(400);
    }
    for (const session of [manager, customer, courier]) {
      expect((await update(session, { quantity: 0 })).statusCode).toBe(403);
    }
    expect((await update(undefined, { quantity: 0 })).statusCode).toBe(401);
    expect(await productRow(product.id)).toEqual(before);
  });
});
