import type { ActivityEvent, StockItem, SupplierProduct, SupplyOrder } from '@depot/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDraftFor } from '../../test/order-draft';
import {
  createTestApp,
  type Method,
  registerAndLogin,
  STRONG_PASSWORD,
  sessionCookieFrom,
  type TestApp,
  uniqueEmail,
} from '../../test/test-app';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let manager: Session;
let rival: Session;
let customer: Session;
let courier: Session;
let supplier: Session;

beforeAll(async () => {
  t = await createTestApp();
  [manager, rival, customer, courier, supplier] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager', { name: 'Ivy Audit' }),
    registerAndLogin(t.app, 'Inventory Manager', { name: 'Rita Rival' }),
    registerAndLogin(t.app, 'Customer', { name: 'Cora Customer' }),
    registerAndLogin(t.app, 'Courier Service', { name: 'Swift Couriers' }),
    registerAndLogin(t.app, 'Supplier', { name: 'Acme Parts' }),
  ]);
});
afterAll(async () => {
  await t.close();
});

let requestCounter = 0;
/** Every call carries its own X-Request-Id, so each test can find the rows its request wrote. */
async function call(method: Method, url: string, session?: Session, payload?: unknown) {
  requestCounter += 1;
  const requestId = `audit-test-${requestCounter}`;
  const response = await t.call(method, url, session, payload, { 'x-request-id': requestId });
  return Object.assign(response, { requestId });
}

const db = () => t.database.db;

/** The audit rows one request wrote, oldest first, JSON parsed. */
async function rowsOf(requestId: string) {
  const rows = await db()
    .selectFrom('audit_events')
    .selectAll()
    .where('request_id', '=', requestId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    before: row.before === null ? null : JSON.parse(row.before),
    after: row.after === null ? null : JSON.parse(row.after),
  }));
}

const countAuditRows = async () =>
  Number(
    (
      await db()
        .selectFrom('audit_events')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

async function addStock(
  session: Session,
  values = { name: 'Copper wire', price: 12.5, quantity: 40, weight: 1.25 },
) {
  const response = await call('POST', '/api/stocks', session, values);
  expect(response.statusCode).toBe(201);
  return { stock: response.json().stock as StockItem, requestId: response.requestId };
}

/** A fresh session after the test clock jumped past the old one's lifetime. */
async function logInAgain(session: Session) {
  const response = await call('POST', '/auth/login', undefined, {
    email: session.email,
    password: session.password,
  });
  expect(response.statusCode).toBe(200);
  session.cookie = sessionCookieFrom(response);
}

async function activity(session: Session, query = '') {
  const response = await call('GET', `/api/activity${query}`, session);
  expect(response.statusCode).toBe(200);
  return { events: response.json() as ActivityEvent[], total: Number(response.headers['x-total-count']) };
}

describe('append-only table', () => {
  it('refuses to update or delete audit rows, in the database itself', async () => {
    const { requestId } = await addStock(manager);
    const [row] = await rowsOf(requestId);
    if (!row) throw new Error('no audit row');
    await expect(
      db().updateTable('audit_events').set({ action: 'stock.deleted' }).where('id', '=', row.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db().deleteFrom('audit_events').where('id', '=', row.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(
      db()
        .updateTable('audit_event_viewers')
        .set({ user_id: rival.user.id })
        .where('event_id', '=', row.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      db().deleteFrom('audit_event_viewers').where('event_id', '=', row.id).execute(),
    ).rejects.toThrow(/append-only/);
    if (t.database.dialect === 'postgres') {
      await expect(sql`truncate audit_events cascade`.execute(db())).rejects.toThrow(/append-only/);
    }
    const [unchanged] = await rowsOf(requestId);
    expect(unchanged?.action).toBe('stock.created');
  });
});

describe('stock', () => {
  it('records created, updated and deleted with who, role, before, after, when and the request id', async () => {
    const created = await addStock(manager);
    const id = created.stock.stock_id;
    const snapshot = { name: 'Copper wire', price: 12.5, quantity: 40, weight: 1.25 };
    expect(await rowsOf(created.requestId)).toMatchObject([
      {
        action: 'stock.created',
        entity_type: 'stock',
        entity_id: id,
        actor_id: manager.user.id,
        actor_role: 'Inventory Manager',
        before: null,
        after: snapshot,
        occurred_at: t.clock.now().toISOString(),
        request_id: created.requestId,
      },
    ]);

    const updated = await call('PUT', `/api/stocks/${id}`, manager, { quantity: 35, price: '13' });
    expect(updated.statusCode).toBe(200);
    expect(updated.headers['x-request-id']).toBe(updated.requestId);
    expect(await rowsOf(updated.requestId)).toMatchObject([
      {
        action: 'stock.updated',
        entity_id: id,
        actor_id: manager.user.id,
        before: snapshot,
        after: { ...snapshot, quantity: 35, price: 13 },
      },
    ]);

    const deleted = await call('DELETE', `/api/stocks/${id}`, manager);
    expect(deleted.statusCode).toBe(200);
    expect(await rowsOf(deleted.requestId)).toMatchObject([
      {
        action: 'stock.deleted',
        entity_id: id,
        before: { ...snapshot, quantity: 35, price: 13 },
        after: null,
      },
    ]);
  });

  it('writes nothing for a change that fails', async () => {
    const { stock } = await addStock(manager);
    const before = await countAuditRows();
    expect((await call('PUT', `/api/stocks/${stock.stock_id}`, rival, { quantity: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/stocks/${stock.stock_id}`, rival)).statusCode).toBe(404);
    expect((await call('PUT', `/api/stocks/${stock.stock_id}`, manager, { quantity: -1 })).statusCode).toBe(
      400,
    );
    expect(await countAuditRows()).toBe(before);
  });

  it('gives a request without a usable X-Request-Id a fresh UUID', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stocks',
      headers: { cookie: manager.cookie, 'x-request-id': 'no spaces or <tags> allowed' },
      payload: { name: 'Fuse', price: 1, quantity: 1, weight: 0.1 },
    });
    const requestId = String(response.headers['x-request-id']);
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await rowsOf(requestId)).toMatchObject([{ action: 'stock.created' }]);
  });
});

describe('customer orders', () => {
  it('records an order placed and its status changes, and nothing for an order that fails', async () => {
    const { stock } = await addStock(manager, { name: 'Brass valve', price: 8, quantity: 5, weight: 0.5 });
    const before = await countAuditRows();
    const short = await call(
      'POST',
      '/api/orders',
      customer,
      orderDraftFor({ courierId: courier.user.id, stockId: stock.stock_id, quantity: 6 }),
    );
    expect(short.statusCode).toBe(409);
    expect(await countAuditRows()).toBe(before);

    const placed = await call(
      'POST',
      '/api/orders',
      customer,
      orderDraftFor({ courierId: courier.user.id, stockId: stock.stock_id, quantity: 2 }),
    );
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().order.id as number;
    expect(await rowsOf(placed.requestId)).toMatchObject([
      {
        action: 'order.placed',
        entity_type: 'order',
        entity_id: orderId,
        actor_id: customer.user.id,
        actor_role: 'Customer',
        before: null,
        after: {
          status: 'Processing',
          customer_id: customer.user.id,
          courier_service_id: courier.user.id,
          items: [{ stock_id: stock.stock_id, product_name: 'Brass valve', quantity: 2, price: 8 }],
          items_total: 16,
        },
      },
    ]);

    const moved = await call('PUT', `/api/orders/${orderId}`, courier, { status: 'In Transit' });
    expect(moved.statusCode).toBe(200);
    expect(await rowsOf(moved.requestId)).toMatchObject([
      {
        action: 'order.status_changed',
        entity_id: orderId,
        actor_id: courier.user.id,
        actor_role: 'Courier Service',
        before: { status: 'Processing' },
        after: { status: 'In Transit' },
      },
    ]);
    // The status it already has changes nothing, so records nothing.
    const again = await call('PUT', `/api/orders/${orderId}`, courier, { status: 'In Transit' });
    expect(await rowsOf(again.requestId)).toEqual([]);

    const mine = await activity(manager, '?entity_type=order');
    expect(mine.events.map((event) => [event.action, event.entity_id])).toEqual([
      ['order.status_changed', orderId],
      ['order.placed', orderId],
    ]);
    expect((await activity(rival, '?entity_type=order')).events).toEqual([]);
  });
});

describe('suppliers, their catalogue and supply orders', () => {
  it('records supplier accounts created, updated and deactivated, never the password', async () => {
    const email = uniqueEmail('vendor');
    const created = await call('POST', '/api/suppliers', manager, {
      name: 'Vendor One',
      email,
      phone_number: '9876543210',
      address: '2 Dock Road',
      password: STRONG_PASSWORD,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().supplier.id as number;
    const contact = { name: 'Vendor One', email, phone_number: '9876543210', address: '2 Dock Road' };
    expect(await rowsOf(created.requestId)).toMatchObject([
      { action: 'supplier.created', entity_id: id, actor_id: manager.user.id, before: null, after: contact },
    ]);

    const updated = await call('PUT', `/api/suppliers/${id}`, manager, { address: '3 Dock Road' });
    expect(await rowsOf(updated.requestId)).toMatchObject([
      { action: 'supplier.updated', before: contact, after: { ...contact, address: '3 Dock Road' } },
    ]);

    const removed = await call('DELETE', `/api/suppliers/${id}`, manager);
    expect(removed.statusCode).toBe(200);
    expect(await rowsOf(removed.requestId)).toMatchObject([
      { action: 'supplier.deactivated', before: { ...contact, address: '3 Dock Road' }, after: null },
    ]);

    // The manager who opened the account reads its history; a manager who never worked with it does not.
    const shared = await activity(manager, '?entity_type=supplier');
    expect(shared.events.filter((event) => event.entity_id === id).map((event) => event.action)).toEqual([
      'supplier.deactivated',
      'supplier.updated',
      'supplier.created',
    ]);
    expect((await activity(rival, '?entity_type=supplier')).events).toEqual([]);
    expect(JSON.stringify(shared.events)).not.toContain(STRONG_PASSWORD);
  });

  it('records catalogue products and supply orders through to delivery, and nothing for a final order changed', async () => {
    const added = await call('POST', '/api/stock-replenishment/products', supplier, {
      name: 'Steel bolt',
      price: 2,
      weight: 0.1,
      quantity: 100,
    });
    expect(added.statusCode).toBe(201);
    const product = added.json() as SupplierProduct;
    expect(await rowsOf(added.requestId)).toMatchObject([
      {
        action: 'supplier_product.created',
        entity_id: product.id,
        actor_id: supplier.user.id,
        actor_role: 'Supplier',
        after: { name: 'Steel bolt', price: 2, weight: 0.1, quantity: 100 },
      },
    ]);
    const repriced = await call('PUT', `/api/stock-replenishment/products/${product.id}`, supplier, {
      price: 3,
    });
    expect(await rowsOf(repriced.requestId)).toMatchObject([
      {
        action: 'supplier_product.updated',
        before: { price: 2, quantity: 100 },
        after: { price: 3, quantity: 100 },
      },
    ]);

    const placed = await call('POST', '/api/replenishment-orders', manager, {
      supplier_id: supplier.user.id,
      address: '1 Depot Lane',
      mobile_number: '9876543210',
      items: [{ product_id: product.id, quantity: 10 }],
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order as SupplyOrder;
    expect(await rowsOf(placed.requestId)).toMatchObject([
      {
        action: 'supply_order.placed',
        entity_id: order.id,
        actor_id: manager.user.id,
        after: {
          status: 'Order Received',
          supplier_id: supplier.user.id,
          items: [{ product_id: product.id, product_name: 'Steel bolt', quantity: 10, price: 3 }],
          total_quantity: 10,
        },
      },
    ]);

    const delivered = await call('PUT', `/api/replenishment-orders/${order.id}`, supplier, {
      status: 'Delivered',
    });
    expect(delivered.statusCode).toBe(200);
    expect(await rowsOf(delivered.requestId)).toMatchObject([
      {
        action: 'supply_order.updated',
        actor_id: supplier.user.id,
        actor_role: 'Supplier',
        before: { status: 'Order Received' },
        after: { status: 'Delivered' },
      },
    ]);

    const before = await countAuditRows();
    const late = await call('PUT', `/api/replenishment-orders/${order.id}`, supplier, { status: 'Canceled' });
    expect(late.statusCode).toBe(409);
    expect(await countAuditRows()).toBe(before);

    const mine = await activity(manager, '?entity_type=supply_order');
    expect(mine.events.map((event) => event.action)).toEqual(['supply_order.updated', 'supply_order.placed']);
    expect((await activity(rival, '?entity_type=supply_order')).events).toEqual([]);
    // Having ordered from the supplier, the manager follows its catalogue; the rival has not.
    const catalogue = await activity(manager, '?entity_type=supplier_product');
    expect(catalogue.events.map((event) => event.action)).toEqual([
      'supplier_product.updated',
      'supplier_product.created',
    ]);
    expect((await activity(rival, '?entity_type=supplier_product')).events).toEqual([]);
  });

  it("gives every manager who orders from a supplier all of its catalogue's events, however the writes interleave", async () => {
    const vendor = await registerAndLogin(t.app, 'Supplier', { name: 'Busy Vendor' });
    const buyers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        registerAndLogin(t.app, 'Inventory Manager', { name: `Buyer ${n}` }),
      ),
    );
    const first = await call('POST', '/api/stock-replenishment/products', vendor, {
      name: 'Hex nut',
      price: 1,
      weight: 0.1,
      quantity: 1000,
    });
    expect(first.statusCode).toBe(201);
    const productId = (first.json() as SupplierProduct).id;
    // Each buyer's first order (which makes them follow the catalogue) while the vendor keeps
    // writing to it: each catalogue event is either copied to the buyer with the order or written
    // for them with the event, never neither.
    const answers = await Promise.all([
      ...buyers.map((buyer) =>
        call('POST', '/api/replenishment-orders', buyer, {
          supplier_id: vendor.user.id,
          address: '1 Depot Lane',
          mobile_number: '9876543210',
          items: [{ product_id: productId, quantity: 1 }],
        }),
      ),
      ...Array.from({ length: 12 }, (_, n) =>
        call('POST', '/api/stock-replenishment/products', vendor, {
          name: `Washer ${n}`,
          price: 1,
          weight: 0.1,
          quantity: 10,
        }),
      ),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    const later = await call('PUT', `/api/stock-replenishment/products/${productId}`, vendor, { price: 2 });
    expect(later.statusCode).toBe(200);

    const written = await db()
      .selectFrom('audit_events')
      .select('id')
      .where('supplier_id', '=', vendor.user.id)
      .where('entity_type', '=', 'supplier_product')
      .orderBy('id', 'desc')
      .execute();
    expect(written).toHaveLength(14);
    for (const buyer of buyers) {
      const seen = await activity(buyer, '?entity_type=supplier_product&limit=100');
      expect(seen.total).toBe(written.length);
      expect(seen.events.map((event) => event.id)).toEqual(written.map((row) => row.id));
    }
    expect((await activity(rival, '?entity_type=supplier_product')).events).toEqual([]);
  });
});

describe('sign-in and password reset', () => {
  it('records register, login, failed login, logout and both halves of a reset, with no secret in any row', async () => {
    const email = uniqueEmail('audited');
    const password = 'violet-harbour-quilt-88';
    const newPassword = 'silver-meadow-lantern-19';
    const registered = await call('POST', '/auth/register', undefined, {
      role: 'Inventory Manager',
      name: 'Audited Manager',
      email,
      password,
    });
    expect(registered.statusCode).toBe(201);
    const userId = registered.json().user.id as number;
    expect(await rowsOf(registered.requestId)).toMatchObject([
      {
        action: 'auth.registered',
        entity_type: 'user',
        entity_id: userId,
        actor_id: userId,
        actor_role: 'Inventory Manager',
        after: { name: 'Audited Manager', email, role: 'Inventory Manager' },
      },
    ]);

    const wrong = await call('POST', '/auth/login', undefined, {
      email,
      password: 'not-the-password-at-all',
    });
    expect(wrong.statusCode).toBe(401);
    expect(await rowsOf(wrong.requestId)).toMatchObject([
      { action: 'auth.login_failed', entity_id: userId, actor_id: null, after: { account_exists: true } },
    ]);
    // An unknown account: recorded, but without the email typed (it might be a password) and seen by nobody.
    const typo = await call('POST', '/auth/login', undefined, { email: password, password });
    expect(await rowsOf(typo.requestId)).toMatchObject([
      { action: 'auth.login_failed', entity_id: null, after: { account_exists: false } },
    ]);

    const login = await call('POST', '/auth/login', undefined, { email, password });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name.endsWith('depot_session'));
    const session = { cookie: `${cookie?.name}=${cookie?.value}` } as Session;
    expect(await rowsOf(login.requestId)).toMatchObject([
      { action: 'auth.login', entity_id: userId, actor_id: userId, actor_role: 'Inventory Manager' },
    ]);

    const own = await activity(session, '?entity_type=user');
    expect(own.events.map((event) => event.action)).toEqual([
      'auth.login',
      'auth.login_failed',
      'auth.registered',
    ]);

    const logout = await call('POST', '/auth/logout', session);
    expect(logout.statusCode).toBe(200);
    expect(await rowsOf(logout.requestId)).toMatchObject([{ action: 'auth.logout', actor_id: userId }]);

    const asked = await call('POST', '/auth/forgot-password', undefined, { email });
    expect(asked.statusCode).toBe(200);
    // The link is made and mailed after the answer.
    await t.settled();
    const mail = t.mailer.sent.at(-1);
    const link = mail?.text.match(/https?:\/\/\S+\/reset-password\/(\S+)/);
    if (!link?.[1]) throw new Error('no reset link mailed');
    const token = link[1];
    expect(await rowsOf(asked.requestId)).toMatchObject([
      { action: 'auth.password_reset_requested', entity_id: userId, actor_id: null },
    ]);
    const nobody = await call('POST', '/auth/forgot-password', undefined, { email: uniqueEmail('nobody') });
    await t.settled();
    expect(await rowsOf(nobody.requestId)).toEqual([]);

    const reset = await call('POST', `/auth/reset-password/${token}`, undefined, { password: newPassword });
    expect(reset.statusCode).toBe(200);
    expect(await rowsOf(reset.requestId)).toMatchObject([
      { action: 'auth.password_reset', entity_id: userId, actor_id: userId },
    ]);
    const reused = await call('POST', `/auth/reset-password/${token}`, undefined, { password: newPassword });
    expect(reused.statusCode).toBe(400);
    expect(await rowsOf(reused.requestId)).toEqual([]);

    const everything = JSON.stringify(await db().selectFrom('audit_events').selectAll().execute());
    for (const secret of [password, newPassword, token, link[0], String(cookie?.value)]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('GET /api/activity', () => {
  it('is for Inventory Managers only', async () => {
    expect((await call('GET', '/api/activity')).statusCode).toBe(401);
    for (const session of [customer, courier, supplier]) {
      expect((await call('GET', '/api/activity', session)).statusCode).toBe(403);
    }
  });

  it("shows a manager their own stock's events and never another manager's", async () => {
    const own = await addStock(manager, { name: 'Only mine', price: 1, quantity: 1, weight: 1 });
    const theirs = await addStock(rival, { name: 'Only theirs', price: 1, quantity: 1, weight: 1 });
    const mine = await activity(manager, '?entity_type=stock&limit=1000');
    const ids = mine.events.map((event) => event.entity_id);
    expect(ids).toContain(own.stock.stock_id);
    expect(ids).not.toContain(theirs.stock.stock_id);
    expect(mine.events.every((event) => event.actor?.id === manager.user.id)).toBe(true);
    const rivals = await activity(rival, '?entity_type=stock&limit=1000');
    expect(rivals.events.map((event) => event.entity_id)).toEqual([theirs.stock.stock_id]);
    expect(rivals.events[0]).toMatchObject({
      action: 'stock.created',
      actor: { id: rival.user.id, name: 'Rita Rival', email: rival.email, role: 'Inventory Manager' },
      before: null,
      after: { name: 'Only theirs', price: 1, quantity: 1, weight: 1 },
      request_id: theirs.requestId,
    });
  });

  it('filters by action, entity type, actor and days, newest first, a page at a time', async () => {
    t.clock.set(new Date('2026-07-01T23:59:00.000Z'));
    await logInAgain(rival);
    const first = await addStock(rival, { name: 'July item', price: 1, quantity: 1, weight: 1 });
    t.clock.set(new Date('2026-07-02T00:00:00.000Z'));
    const second = await addStock(rival, { name: 'Later item', price: 1, quantity: 1, weight: 1 });
    await call('PUT', `/api/stocks/${second.stock.stock_id}`, rival, { quantity: 2 });
    t.clock.set(new Date('2026-07-03T12:00:00.000Z'));
    await Promise.all([logInAgain(rival), logInAgain(manager)]);

    const byDay = async (query: string) =>
      (await activity(rival, `?entity_type=stock&${query}`)).events.map((event) => [
        event.action,
        event.entity_id,
      ]);
    expect(await byDay('from=2026-07-01&to=2026-07-01')).toEqual([['stock.created', first.stock.stock_id]]);
    expect(await byDay('from=2026-07-02')).toEqual([
      ['stock.updated', second.stock.stock_id],
      ['stock.created', second.stock.stock_id],
    ]);
    expect(await byDay('action=stock.updated')).toEqual([['stock.updated', second.stock.stock_id]]);

    const page = await activity(rival, '?entity_type=stock&limit=2&offset=1');
    expect(page.total).toBe(4);
    expect(page.events.map((event) => event.entity_id)).toEqual([
      second.stock.stock_id,
      first.stock.stock_id,
    ]);

    // Actor search: part of the name or email, any case.
    const bySupplier = await activity(manager, '?actor=acme');
    expect(bySupplier.events.length).toBeGreaterThan(0);
    expect(bySupplier.events.every((event) => event.actor?.id === supplier.user.id)).toBe(true);
    expect((await activity(rival, `?actor=${encodeURIComponent('RITA')}&entity_type=stock`)).total).toBe(4);
    expect((await activity(rival, '?actor=%25')).total).toBe(0);
  });

  it('refuses filters that make no sense', async () => {
    const cases: [string, string][] = [
      ['?from=2026-02-30', 'Dates must be real calendar days written YYYY-MM-DD'],
      ['?from=2026-07-02&to=2026-07-01', 'from must be on or before to'],
      ['?action=stock.burned', 'action must be one of'],
    ];
    for (const [query, message] of cases) {
      const response = await call('GET', `/api/activity${query}`, manager);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });
});
