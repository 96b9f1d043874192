import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDraftFor } from '../test/order-draft';
import { createTestApp, registerAndLogin, type TestApp } from '../test/test-app';
import {
  csvColumnsOf,
  EXPORT_BATCH_ROWS,
  EXPORT_LATER_BATCH_ROWS,
  plainDecimal,
  wantsCsv,
} from './list-export';

/**
 * A list's CSV export (docs/decisions/019-data-in-and-out.md), on whichever database the project
 * runs: the list's search, filters and sort over every row, the file's conventions, the escaping
 * of formulas, and the list's access rules.
 */

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
const BOM = '\uFEFF';
const CSV = { accept: 'text/csv' };

let t: TestApp;
let manager: Session;
let otherManager: Session;
let customer: Session;
let otherCustomer: Session;
let courier: Session;

async function post(url: string, session: Session, payload: object) {
  const response = await t.call('POST', url, session, payload);
  if (response.statusCode >= 300) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

async function csvOf(url: string, session?: Session) {
  const response = await t.call('GET', url, session, undefined, CSV);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.body.startsWith(BOM)).toBe(true);
  const rows = parse(response.body, { bom: true }) as string[][];
  return { response, header: rows[0] ?? [], rows: rows.slice(1) };
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await registerAndLogin(t.app, 'Inventory Manager');
  otherManager = await registerAndLogin(t.app, 'Inventory Manager');
  customer = await registerAndLogin(t.app, 'Customer', { name: 'Asha Export' });
  otherCustomer = await registerAndLogin(t.app, 'Customer');
  courier = await registerAndLogin(t.app, 'Courier Service');
  for (const [name, price, weight] of [
    ['Basmati rice 5 kg', '12.5', '5'],
    ['=HYPERLINK("http://evil.example","x")', '1', '0.25'],
    ['+91 phone cards', '0.1', '0.01'],
    ['-5 crates', '3', '2'],
    ['@handle stickers', '2', '0.1'],
    ['Dal, "premium"', '4.75', '1'],
  ] as const) {
    await post('/api/stocks', manager, { name, price, quantity: '10', weight });
  }
  await post('/api/stocks', otherManager, {
    name: 'Someone else’s rice',
    price: '1',
    quantity: '1',
    weight: '1',
  });
}, 60_000);
afterAll(() => t.close());

describe('choosing CSV by Accept', () => {
  const requestWith = (accept?: string) =>
    ({ headers: accept === undefined ? {} : { accept } }) as Parameters<typeof wantsCsv>[0];
  it.each([
    [undefined, false],
    ['*/*', false],
    ['application/json', false],
    ['text/csv', true],
    ['text/csv, application/json;q=0.5', true],
    ['application/json, text/csv;q=0.5', false],
    ['TEXT/CSV', true],
    ['text/csv;q=0', false],
  ])('Accept %s asks for CSV: %s', (accept, expected) => {
    expect(wantsCsv(requestWith(accept))).toBe(expected);
  });

  it('writes numbers as plain decimals, never in exponent form', () => {
    expect(plainDecimal(12.5)).toBe('12.5');
    expect(plainDecimal(3)).toBe('3');
    expect(plainDecimal(0.0000001)).toBe('0.0000001');
    expect(plainDecimal(-2)).toBe('-2');
  });

  it('makes a column per field, per field of an object, and one cell of a list', () => {
    const columns = csvColumnsOf({
      properties: {
        id: { type: 'integer' },
        actor: {
          anyOf: [
            { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
            { type: 'null' },
          ],
        },
        order_items: { type: 'array', items: { type: 'object' } },
        before: { anyOf: [{ type: 'object', additionalProperties: {} }, { type: 'null' }] },
      },
    });
    expect(columns.map((column) => column.header)).toEqual([
      'id',
      'actor_id',
      'actor_name',
      'order_items',
      'before',
    ]);
    const row = {
      id: 1,
      actor: null,
      order_items: [
        { quantity: 2, product_name: 'Rice' },
        { quantity: 1, product_name: 'Oil' },
      ],
      before: { quantity: 3 },
    };
    expect(columns.map((column) => column.cell(row))).toEqual([
      1,
      undefined,
      undefined,
      '2 × Rice; 1 × Oil',
      '{"quantity":3}',
    ]);
  });
});

describe('a list as CSV', () => {
  it("is the manager's whole stock list: BOM, a header of the answer's fields, numbers as plain decimals", async () => {
    const { response, header, rows } = await csvOf(
      '/api/stocks?sort=stock_name&order=asc&limit=2&offset=2',
      manager,
    );
    expect(header).toEqual([
      'stock_id',
      'stock_name',
      'price',
      'quantity',
      'weight',
      'inventory_manager_id',
      'sku',
    ]);
    // limit and offset name a page; an export is every row.
    expect(rows).toHaveLength(6);
    // Not counted first: the file's rows are the count.
    expect(response.headers['x-total-count']).toBeUndefined();
    expect(response.headers['content-disposition']).toBe('attachment; filename="stocks.csv"');
    expect(response.headers.vary).toMatch(/\baccept\b/);
    const rice = rows.find((row) => row[1] === 'Basmati rice 5 kg');
    expect(rice?.slice(2)).toEqual(['12.5', '10', '5', String(manager.user.id), '']);
    expect(rows.find((row) => row[1]?.includes('phone cards'))?.slice(2, 5)).toEqual(['0.1', '10', '0.01']);
    // The same order as the list's sort: by name, letter case aside.
    const json = await t.call('GET', '/api/stocks?sort=stock_name&order=asc', manager);
    expect(rows.map((row) => Number(row[0]))).toEqual(
      json.json().map((stock: { stock_id: number }) => stock.stock_id),
    );
  });

  it('escapes cells a spreadsheet would run as a formula, and quotes commas and quotes', async () => {
    const { response, rows } = await csvOf('/api/stocks?sort=stock_name', manager);
    const names = rows.map((row) => row[1]);
    expect(names).toContain(`'=HYPERLINK("http://evil.example","x")`);
    expect(names).toContain("'+91 phone cards");
    expect(names).toContain("'-5 crates");
    expect(names).toContain("'@handle stickers");
    expect(names).toContain('Dal, "premium"');
    expect(response.body).toContain('"Dal, ""premium"""');
    // No cell starts with a formula character unescaped.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+@]/);
  });

  it('keeps the search and filters of the list', async () => {
    const { rows } = await csvOf('/api/stocks?q=RICE', manager);
    expect(rows.map((row) => row[1])).toEqual(['Basmati rice 5 kg']);
  });

  it('exports orders with their lines in one cell and dates in ISO 8601; nobody exports what they cannot see', async () => {
    const courierId = courier.user.id;
    const stocks = (await t.call('GET', '/api/stocks?q=basmati', customer)).json() as { stock_id: number }[];
    const stockId = stocks[0]?.stock_id as number;
    const placed = await post('/api/orders', customer, orderDraftFor({ courierId, stockId, quantity: 2 }));
    await post('/api/orders', otherCustomer, orderDraftFor({ courierId, stockId, quantity: 1 }));

    const mine = await csvOf('/api/orders', customer);
    expect(mine.rows).toHaveLength(1);
    const column = (name: string) => mine.header.indexOf(name);
    const row = mine.rows[0] ?? [];
    expect(Number(row[column('id')])).toBe(placed.order.id);
    expect(row[column('order_items')]).toBe('2 × Basmati rice 5 kg');
    expect(row[column('customer_name')]).toBe('Asha Export');
    expect(row[column('created_at')]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(row[column('items_total')]).toBe('25');

    expect((await csvOf('/api/orders', courier)).rows).toHaveLength(2);
    expect((await csvOf('/api/orders', otherCustomer)).rows).toHaveLength(1);
    // Another manager's stock is not in this manager's export, nor this one's in theirs.
    const theirs = await csvOf('/api/stocks', otherManager);
    expect(theirs.rows.map((r) => r[1])).toEqual(['Someone else’s rice']);
    // Without a session there is no export; a role the list refuses is refused as for JSON.
    expect((await t.call('GET', '/api/stocks', undefined, undefined, CSV)).statusCode).toBe(401);
    const suppliers = await t.call('GET', '/api/suppliers', customer, undefined, CSV);
    expect(suppliers.statusCode).toBe(403);
    expect(suppliers.headers['content-type']).toMatch(/^application\/json/);
  });

  it('refuses bad list parameters with the same 400 as the JSON list', async () => {
    const response = await t.call('GET', '/api/stocks?sort=nope', manager, undefined, CSV);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBeDefined();
  });

  it('is never answered from, nor kept in, the response cache', async () => {
    const url = '/api/stocks?sort=price';
    const jsonFirst = await t.call('GET', url, manager);
    expect(jsonFirst.headers['content-type']).toMatch(/^application\/json/);
    await t.call('GET', url, manager);
    const csv = await t.call('GET', url, manager, undefined, CSV);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const jsonAgain = await t.call('GET', url, manager);
    expect(jsonAgain.headers['content-type']).toMatch(/^application\/json/);
    expect(jsonAgain.json()).toEqual(jsonFirst.json());
    expect(jsonAgain.headers.vary).toMatch(/\baccept\b/);
  });

  it('streams a list of several batches whole, in order, each row once', async () => {
    const owner = await registerAndLogin(t.app, 'Inventory Manager');
    const count = EXPORT_BATCH_ROWS + EXPORT_LATER_BATCH_ROWS + 345;
    const now = new Date().toISOString();
    const values = Array.from({ length: count }, (_, index) => ({
      inventory_manager_id: owner.user.id,
      name: `Bulk item ${String(index).padStart(5, '0')}`,
      price_cents: 100 + index,
      quantity: index,
      weight_grams: 1000,
      created_at: now,
      updated_at: now,
    }));
    for (let from = 0; from < count; from += 500) {
      await t.database.db
        .insertInto('stocks')
        .values(values.slice(from, from + 500))
        .execute();
    }
    const { rows } = await csvOf('/api/stocks?sort=stock_name&order=desc', owner);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row[0])).size).toBe(count);
    expect(rows[0]?.[1]).toBe(`Bulk item ${String(count - 1).padStart(5, '0')}`);
    expect(rows.at(-1)?.slice(1, 4)).toEqual(['Bulk item 00000', '1', '0']);
  }, 60_000);

  it('is documented in the API as text/csv for every list route', async () => {
    const document = (await t.call('GET', '/api/docs/json')).json();
    for (const path of ['/api/stocks', '/api/orders', '/api/activity', '/api/stock-replenishment/products']) {
      const content = document.paths[path].get.responses['200'].content;
      expect(Object.keys(content), path).toEqual(['application/json', 'text/csv']);
    }
  });
});
