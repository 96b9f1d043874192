import {
  ACTIVITY_LIST,
  COURIER_LIST,
  invalidSortMessage,
  LIST_MESSAGES,
  type ListSpec,
  NOTIFICATION_LIST,
  ORDER_LIST,
  STOCK_LIST,
  SUPPLIER_LIST,
  SUPPLIER_PRODUCT_LIST,
  SUPPLY_ORDER_LIST,
} from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusBodyFor } from '../test/delivery-proof';
import { orderDraftFor } from '../test/order-draft';
import {
  createTestApp,
  registerAndLogin,
  STRONG_PASSWORD,
  sessionCookieFrom,
  type TestApp,
  uniqueEmail,
} from '../test/test-app';

/**
 * The list protocol (docs/decisions/011-one-list-protocol.md), checked the same way on every list
 * endpoint for every role that reads it: pages that add up to the list, every sort field in both
 * directions, the search, the filters, the headers, and clear refusals of bad parameters.
 */

// biome-ignore lint/suspicious/noExplicitAny: rows are read loosely and checked field by field.
type Row = any;
type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
const users = {} as Record<'manager' | 'supplier' | 'customer' | 'courier' | 'otherCustomer', Session>;

async function send(method: 'GET' | 'POST' | 'PUT', url: string, session?: Session, body?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: session ? { cookie: session.cookie } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
  if (method !== 'GET' && response.statusCode >= 300) {
    throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return response;
}

/** Moves the clock on and signs everyone in again, as sessions end after a day at most. */
async function later(ms: number) {
  t.clock.advance(ms);
  for (const session of Object.values(users)) {
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: session.email, password: session.password },
    });
    session.cookie = sessionCookieFrom(login);
  }
}

/** Names that differ only in case, tie on a sort field, and hold characters LIKE treats specially. */
const STOCK_NAMES = ['apple crate', 'Banana box', 'banana BOX', 'Cherry_tray', '50% off pears', 'Date palm'];

beforeAll(async () => {
  t = await createTestApp();
  users.manager = await registerAndLogin(t.app, 'Inventory Manager', { name: 'Mira Manager' });
  users.supplier = await registerAndLogin(t.app, 'Supplier', { name: 'Sunil Supplies' });
  users.customer = await registerAndLogin(t.app, 'Customer', { name: 'Asha Customer' });
  users.otherCustomer = await registerAndLogin(t.app, 'Customer', { name: 'bela buyer' });
  users.courier = await registerAndLogin(t.app, 'Courier Service', { name: 'Zip Couriers' });
  await registerAndLogin(t.app, 'Courier Service', { name: 'alpha express' });

  const stockIds: number[] = [];
  for (const [index, name] of STOCK_NAMES.entries()) {
    t.clock.advance(60_000);
    const price = [4, 2.5, 2.5, 9, 1, 4][index];
    const stock = await send('POST', '/api/stocks', users.manager, {
      name,
      price,
      quantity: 500,
      weight: 1 + index,
    });
    stockIds.push(stock.json().stock.stock_id);
  }
  for (const [index, name] of ['Hinge', 'hasp', 'Latch', 'Bolt'].entries()) {
    await send('POST', '/api/stock-replenishment/products', users.supplier, {
      name,
      price: 3 + (index % 2),
      weight: 0.5,
      quantity: 1000,
    });
  }
  for (const [index, name] of ['Kiran Traders', 'anand & sons', 'Zeta_Parts'].entries()) {
    await send('POST', '/api/suppliers', users.manager, {
      name,
      email: uniqueEmail(`supplier${index}`),
      phone_number: `+91 90000 0000${index}`,
      address: `${index + 1} Market Road, Pune`,
      password: STRONG_PASSWORD,
    });
  }
  // Orders from two customers, on different days, in every status.
  const statuses = ['Processing', 'In Transit', 'Delivered'] as const;
  for (let index = 0; index < 9; index += 1) {
    await later(86_400_000);
    const buyer = index % 3 === 2 ? users.otherCustomer : users.customer;
    const draft = orderDraftFor({
      courierId: users.courier.user.id,
      stockId: stockIds[index % stockIds.length] as number,
      quantity: 1 + (index % 4),
      locationType: (['urban', 'suburban', 'rural'] as const)[index % 3],
    });
    const order = await send('POST', '/api/orders', buyer, {
      ...draft,
      shipping_address: `${index + 1} ${index % 2 ? 'Mall' : 'Park'} Road`,
    });
    const status = statuses[index % 3] ?? 'Processing';
    if (status !== 'Processing') {
      const id = order.json().order.id as number;
      await send('PUT', `/api/orders/${id}`, users.courier, await statusBodyFor(t.database.db, id, status));
    }
  }
  const products = (await send('GET', '/api/stock-replenishment/products', users.manager)).json() as Row[];
  for (let index = 0; index < 5; index += 1) {
    await later(3_600_000);
    const order = await send('POST', '/api/replenishment-orders', users.manager, {
      supplier_id: users.supplier.user.id,
      address: `${index + 1} Warehouse Row`,
      mobile_number: '+91 98765 43210',
      items: [{ product_id: products[index % products.length].id, quantity: 1 + index }],
    });
    if (index % 2) {
      await send('PUT', `/api/replenishment-orders/${order.json().order.id}`, users.supplier, {
        status: 'Processing',
        expected_delivery_time: `2026-07-0${index}T09:00:00.000Z`,
      });
    }
  }
});

afterAll(() => t.close());

interface ListCase {
  path: string;
  role: keyof typeof users;
  spec: ListSpec;
  /** The texts of a row that `q` is looked for in. */
  searched: (row: Row) => (string | null)[];
  /** A row's id, to compare pages and ties. */
  id?: (row: Row) => number;
}

const CASES: ListCase[] = [
  {
    path: '/api/stocks',
    role: 'manager',
    spec: STOCK_LIST,
    searched: (row) => [row.stock_name],
    id: (row) => row.stock_id,
  },
  {
    path: '/api/stocks',
    role: 'customer',
    spec: STOCK_LIST,
    searched: (row) => [row.stock_name],
    id: (row) => row.stock_id,
  },
  {
    path: '/api/suppliers',
    role: 'manager',
    spec: SUPPLIER_LIST,
    searched: (row) => [row.name, row.email, row.phone_number, row.address],
  },
  { path: '/api/couriers-services', role: 'customer', spec: COURIER_LIST, searched: (row) => [row.name] },
  {
    path: '/api/stock-replenishment/products',
    role: 'supplier',
    spec: SUPPLIER_PRODUCT_LIST,
    searched: (row) => [row.name],
  },
  {
    path: '/api/stock-replenishment/products',
    role: 'manager',
    spec: SUPPLIER_PRODUCT_LIST,
    searched: (row) => [row.name],
  },
  ...(['customer', 'courier', 'manager'] as const).map((role) => ({
    path: '/api/orders',
    role,
    spec: ORDER_LIST,
    searched: (row: Row) => [row.customer_name, row.shipping_address, row.pin_code, row.phone_number],
  })),
  ...(['manager', 'supplier'] as const).map((role) => ({
    path: '/api/replenishment-orders',
    role,
    spec: SUPPLY_ORDER_LIST,
    searched: (row: Row) => [row.supplier_name, row.inventory_manager_name, row.address],
  })),
  {
    path: '/api/notifications',
    role: 'customer',
    spec: NOTIFICATION_LIST,
    searched: (row) => [row.title, row.message],
  },
  {
    path: '/api/activity',
    role: 'manager',
    spec: ACTIVITY_LIST,
    searched: (row) => [row.actor?.name, row.actor?.email],
  },
];

const idOf = (list: ListCase, row: Row): number => (list.id ? list.id(row) : row.id);

/** Text compares by its lower case, code point by code point; null comes last in either direction. */
function compare(a: unknown, b: unknown): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [left, right] = [String(a).toLowerCase(), String(b).toLowerCase()];
  return left < right ? -1 : left > right ? 1 : 0;
}

async function list(session: Session, url: string) {
  const response = await send('GET', url, session);
  expect(response.statusCode, response.body).toBe(200);
  return {
    rows: response.json() as Row[],
    total: Number(response.headers['x-total-count']),
    link: String(response.headers.link),
  };
}

/** The URL of a Link header's relation, or undefined. */
const linkTo = (link: string, rel: string) => new RegExp(`<([^>]+)>; rel="${rel}"`).exec(link)?.[1];

describe.each(CASES)('$path as $role', (listCase) => {
  const session = () => users[listCase.role];
  const { spec, path } = listCase;

  it('answers the whole list with its total and its pages, and pages that add up to it', async () => {
    const all = await list(session(), path);
    expect(all.rows.length).toBeGreaterThan(1);
    expect(all.total).toBe(all.rows.length);
    expect(linkTo(all.link, 'first')).toBe(`${path}?limit=1000&offset=0`);
    expect(linkTo(all.link, 'next')).toBeUndefined();

    const seen: number[] = [];
    let url: string | undefined = `${path}?limit=2`;
    while (url) {
      const page = await list(session(), url);
      expect(page.total).toBe(all.total);
      expect(page.rows.length).toBeLessThanOrEqual(2);
      if (seen.length > 0) expect(linkTo(page.link, 'prev')).toBeDefined();
      seen.push(...page.rows.map((row) => idOf(listCase, row)));
      url = linkTo(page.link, 'next');
    }
    expect(seen).toEqual(all.rows.map((row) => idOf(listCase, row)));
  });

  it.each(spec.sortFields.flatMap((field) => [`${field} asc`, `${field} desc`]))(
    'sorts by %s, ties by id the same way',
    async (sort) => {
      const [field, order] = sort.split(' ') as [string, 'asc' | 'desc'];
      const { rows, total } = await list(session(), `${path}?sort=${field}&order=${order}`);
      expect(rows.length).toBe(total);
      const sign = order === 'asc' ? 1 : -1;
      for (let index = 1; index < rows.length; index += 1) {
        const [before, after] = [rows[index - 1], rows[index]];
        const byField = compare(before[field], after[field]);
        const nullsLast = before[field] === null || after[field] === null;
        const inOrder = nullsLast
          ? byField <= 0
          : sign * byField < 0 ||
            (byField === 0 && sign * (idOf(listCase, before) - idOf(listCase, after)) < 0);
        expect(inOrder, `${JSON.stringify(before[field])} then ${JSON.stringify(after[field])}`).toBe(true);
      }
    },
  );

  it('finds what q names, in any letter case, and counts what it found', async () => {
    const all = await list(session(), path);
    const text = all.rows
      .flatMap((row) => listCase.searched(row))
      .find((value) => value && value.length >= 4);
    expect(text).toBeDefined();
    const needle = (text as string).slice(1, 4).toUpperCase();
    const found = await list(session(), `${path}?q=${encodeURIComponent(needle)}`);
    const expected = all.rows.filter((row) =>
      listCase.searched(row).some((value) => value?.toLowerCase().includes(needle.toLowerCase())),
    );
    expect(found.rows.map((row) => idOf(listCase, row))).toEqual(expected.map((row) => idOf(listCase, row)));
    expect(found.total).toBe(expected.length);
    const nothing = await list(session(), `${path}?q=${encodeURIComponent('%_no such thing_%')}`);
    expect(nothing).toMatchObject({ rows: [], total: 0 });
  });

  it('refuses bad parameters with a clear sentence', async () => {
    const cases: [string, string][] = [
      ['sort=nope', invalidSortMessage(spec.sortFields)],
      ['order=up', LIST_MESSAGES.invalidOrder],
      ['limit=0', LIST_MESSAGES.invalidLimit],
      ['offset=-1', LIST_MESSAGES.invalidOffset],
      [`q=${'x'.repeat(101)}`, LIST_MESSAGES.searchTooLong],
    ];
    for (const [query, message] of cases) {
      const response = await send('GET', `${path}?${query}`, session());
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });
});

describe('list filters', () => {
  it('narrows orders by status, one or several, and by the days they were placed', async () => {
    const all = (await list(users.manager, '/api/orders')).rows;
    const delivered = await list(users.manager, '/api/orders?status=Delivered');
    expect(delivered.rows.map((row) => row.id)).toEqual(
      all.filter((row) => row.status === 'Delivered').map((row) => row.id),
    );
    const open = await list(users.manager, '/api/orders?status=Processing&status=In%20Transit');
    expect(open.total).toBe(all.filter((row) => row.status !== 'Delivered').length);
    const commas = await list(users.manager, '/api/orders?status=Processing,In%20Transit');
    expect(commas.rows).toEqual(open.rows);

    const day = (all[3].created_at as string).slice(0, 10);
    const onDay = await list(users.manager, `/api/orders?from=${day}&to=${day}`);
    expect(onDay.rows.map((row) => row.id)).toEqual(
      all.filter((row) => row.created_at.startsWith(day)).map((row) => row.id),
    );
    const backwards = await send('GET', `/api/orders?from=${day}&to=2020-01-01`, users.manager);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain(LIST_MESSAGES.fromAfterTo);
    const badStatus = await send('GET', '/api/orders?status=Lost', users.manager);
    expect(badStatus.statusCode).toBe(400);
  });

  it('finds an order by its number, #12 as well as 12', async () => {
    const all = (await list(users.customer, '/api/orders')).rows;
    const target = all[1];
    for (const q of [String(target.id), `#${target.id}`]) {
      const found = await list(users.customer, `/api/orders?q=${encodeURIComponent(q)}`);
      expect(found.rows.map((row) => row.id)).toContain(target.id);
    }
  });

  it('narrows supply orders by status and supplier', async () => {
    const all = (await list(users.manager, '/api/replenishment-orders')).rows;
    const processing = await list(users.manager, '/api/replenishment-orders?status=Processing');
    expect(processing.rows.map((row) => row.id)).toEqual(
      all.filter((row) => row.status === 'Processing').map((row) => row.id),
    );
    const ofSupplier = await list(
      users.manager,
      `/api/replenishment-orders?supplier_id=${users.supplier.user.id}`,
    );
    expect(ofSupplier.total).toBe(all.length);
    const ofNobody = await list(
      users.manager,
      `/api/replenishment-orders?supplier_id=${users.customer.user.id}`,
    );
    expect(ofNobody.total).toBe(0);
  });

  it('never widens what a role reaches: a customer searching for another customer finds nothing of theirs', async () => {
    const theirs = await list(users.customer, `/api/orders?q=${encodeURIComponent('bela')}`);
    expect(theirs.rows.every((row) => row.customer_id === users.customer.user.id)).toBe(true);
    expect(theirs.total).toBe(0);
    const manager = await list(users.manager, `/api/orders?q=${encodeURIComponent('bela')}`);
    expect(manager.total).toBeGreaterThan(0);
    expect(manager.rows.every((row) => row.customer_id === users.otherCustomer.user.id)).toBe(true);
  });
});

describe('searches and sorts that follow changes', () => {
  it('finds a renamed stock item by its new name only, and short or quoted texts work too', async () => {
    const [item] = (await list(users.manager, `/api/stocks?q=${encodeURIComponent('Date palm')}`)).rows;
    expect(item.stock_name).toBe('Date palm');
    await send('PUT', `/api/stocks/${item.stock_id}`, users.manager, { name: 'Élan dates' });
    const byNew = await list(users.manager, `/api/stocks?q=${encodeURIComponent('élan')}`);
    expect(byNew.rows.map((row) => row.stock_id)).toEqual([item.stock_id]);
    expect((await list(users.manager, `/api/stocks?q=${encodeURIComponent('palm')}`)).total).toBe(0);
    // Fewer than three letters, and a text holding a double quote, are searched as well.
    const short = await list(users.manager, '/api/stocks?q=an');
    expect(short.rows.map((row) => row.stock_name).sort()).toEqual(
      ['Banana box', 'banana BOX', 'Élan dates'].sort(),
    );
    expect((await list(users.manager, `/api/stocks?q=${encodeURIComponent('"box')}`)).total).toBe(0);
    await send('PUT', `/api/stocks/${item.stock_id}`, users.manager, { name: 'Date palm' });
  });

  it('shows and sorts supply orders by a renamed supplier’s new name', async () => {
    await send('PUT', `/api/suppliers/${users.supplier.user.id}`, users.manager, { name: 'Aarav Supplies' });
    const renamed = await list(users.manager, '/api/replenishment-orders?sort=supplier_name');
    expect(renamed.rows.length).toBeGreaterThan(0);
    expect(new Set(renamed.rows.map((row) => row.supplier_name))).toEqual(new Set(['Aarav Supplies']));
    const found = await list(users.manager, `/api/replenishment-orders?q=${encodeURIComponent('aarav')}`);
    expect(found.total).toBe(renamed.total);
    await send('PUT', `/api/suppliers/${users.supplier.user.id}`, users.manager, { name: 'Sunil Supplies' });
    const back = await list(users.supplier, '/api/replenishment-orders');
    expect(new Set(back.rows.map((row) => row.supplier_name))).toEqual(new Set(['Sunil Supplies']));
  });
});
