import {
  AUTH_MESSAGES,
  productDiscontinuedMessage,
  SUPPLIER_PRODUCT_MESSAGES,
  type SupplierProduct,
} from '@depot/contract';
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
      discontinued: false,
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
    // A manager's list says what of their own stock each product is linked to: here nothing.
    expect(one.json()).toEqual([{ ...theirs, my_stock: null }]);
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

describe('discontinuing, resuming and deleting a product', () => {
  const placeOrder = (productId: number, quantity = 1) =>
    t.call('POST', '/api/replenishment-orders', manager, {
      supplier_id: supplier.user.id,
      address: '4 Warehouse Row, Pune',
      mobile_number: '+91 98765 43210',
      items: [{ product_id: productId, quantity }],
    });
  const managerSees = async (productId: number) => {
    const list = await t.call('GET', `${PRODUCTS}?supplier_id=${supplier.user.id}&limit=100`, manager);
    expect(list.statusCode).toBe(200);
    return list.json().some((product: SupplierProduct) => product.id === productId);
  };
  const auditActions = async (productId: number) =>
    (
      await t.database.db
        .selectFrom('audit_events')
        .select('action')
        .where('entity_type', '=', 'supplier_product')
        .where('entity_id', '=', productId)
        .orderBy('id')
        .execute()
    ).map((row) => row.action);

  it("hides a discontinued product from managers' new orders, keeps it on old ones, and resumes it", async () => {
    const product = await addProduct(supplier, { name: 'Rivet 4mm', price: 3, weight: 0.1, quantity: 50 });
    const placed = await placeOrder(product.id, 2);
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().order.id;

    const discontinued = await t.call('POST', `${PRODUCTS}/${product.id}/discontinue`, supplier);
    expect(discontinued.statusCode).toBe(200);
    expect(discontinued.json()).toEqual({
      product: { ...product, quantity: 48, discontinued: true },
      message: SUPPLIER_PRODUCT_MESSAGES.discontinued,
    });
    expect((await productRow(product.id))?.discontinued_at).toBe(t.clock.now().toISOString());
    // The supplier still lists it; a manager no longer does.
    const own = await t.call('GET', `${PRODUCTS}?limit=100`, supplier);
    expect(own.json().find((row: SupplierProduct) => row.id === product.id)?.discontinued).toBe(true);
    expect(await managerSees(product.id)).toBe(false);

    // Ordering it now: 409 with a clear message, and nothing placed or taken.
    const orders = await t.count('supply_orders');
    const refused = await placeOrder(product.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'product_discontinued',
      message: productDiscontinuedMessage('Rivet 4mm'),
    });
    expect(await t.count('supply_orders')).toBe(orders);
    expect((await productRow(product.id))?.quantity).toBe(48);

    // The old order keeps its line.
    const old = await t.call('GET', `/api/replenishment-orders?limit=100`, manager);
    const line = old.json().find((order: { id: number }) => order.id === orderId)?.order_items[0];
    expect(line).toMatchObject({ product_id: product.id, product_name: 'Rivet 4mm', quantity: 2 });

    // Discontinuing again changes nothing and records nothing.
    expect((await t.call('POST', `${PRODUCTS}/${product.id}/discontinue`, supplier)).statusCode).toBe(200);
    const resumed = await t.call('POST', `${PRODUCTS}/${product.id}/resume`, supplier);
    expect(resumed.json()).toMatchObject({
      product: { discontinued: false },
      message: SUPPLIER_PRODUCT_MESSAGES.resumed,
    });
    expect(await managerSees(product.id)).toBe(true);
    expect((await placeOrder(product.id, 1)).statusCode).toBe(201);
    expect(await auditActions(product.id)).toEqual([
      'supplier_product.created',
      'supplier_product.discontinued',
      'supplier_product.resumed',
    ]);
  });

  it('deletes a product never ordered, and refuses one on a supply order with 409', async () => {
    const spare = await addProduct(supplier, { name: 'Spare pin', price: 1, weight: 0.01, quantity: 5 });
    const deleted = await t.call('DELETE', `${PRODUCTS}/${spare.id}`, supplier);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: SUPPLIER_PRODUCT_MESSAGES.deleted });
    expect(await productRow(spare.id)).toBeUndefined();
    expect(await auditActions(spare.id)).toEqual(['supplier_product.created', 'supplier_product.deleted']);
    expect((await t.call('DELETE', `${PRODUCTS}/${spare.id}`, supplier)).statusCode).toBe(404);

    const ordered = await addProduct(supplier, { name: 'Ordered pin', price: 1, weight: 0.01, quantity: 5 });
    expect((await placeOrder(ordered.id)).statusCode).toBe(201);
    const refused = await t.call('DELETE', `${PRODUCTS}/${ordered.id}`, supplier);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'product_ordered',
      message: SUPPLIER_PRODUCT_MESSAGES.deleteOrdered,
    });
    expect(await productRow(ordered.id)).toBeDefined();
    expect(await auditActions(ordered.id)).toEqual(['supplier_product.created']);
  });

  it("answers 404 for another supplier's product and unknown ids, 403 for other roles, changing nothing", async () => {
    const product = await addProduct(supplier, { name: 'Guarded nut', price: 1, weight: 0.01, quantity: 5 });
    for (const [method, path] of [
      ['POST', `${PRODUCTS}/${product.id}/discontinue`],
      ['POST', `${PRODUCTS}/${product.id}/resume`],
      ['DELETE', `${PRODUCTS}/${product.id}`],
    ] as const) {
      expect((await t.call(method, path, otherSupplier)).statusCode).toBe(404);
      for (const session of [manager, customer, courier]) {
        expect((await t.call(method, path, session)).statusCode).toBe(403);
      }
      expect((await t.call(method, path)).statusCode).toBe(401);
    }
    expect((await t.call('POST', `${PRODUCTS}/999999/discontinue`, supplier)).statusCode).toBe(404);
    expect((await t.call('DELETE', `${PRODUCTS}/not-a-number`, supplier)).statusCode).toBe(400);
    expect(await productRow(product.id)).toMatchObject({ discontinued_at: null });
    expect(await auditActions(product.id)).toEqual(['supplier_product.created']);
  });

  it('never places an order of a product discontinued at the same time: either it is on the order or refused', async () => {
    for (let round = 0; round < 6; round++) {
      const product = await addProduct(supplier, {
        name: `Raced bolt ${round}`,
        price: 1,
        weight: 0.1,
        quantity: 100,
      });
      const [placed, discontinued] = await Promise.all([
        placeOrder(product.id, 3),
        t.call('POST', `${PRODUCTS}/${product.id}/discontinue`, supplier),
      ]);
      expect(discontinued.statusCode).toBe(200);
      expect([201, 409]).toContain(placed.statusCode);
      const row = await productRow(product.id);
      expect(row?.discontinued_at).not.toBeNull();
      expect(row?.quantity).toBe(placed.statusCode === 201 ? 97 : 100);
      const lines = await t.database.db
        .selectFrom('supply_order_items')
        .select('quantity')
        .where('product_id', '=', product.id)
        .execute();
      expect(lines).toEqual(placed.statusCode === 201 ? [{ quantity: 3 }] : []);
    }
  });

  it('never deletes a product an order placed at the same time has: the order or the delete wins whole', async () => {
    for (let round = 0; round < 6; round++) {
      const product = await addProduct(supplier, {
        name: `Raced nut ${round}`,
        price: 1,
        weight: 0.1,
        quantity: 100,
      });
      const [placed, deleted] = await Promise.all([
        placeOrder(product.id, 3),
        t.call('DELETE', `${PRODUCTS}/${product.id}`, supplier),
      ]);
      if (deleted.statusCode === 200) {
        expect(placed.statusCode).toBe(400);
        expect(await productRow(product.id)).toBeUndefined();
      } else {
        expect(deleted.statusCode).toBe(409);
        expect(placed.statusCode).toBe(201);
        expect((await productRow(product.id))?.quantity).toBe(97);
      }
    }
  });
});

// docs/product/screens.md#stock-replenishment: the manager's own stock of each product, and its level.
describe('a manager’s stock of each product, beside the catalogue', () => {
  it('shows the linked item’s quantity and reorder level to its manager only, null where none is linked', async () => {
    const managerB = await registerAndLogin(t.app, 'Inventory Manager');
    const linked = await addProduct(supplier, { name: 'Context rope', price: 2, weight: 1, quantity: 50 });
    const unlinked = await addProduct(supplier, { name: 'Context twine', price: 1, weight: 1, quantity: 50 });
    const addStock = async (by: Session, name: string, quantity: number) => {
      const response = await t.call('POST', '/api/stocks', by, { name, price: 3, quantity, weight: 1 });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().stock.stock_id as number;
    };
    const link = async (by: Session, stockId: number, level: number) => {
      const response = await t.call('PUT', `/api/stocks/${stockId}/reorder-rule`, by, {
        reorder_level: level,
        order_quantity: 10,
        supplier_product_id: linked.id,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const ropeA = await addStock(manager, 'Rope (A)', 4);
    await link(manager, ropeA, 5);
    // Manager B links an item of theirs to the same product: A never sees B's quantity, nor B A's.
    const ropeB = await addStock(managerB, 'Rope (B)', 300);
    await link(managerB, ropeB, 20);

    const listOf = async (by: Session) => {
      const response = await t.call('GET', `${PRODUCTS}?supplier_id=${supplier.user.id}&limit=100`, by);
      expect(response.statusCode, response.body).toBe(200);
      const products = response.json() as SupplierProduct[];
      return new Map(products.map((product) => [product.id, product]));
    };
    const seenByA = await listOf(manager);
    expect(seenByA.get(linked.id)?.my_stock).toEqual({
      stock_id: ropeA,
      name: 'Rope (A)',
      quantity: 4,
      reorder_level: 5,
    });
    expect(seenByA.get(unlinked.id)?.my_stock).toBeNull();
    const seenByB = await listOf(managerB);
    expect(seenByB.get(linked.id)?.my_stock).toEqual({
      stock_id: ropeB,
      name: 'Rope (B)',
      quantity: 300,
      reorder_level: 20,
    });
    // The supplier's own list carries no manager's stock.
    const own = await t.call('GET', `${PRODUCTS}?limit=100`, supplier);
    const ownProduct = (own.json() as SupplierProduct[]).find((product) => product.id === linked.id);
    expect(ownProduct).toBeDefined();
    expect(ownProduct).not.toHaveProperty('my_stock');

    // A deleted item is no longer linked.
    expect((await t.call('DELETE', `/api/stocks/${ropeA}`, manager)).statusCode).toBe(200);
    expect((await listOf(manager)).get(linked.id)?.my_stock).toBeNull();
  });
});
