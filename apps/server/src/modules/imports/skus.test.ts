import { importMessages } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

/**
 * SKUs typed in the forms (docs/decisions/034-skus-in-the-screens-and-exports-at-scale.md), on
 * whichever database the project runs: optional, trimmed, unique per owner, a duplicate refused as
 * 409 `sku_taken` with the message on `body.sku` and nothing changed; the same rule as an import's.
 */

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const taken = {
  code: 'sku_taken',
  message: importMessages.skuTaken,
  details: [{ path: 'body.sku', message: importMessages.skuTaken }],
};

const stock = (name: string, sku?: unknown) => ({
  name,
  price: '1.50',
  quantity: '2',
  weight: '0.5',
  ...(sku === undefined ? {} : { sku }),
});

async function stockOf(session: Session, id: number) {
  return (await t.call('GET', `/api/stocks/${id}`, session)).json() as { sku: string | null };
}

describe("a stock item's SKU in the forms", () => {
  it('is optional, trimmed, listed and exported, and a blank one is none', async () => {
    const owner = await registerAndLogin(t.app, 'Inventory Manager');
    const plain = await t.call('POST', '/api/stocks', owner, stock('Plain'));
    expect(plain.statusCode).toBe(201);
    expect(plain.json().stock.sku).toBeNull();
    const blank = await t.call('POST', '/api/stocks', owner, stock('Blank', '   '));
    expect(blank.json().stock.sku).toBeNull();
    const coded = await t.call('POST', '/api/stocks', owner, stock('Coded', '  RICE-5KG '));
    expect(coded.statusCode).toBe(201);
    expect(coded.json().stock.sku).toBe('RICE-5KG');

    const list = (await t.call('GET', '/api/stocks?sort=stock_name', owner)).json() as {
      sku: string | null;
    }[];
    expect(list.map((item) => item.sku)).toEqual([null, 'RICE-5KG', null]);
    const csv = await t.call('GET', '/api/stocks?sort=stock_name', owner, undefined, { accept: 'text/csv' });
    expect(csv.body).toContain('RICE-5KG');
  });

  it('refuses a SKU another live item of the owner has, on add and on edit, and changes nothing', async () => {
    const owner = await registerAndLogin(t.app, 'Inventory Manager');
    const first = (await t.call('POST', '/api/stocks', owner, stock('First', 'A-1'))).json().stock;
    const second = (await t.call('POST', '/api/stocks', owner, stock('Second', 'B-2'))).json().stock;
    const before = await t.count('stocks');
    const audits = await t.count('audit_events');

    const add = await t.call('POST', '/api/stocks', owner, stock('Third', 'A-1'));
    expect(add.statusCode).toBe(409);
    expect(add.json()).toMatchObject(taken);
    expect(await t.count('stocks')).toBe(before);

    const edit = await t.call('PUT', `/api/stocks/${second.stock_id}`, owner, { sku: 'A-1', price: '9' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject(taken);
    const row = await t.database.db
      .selectFrom('stocks')
      .select(['sku', 'price_cents'])
      .where('id', '=', second.stock_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sku: 'B-2', price_cents: 150 });
    expect(await t.count('audit_events')).toBe(audits);

    // Its own SKU again is no clash; another manager may use the same code.
    expect((await t.call('PUT', `/api/stocks/${first.stock_id}`, owner, { sku: 'A-1' })).statusCode).toBe(
      200,
    );
    const rival = await registerAndLogin(t.app, 'Inventory Manager');
    expect((await t.call('POST', '/api/stocks', rival, stock('First', 'A-1'))).statusCode).toBe(201);
  });

  it('keeps the SKU when an edit leaves it out, takes it off with null or blank, and frees a deleted one', async () => {
    const owner = await registerAndLogin(t.app, 'Inventory Manager');
    const item = (await t.call('POST', '/api/stocks', owner, stock('Oil', 'OIL-1'))).json().stock;
    await t.call('PUT', `/api/stocks/${item.stock_id}`, owner, { price: '3' });
    expect((await stockOf(owner, item.stock_id)).sku).toBe('OIL-1');
    await t.call('PUT', `/api/stocks/${item.stock_id}`, owner, { sku: null });
    expect((await stockOf(owner, item.stock_id)).sku).toBeNull();
    await t.call('PUT', `/api/stocks/${item.stock_id}`, owner, { sku: 'OIL-2' });
    await t.call('PUT', `/api/stocks/${item.stock_id}`, owner, { sku: '' });
    expect((await stockOf(owner, item.stock_id)).sku).toBeNull();

    const gone = (await t.call('POST', '/api/stocks', owner, stock('Gone', 'G-1'))).json().stock;
    await t.call('DELETE', `/api/stocks/${gone.stock_id}`, owner);
    expect((await t.call('POST', '/api/stocks', owner, stock('Back', 'G-1'))).statusCode).toBe(201);
  });

  it('refuses a SKU over 64 characters or with control characters as a field error', async () => {
    const owner = await registerAndLogin(t.app, 'Inventory Manager');
    const long = await t.call('POST', '/api/stocks', owner, stock('Long', 'x'.repeat(65)));
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual([{ path: 'body.sku', message: importMessages.skuTooLong }]);
    const control = await t.call('POST', '/api/stocks', owner, stock('Tab', 'A\u0007B'));
    expect(control.statusCode).toBe(400);
    expect(control.json().details[0].path).toBe('body.sku');
    expect((await t.call('POST', '/api/stocks', owner, stock('Max', 'é'.repeat(64)))).statusCode).toBe(201);
  });

  it('lets only one of two concurrent adds with the same SKU in', async () => {
    const owner = await registerAndLogin(t.app, 'Inventory Manager');
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        t.call('POST', '/api/stocks', owner, stock(`Race ${index}`, 'RACE')),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const rows = await t.database.db
      .selectFrom('stocks')
      .select('id')
      .where('inventory_manager_id', '=', owner.user.id)
      .where('sku', '=', 'RACE')
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe("a catalogue product's SKU in the forms", () => {
  const PRODUCTS = '/api/stock-replenishment/products';
  const product = (name: string, sku?: unknown) => ({
    name,
    price: 2,
    weight: 1,
    quantity: 10,
    ...(sku === undefined ? {} : { sku }),
  });

  it('is set on add and edit, unique in the catalogue, and another supplier may reuse it', async () => {
    const supplier = await registerAndLogin(t.app, 'Supplier');
    const nails = await t.call('POST', PRODUCTS, supplier, product('Nails', ' N-1 '));
    expect(nails.statusCode).toBe(201);
    expect(nails.json().sku).toBe('N-1');
    const screws = (await t.call('POST', PRODUCTS, supplier, product('Screws'))).json();
    expect(screws.sku).toBeNull();

    const clash = await t.call('POST', PRODUCTS, supplier, product('Bolts', 'N-1'));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject(taken);
    const editClash = await t.call('PUT', `${PRODUCTS}/${screws.id}`, supplier, { sku: 'N-1', price: 5 });
    expect(editClash.statusCode).toBe(409);
    expect(editClash.json()).toMatchObject(taken);

    const edited = await t.call('PUT', `${PRODUCTS}/${screws.id}`, supplier, { sku: 'S-1' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().product).toMatchObject({ sku: 'S-1', price: 2 });
    const cleared = await t.call('PUT', `${PRODUCTS}/${screws.id}`, supplier, { sku: null });
    expect(cleared.json().product.sku).toBeNull();

    const other = await registerAndLogin(t.app, 'Supplier');
    expect((await t.call('POST', PRODUCTS, other, product('Nails', 'N-1'))).statusCode).toBe(201);
  });
});
