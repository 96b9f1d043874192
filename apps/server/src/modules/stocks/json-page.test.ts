import {
  LIST_LIMIT_MAX,
  STOCK_LIST,
  type StockSortField,
  stockItemSchema,
  stockListResponseSchema,
} from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListRequest, listRequestOf } from '../../lib/list';
import { serializerCompiler } from '../../plugins/response-serializer';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';
import { listStocks, listStocksJson } from './repository';

/**
 * The stock list's JSON pages are written by the database (db/list-query.ts, orderedJsonPage).
 * They must be, byte for byte, what the rows path writes through the route's serializer: the same
 * fields in the same order, numbers as JavaScript writes them, text escaped as JSON allows.
 */
let t: TestApp;
let managerId: number;
let cookie: string;

const writeAsRoute = serializerCompiler({
  schema: stockListResponseSchema,
  method: 'GET',
  url: '/api/stocks',
  httpStatus: '200',
});

// Decimals that are not exact in binary, the largest the contract allows, and text JSON must escape.
const ITEMS = [
  { name: 'Plain', price_cents: 1, weight_grams: 1 },
  { name: 'Ten cents', price_cents: 10, weight_grams: 100 },
  { name: 'Repeating', price_cents: 1999, weight_grams: 333 },
  { name: 'Point three', price_cents: 30, weight_grams: 300 },
  { name: 'Large', price_cents: 2_147_483_647, weight_grams: 999_999_999 },
  { name: 'Quotes "and" \\ backslash', price_cents: 123_456, weight_grams: 7 },
  { name: 'Tab\there, line\nbreak', price_cents: 5, weight_grams: 70 },
  { name: 'Crème brûlée 🍮 日本', price_cents: 4_050, weight_grams: 1_250 },
  { name: 'Control \u0001 and \u2028 separator', price_cents: 101, weight_grams: 1_001 },
  { name: '</script><b>', price_cents: 110, weight_grams: 110, sku: 'SKU-<1>' },
];

beforeAll(async () => {
  t = await createTestApp();
  const manager = await registerAndLogin(t.app, 'Inventory Manager', { name: 'Json Pager' });
  managerId = manager.user.id;
  cookie = manager.cookie;
  const now = t.clock.now().toISOString();
  await t.database.db
    .insertInto('stocks')
    .values(
      ITEMS.map((item, index) => ({
        name: item.name,
        price_cents: item.price_cents,
        quantity: index * 1_000,
        weight_grams: item.weight_grams,
        inventory_manager_id: managerId,
        sku: item.sku ?? null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
});
afterAll(() => t.close());

const requestOf = (query: Record<string, unknown>): ListRequest<StockSortField> =>
  listRequestOf(STOCK_LIST, { limit: LIST_LIMIT_MAX, ...query } as never);

describe("the stock list's JSON page, written by the database", () => {
  it.each([
    { sort: 'stock_id', order: 'asc' },
    { sort: 'stock_name', order: 'asc' },
    { sort: 'stock_name', order: 'desc' },
    { sort: 'price', order: 'desc' },
    { sort: 'weight', order: 'asc' },
    { sort: 'quantity', order: 'desc', limit: 3, offset: 2 },
    { sort: 'stock_name', order: 'asc', q: 'e' },
    { sort: 'stock_id', order: 'asc', q: 'nothing like it' },
  ])('is byte for byte what the rows path writes: %o', async (query) => {
    const request = requestOf(query);
    const reach = { field: 'inventory_manager_id', id: managerId } as const;
    const rows = await listStocks(t.database.db, reach, request);
    const json = await listStocksJson(t.database.db, reach, request);
    expect(json.length).toBe(rows.length);
    expect(json.text).toBe(writeAsRoute(rows));
    for (const row of JSON.parse(json.text)) expect(stockItemSchema.parse(row)).toEqual(row);
  });

  it.each(['asc', 'desc'] as const)(
    'keeps the sort (by name, %s) in a page read from the end, as in the whole list',
    async (order) => {
      const reach = { field: 'inventory_manager_id', id: managerId } as const;
      const whole = JSON.parse(
        (await listStocksJson(t.database.db, reach, requestOf({ sort: 'stock_name', order }))).text,
      );
      // Rows 7 to 9 of 10, found counting back from the end (lib/list.ts, listWithTotal).
      const request = {
        ...requestOf({ sort: 'stock_name', order }),
        page: { limit: 3, offset: 1, fromEnd: true },
      };
      const json = await listStocksJson(t.database.db, reach, request);
      expect(json.text).toBe(writeAsRoute(await listStocks(t.database.db, reach, request)));
      expect(JSON.parse(json.text)).toEqual(whole.slice(6, 9));
    },
  );

  it("runs a shape compiled once with each call's own reach and page", async () => {
    const other = await registerAndLogin(t.app, 'Inventory Manager', { name: 'Other Pager' });
    const now = t.clock.now().toISOString();
    await t.database.db
      .insertInto('stocks')
      .values({
        name: 'Not yours',
        price_cents: 1,
        quantity: 1,
        weight_grams: 1,
        inventory_manager_id: other.user.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const mine = { field: 'inventory_manager_id', id: managerId } as const;
    const theirs = { field: 'inventory_manager_id', id: other.user.id } as const;
    for (const [reach, offset] of [
      [mine, 0],
      [mine, 3],
      [theirs, 0],
      [mine, 6],
      [theirs, 3],
    ] as const) {
      const request = requestOf({ sort: 'stock_id', order: 'asc', limit: 3, offset });
      const json = await listStocksJson(t.database.db, reach, request);
      expect(json.text).toBe(writeAsRoute(await listStocks(t.database.db, reach, request)));
      for (const row of JSON.parse(json.text)) expect(row.inventory_manager_id).toBe(reach.id);
    }
    const theirPage = await listStocksJson(
      t.database.db,
      theirs,
      requestOf({ sort: 'stock_id', order: 'asc' }),
    );
    expect(JSON.parse(theirPage.text).map((row: { stock_name: string }) => row.stock_name)).toEqual([
      'Not yours',
    ]);
  });

  it('answers the route with it: the same page, its headers, and an empty page past the end', async () => {
    const page = await t.call('GET', '/api/stocks?sort=price&order=asc&limit=4&offset=0', { cookie });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(page.headers['x-total-count']).toBe(String(ITEMS.length));
    expect(page.json().map((item: { price: number }) => item.price)).toEqual([0.01, 0.05, 0.1, 0.3]);
    const past = await t.call('GET', '/api/stocks?limit=4&offset=40', { cookie });
    expect(past.statusCode).toBe(200);
    expect(past.body).toBe('[]');
    expect(past.headers['x-total-count']).toBe(String(ITEMS.length));
  });
});
