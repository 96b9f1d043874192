import type { AddressInfo } from 'node:net';
import {
  type AccessObject,
  API_ACCESS,
  type ApiEndpoint,
  type EndpointAccess,
  endpointAccess,
  ownerFieldOf,
  ROLES,
  type Role,
} from '@depot/contract';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, hashToken } from '../../lib/tokens';
import {
  createWorld,
  type EndpointRequest,
  injectOptions,
  restoreSessionAfter,
  type Session,
  VALID_REQUESTS,
  type World,
} from '../../test/endpoint-requests';
import { createTestApp, STRONG_PASSWORD, sessionCookieFrom, type TestApp } from '../../test/test-app';
import { authentication } from '../auth/authenticate';
import { argon2PasswordHasher } from '../auth/passwords';
import type { AuthService } from '../auth/service';

/**
 * The authorization matrix: every endpoint of the contract's API_ACCESS, called as anonymous, as
 * each role, and as a second user of the same role who owns none of the objects, on a real
 * database. The expectations come from the map itself, so the map and the server cannot drift.
 */

let t: TestApp;
let world: World;
let baseUrl: string;
const counts = { requests: 0, callers: 0 };

beforeAll(async () => {
  t = await createTestApp();
  // GET /api/events streams for ever, which inject cannot end: it goes over real HTTP.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  world = await createWorld(t);
});

afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
});

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely and checked field by field.
type Json = any;
interface Answer {
  status: number;
  body: Json;
}

async function call(endpoint: ApiEndpoint, request: EndpointRequest, session?: Session): Promise<Answer> {
  counts.requests += 1;
  if (endpoint === 'GET /api/events') {
    const abort = new AbortController();
    const response = await fetch(`${baseUrl}/api/events`, {
      headers: session ? { cookie: session.cookie } : {},
      signal: abort.signal,
    });
    const json = response.headers.get('content-type')?.includes('application/json');
    const body = json ? await response.json() : response.headers.get('content-type');
    abort.abort();
    return { status: response.status, body };
  }
  const response = await t.app.inject(injectOptions(endpoint, request, session?.cookie));
  await restoreSessionAfter(world, endpoint, response.statusCode, session);
  const json = response.headers['content-type']?.toString().includes('application/json');
  return { status: response.statusCode, body: json ? response.json() : response.body };
}

/** The table holding the objects of each kind whose lists the matrix reads, and a row's id in a list. */
const OBJECT_TABLES: Partial<Record<AccessObject, { table: string; rowId: (row: Json) => number }>> = {
  stock: { table: 'stocks', rowId: (row) => row.stock_id },
  order: { table: 'orders', rowId: (row) => row.id },
  supplierProduct: { table: 'supplier_products', rowId: (row) => row.id },
  supplyOrder: { table: 'supply_orders', rowId: (row) => row.id },
  notification: { table: 'notifications', rowId: (row) => row.id },
  session: { table: 'sessions', rowId: (row) => row.id },
  address: { table: 'customer_addresses', rowId: (row) => row.id },
};

/** The user each row names in the field the map reads for this scope (its owner or its assignee). */
async function ownersOf(
  access: Extract<EndpointAccess, { roles: unknown }>,
  role: Role,
  ids: number[],
): Promise<number[]> {
  const owner = OBJECT_TABLES[access.object];
  const scope = access.roles[role];
  const column = scope && ownerFieldOf(access.object, scope);
  if (!owner || !column || column === 'all' || ids.length === 0) return [];
  // biome-ignore lint/suspicious/noExplicitAny: the table and column come from the map above.
  const db = t.database.db as any;
  if (typeof column !== 'string') {
    // A table of readers: every reader of every row (a row read by two managers names both).
    const rows: { owner: number }[] = await db
      .selectFrom(column.table)
      .select(`${column.reader} as owner`)
      .where(column.object, 'in', ids)
      .execute();
    return rows.map((row) => Number(row.owner));
  }
  const rows: { owner: number }[] = await db
    .selectFrom(owner.table)
    .select(`${column} as owner`)
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => Number(row.owner));
}

/** The rows of the owners' fixtures that a list of this kind must show its owner (and an `all` reader). */
async function fixtureRows(object: AccessObject, role: Role): Promise<number[]> {
  switch (object) {
    case 'stock':
      return [world.stockId];
    case 'order':
      return [world.orderId];
    case 'supplierProduct':
      return [world.productId];
    case 'supplyOrder':
      return [world.supplyOrderId];
    case 'supplier':
      return [world.managedSupplierId];
    case 'address':
      return [world.addressId];
    case 'notification': {
      const rows = await t.database.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', world.owner[role].user.id)
        .execute();
      return rows.map((row) => row.id);
    }
    default:
      return [];
  }
}

const isList = (endpoint: ApiEndpoint, answer: Answer) =>
  endpoint.startsWith('GET ') && Array.isArray(answer.body);
/** Endpoints whose body names the objects they act on (a stock count's items), as a path would. */
const NAMES_OBJECTS_IN_BODY: readonly ApiEndpoint[] = ['POST /api/stock-counts'];
const namesObject = (endpoint: ApiEndpoint) =>
  endpoint.includes('/:') || NAMES_OBJECTS_IN_BODY.includes(endpoint);

/** A successful answer to `caller`, of role `role`, holds only what the map lets that role reach. */
async function expectOnlyReachableRows(
  endpoint: ApiEndpoint,
  access: Extract<EndpointAccess, { roles: unknown }>,
  role: Role,
  caller: Session,
  answer: Answer,
  isOwner: boolean,
) {
  const scope = access.roles[role];
  const rowId = OBJECT_TABLES[access.object]?.rowId ?? ((row: Json) => row.id);
  if (endpoint === 'GET /auth/profile') {
    expect(answer.body.id).toBe(caller.user.id);
    const own = (rows: Json[], key: string) => rows.every((row) => row[key] === caller.user.id);
    expect(own(answer.body.stocks, 'inventory_manager_id')).toBe(true);
    expect(own(answer.body.products, 'supplier_id')).toBe(true);
    expect(own(answer.body.replenishment_orders, 'inventory_manager_id')).toBe(true);
    expect(own(answer.body.supply_orders, 'supplier_id')).toBe(true);
    const notificationIds = answer.body.notifications.map((row: Json) => row.id);
    const notifications = endpointAccess('GET /api/notifications');
    if (notifications.public) throw new Error('notifications are never public');
    expect(new Set(await ownersOf(notifications, role, notificationIds))).toEqual(
      new Set(notificationIds.length ? [caller.user.id] : []),
    );
    return;
  }
  if (!isList(endpoint, answer)) return;
  const ids: number[] = answer.body.map(rowId);
  const fixtures = await fixtureRows(access.object, role);
  if (scope === 'stocked') {
    // Each row listed names the caller among its readers (one row per reader and order).
    const readers = await ownersOf(access, role, ids);
    expect(readers.filter((reader) => reader === caller.user.id)).toHaveLength(ids.length);
    if (isOwner) expect(ids).toEqual(expect.arrayContaining(fixtures));
    else expect(ids.filter((id) => fixtures.includes(id))).toEqual([]);
  } else if (scope === 'own' || scope === 'assigned') {
    const owners = await ownersOf(access, role, ids);
    expect(owners.every((owner) => owner === caller.user.id)).toBe(true);
    if (isOwner) expect(ids).toEqual(expect.arrayContaining(fixtures));
    else expect(ids.filter((id) => fixtures.includes(id))).toEqual([]);
  } else {
    expect(ids).toEqual(expect.arrayContaining(fixtures));
  }
}

describe('the authorization matrix', () => {
  const endpoints = Object.keys(API_ACCESS) as ApiEndpoint[];

  it('lists exactly the API routes the server registers', () => {
    for (const endpoint of endpoints) {
      const [method, url] = endpoint.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method as 'GET', url }), endpoint).toBe(true);
    }
    const documented = Object.entries(
      (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths,
    ).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const api = documented.filter(
      (endpoint) => / \/(api|auth)\//.test(endpoint) && !endpoint.includes('/api/docs'),
    );
    expect(api.sort()).toEqual([...endpoints].sort());
  });

  it('is the reviewed table: widening or narrowing access shows up here as well as in the map', () => {
    const short: Record<Role, string> = {
      'Courier Service': 'courier',
      'Inventory Manager': 'manager',
      Supplier: 'supplier',
      Customer: 'customer',
    };
    const table = endpoints.map((endpoint) => {
      const access = endpointAccess(endpoint);
      if (access.public) return `${endpoint}: public`;
      const roles = ROLES.filter((role) => access.roles[role]).map(
        (role) => `${short[role]} ${access.roles[role]}`,
      );
      const early = access.beforePasswordChange ? ", also before choosing one's own password" : '';
      return `${endpoint}: ${roles.join(', ')} (${access.object}${early})`;
    });
    expect(table).toMatchInlineSnapshot(`
      [
        "POST /auth/register: public",
        "POST /auth/login: public",
        "POST /auth/logout: public",
        "POST /auth/logout-all: courier own, manager own, supplier own, customer own (account, also before choosing one's own password)",
        "POST /auth/forgot-password: public",
        "POST /auth/reset-password/:resetToken: public",
        "POST /auth/confirm-email/:emailToken: public",
        "GET /auth/profile: courier own, manager own, supplier own, customer own (account, also before choosing one's own password)",
        "GET /api/account: courier own, manager own, supplier own, customer own (account, also before choosing one's own password)",
        "PUT /api/account: courier own, manager own, supplier own, customer own (account)",
        "PUT /api/account/email: courier own, manager own, supplier own, customer own (account)",
        "PUT /api/account/order-mails: customer own (account)",
        "PUT /api/account/password: courier own, manager own, supplier own, customer own (account, also before choosing one's own password)",
        "GET /api/account/sessions: courier own, manager own, supplier own, customer own (session)",
        "DELETE /api/account/sessions/:id: courier own, manager own, supplier own, customer own (session)",
        "POST /api/account/sessions/end-others: courier own, manager own, supplier own, customer own (session)",
        "GET /api/team: manager all (teamMember)",
        "POST /api/team/:id/approve: manager all (teamMember)",
        "POST /api/team/:id/reject: manager all (teamMember)",
        "POST /api/team/:id/deactivate: manager all (teamMember)",
        "POST /api/team/:id/reactivate: manager all (teamMember)",
        "GET /api/stocks: manager own, customer all (stock)",
        "GET /api/stocks/:id: manager own, customer all (stock)",
        "GET /api/stocks/:id/movements: manager own (stock)",
        "POST /api/stocks: manager own (stock)",
        "PUT /api/stocks/:id: manager own (stock)",
        "DELETE /api/stocks/:id: manager own (stock)",
        "GET /api/stocks/:id/reorder-rule: manager own (stock)",
        "PUT /api/stocks/:id/reorder-rule: manager own (stock)",
        "DELETE /api/stocks/:id/reorder-rule: manager own (stock)",
        "GET /api/reorder-suggestions: manager own (stock)",
        "PUT /api/reorder-settings: manager own (stock)",
        "POST /api/stock-counts: manager own (stock)",
        "POST /api/stocks/import/dry-run: manager own (stock)",
        "POST /api/stocks/import: manager own (stock)",
        "GET /api/suppliers: manager all (supplier)",
        "POST /api/suppliers: manager all (supplier)",
        "PUT /api/suppliers/:id: manager all (supplier)",
        "DELETE /api/suppliers/:id: manager all (supplier)",
        "GET /api/pincodes/:pin: courier all, manager all, supplier all, customer all (reference)",
        "GET /api/couriers-services: courier all, manager all, supplier all, customer all (reference)",
        "GET /api/orders/get-shipping-cost: courier all, manager all, supplier all, customer all (reference)",
        "GET /api/orders: courier assigned, manager stocked, customer own (order)",
        "POST /api/orders: customer own (order)",
        "GET /api/orders/:id: courier assigned, manager stocked, customer own (order)",
        "PUT /api/orders/:id: courier assigned (order)",
        "GET /api/orders/:id/proof/photo: courier assigned, manager stocked, customer own (order)",
        "GET /api/orders/status-counts: courier assigned, manager stocked, customer own (order)",
        "POST /api/orders/status: courier assigned (order)",
        "POST /api/orders/:id/cancel: manager stocked, customer own (order)",
        "PUT /api/orders/:id/courier: manager stocked (order)",
        "POST /api/orders/:id/attempts: courier assigned (order)",
        "POST /api/orders/:id/reopen: manager stocked (order)",
        "GET /api/track/:token: public",
        "GET /api/stock-replenishment/products: manager all, supplier own (supplierProduct)",
        "POST /api/stock-replenishment/products: supplier own (supplierProduct)",
        "PUT /api/stock-replenishment/products/:id: supplier own (supplierProduct)",
        "DELETE /api/stock-replenishment/products/:id: supplier own (supplierProduct)",
        "POST /api/stock-replenishment/products/:id/discontinue: supplier own (supplierProduct)",
        "POST /api/stock-replenishment/products/:id/resume: supplier own (supplierProduct)",
        "POST /api/stock-replenishment/products/import/dry-run: supplier own (supplierProduct)",
        "POST /api/stock-replenishment/products/import: supplier own (supplierProduct)",
        "GET /api/replenishment-orders: manager own, supplier assigned (supplyOrder)",
        "POST /api/replenishment-orders: manager own (supplyOrder)",
        "GET /api/replenishment-orders/:id: manager own, supplier assigned (supplyOrder)",
        "PUT /api/replenishment-orders/:id: supplier assigned (supplyOrder)",
        "POST /api/reorder-suggestions/drafts: manager own (supplyOrder)",
        "GET /api/supply-order-drafts: manager own (supplyOrder)",
        "PUT /api/supply-order-drafts/:id: manager own (supplyOrder)",
        "DELETE /api/supply-order-drafts/:id: manager own (supplyOrder)",
        "POST /api/supply-order-drafts/:id/place: manager own (supplyOrder)",
        "GET /api/supplier-scorecards: manager all, supplier assigned (supplyOrder)",
        "POST /api/replenishment-orders/:id/deliveries: supplier assigned (supplyOrder)",
        "GET /api/overview/customer: customer own (order)",
        "GET /api/overview/courier: courier assigned (order)",
        "GET /api/overview/supplier: supplier assigned (supplyOrder)",
        "GET /api/addresses: customer own (address)",
        "POST /api/addresses: customer own (address)",
        "PUT /api/addresses/:id: customer own (address)",
        "DELETE /api/addresses/:id: customer own (address)",
        "GET /api/inventory-reports: manager all (report)",
        "GET /api/order-performance-and-demand-analysis: manager all (report)",
        "GET /api/sales-reports: manager all (report)",
        "GET /api/money-reports: manager own (stock)",
        "GET /api/notifications: courier own, manager own, supplier own, customer own (notification)",
        "GET /api/events: courier own, manager own, supplier own, customer own (liveEvent)",
        "GET /api/activity: manager own (activity)",
      ]
    `);
  });

  it('refuses to start an app with an API route the map lacks, and guards the others itself', async () => {
    const authService = { authenticate: async () => null } as unknown as AuthService;
    const unlisted = Fastify();
    await unlisted.register(authentication, { authService, secureCookies: false });
    expect(() => unlisted.get('/api/forgotten', async () => ({}))).toThrow(
      'GET /api/forgotten is missing from API_ACCESS',
    );

    // No guard written on the route: the map's is attached, so no session is a 401.
    const unguarded = Fastify();
    await unguarded.register(cookie);
    await unguarded.register(authentication, { authService, secureCookies: false });
    unguarded.get('/api/stocks', async () => ['every stock item']);
    const answer = await unguarded.inject({ method: 'GET', url: '/api/stocks' });
    expect(answer.statusCode).toBe(401);
    await unguarded.close();
  });

  it('has an owner or assignee field for every scope it grants', () => {
    for (const endpoint of endpoints) {
      const access = endpointAccess(endpoint);
      if (access.public) continue;
      for (const scope of Object.values(access.roles)) {
        expect(() => ownerFieldOf(access.object, scope), endpoint).not.toThrow();
      }
    }
    expect(() => ownerFieldOf('stock', 'assigned')).toThrow('stock objects have no assignee');
    expect(() => ownerFieldOf('report', 'own')).toThrow('report objects have no owner');
    expect(() => ownerFieldOf('stock', 'stocked')).toThrow('stock objects hold no stock');
  });

  it.each(endpoints)('%s answers every caller as the map says', async (endpoint) => {
    const access = endpointAccess(endpoint);
    const request = (caller?: Session) => VALID_REQUESTS[endpoint](world, caller);
    if (access.public) {
      counts.callers += 1;
      const answer = await call(endpoint, await request());
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      return;
    }

    counts.callers += 1;
    expect((await call(endpoint, await request())).status).toBe(401);

    for (const role of ROLES) {
      const scope = access.roles[role];
      if (scope === undefined) {
        counts.callers += 1;
        const answer = await call(endpoint, await request(world.owner[role]), world.owner[role]);
        expect(answer.status, `${role}: ${JSON.stringify(answer.body)}`).toBe(403);
        continue;
      }
      counts.callers += 2;
      // Where the request names an object, the other user is handed the owner's (a session of theirs).
      const otherRequest = await request(namesObject(endpoint) ? world.owner[role] : world.other[role]);
      const other = await call(endpoint, otherRequest, world.other[role]);
      if (scope !== 'all' && namesObject(endpoint)) {
        expect(other.status, `another ${role}: ${JSON.stringify(other.body)}`).toBe(404);
      } else {
        expect(other.status, `another ${role}: ${JSON.stringify(other.body)}`).toBeLessThan(300);
        await expectOnlyReachableRows(endpoint, access, role, world.other[role], other, false);
      }
      const owner = await call(endpoint, await request(world.owner[role]), world.owner[role]);
      expect(owner.status, `${role}: ${JSON.stringify(owner.body)}`).toBeLessThan(300);
      await expectOnlyReachableRows(endpoint, access, role, world.owner[role], owner, true);
    }
  });

  it('sent every endpoint to every kind of caller', () => {
    // Figures for docs/RELIABILITY.md: endpoints × callers, and the requests that took.
    console.info(
      `authorization matrix: ${endpoints.length} endpoints, ${counts.callers} endpoint × caller checks, ${counts.requests} requests`,
    );
    expect(counts.callers).toBeGreaterThanOrEqual(endpoints.length * 2);
  });
});

/**
 * Accounts belong to their owners (docs/decisions/016-accounts-belong-to-their-owners.md): a staff
 * account waiting for approval can do nothing, a manager cannot take over a supplier's login, and
 * a supplier's one-time password opens nothing but the way to choosing their own.
 */
describe('accounts of their owners', () => {
  const endpoints = (Object.keys(API_ACCESS) as ApiEndpoint[]).filter(
    (endpoint) => endpoint !== 'GET /api/events',
  );

  async function staffWaiting(role: Role, status: 'pending' | 'rejected') {
    const email = `${status}.${role.split(' ')[0]?.toLowerCase()}.${Date.now()}@example.com`;
    const row = await t.database.db
      .insertInto('users')
      .values({
        role,
        name: `${status} ${role}`,
        email,
        password_hash: await argon2PasswordHasher.hash(STRONG_PASSWORD),
        created_at: t.clock.now().toISOString(),
        approval_status: status,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, email };
  }

  it.each([
    ['pending', 'account_pending'],
    ['rejected', 'account_rejected'],
  ] as const)(
    'a %s staff account gets no session, and a session of one opens nothing',
    async (status, code) => {
      for (const role of ['Inventory Manager', 'Supplier', 'Courier Service'] as const) {
        const account = await staffWaiting(role, status);
        const login = await t.call('POST', '/auth/login', undefined, {
          email: account.email,
          password: STRONG_PASSWORD,
        });
        expect(login.statusCode, login.body).toBe(403);
        expect(login.json().code).toBe(code);
        expect(login.cookies.some((cookie) => cookie.name.endsWith('depot_session'))).toBe(false);
        // A wrong password is the usual 401: the approval is told only to whoever knows the password.
        const guess = await t.call('POST', '/auth/login', undefined, {
          email: account.email,
          password: 'not-the-password-at-all',
        });
        expect(guess.statusCode).toBe(401);
        expect(guess.json().code).toBe('invalid_credentials');

        // Even a session made behind the server's back (none can be made through it) opens nothing.
        const token = createToken();
        await t.database.db
          .insertInto('sessions')
          .values({
            token_hash: hashToken(token),
            user_id: account.id,
            created_at: t.clock.now().toISOString(),
            last_seen_at: t.clock.now().toISOString(),
            expires_at: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
            user_agent: null,
            ip: null,
          })
          .execute();
        const forged = { cookie: `depot_session=${token}`, user: { id: account.id, email: account.email } };
        for (const endpoint of endpoints) {
          const access = endpointAccess(endpoint);
          if (access.public) continue;
          const answer = await t.app.inject(
            injectOptions(endpoint, await VALID_REQUESTS[endpoint](world), forged.cookie),
          );
          expect(answer.statusCode, `${role} ${endpoint}`).toBe(401);
        }
      }
    },
  );

  it("refuses a manager's change of a supplier's login, and leaves its email and sessions as they were", async () => {
    const manager = world.other['Inventory Manager'];
    const supplier = world.owner.Supplier;
    const sessionsBefore = await t.count('sessions');
    const mailsBefore = t.mailer.sent.length;
    for (const body of [
      { email: manager.email },
      { email: 'takeover@example.com', name: 'Still Acme' },
      { password: 'manager-chosen-password-1' },
    ]) {
      const answer = await t.call('PUT', `/api/suppliers/${supplier.user.id}`, manager, body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().code).toBe('login_not_editable');
    }
    const row = await t.database.db
      .selectFrom('users')
      .select(['email', 'name', 'password_hash'])
      .where('id', '=', supplier.user.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(supplier.email);
    expect(row.name).not.toBe('Still Acme');
    expect(await argon2PasswordHasher.verify(row.password_hash, supplier.password)).toBe(true);
    expect(await t.count('sessions')).toBe(sessionsBefore);
    expect((await t.call('GET', '/auth/profile', supplier)).statusCode).toBe(200);
    // The rest of the takeover: a reset asked for the manager's own address reaches only the manager.
    await t.call('POST', '/auth/forgot-password', undefined, { email: supplier.email });
    // The reset mail goes out after the answer.
    await t.settled();
    expect(t.mailer.sent.slice(mailsBefore).map((mail) => mail.to)).toEqual([supplier.email]);
    // Contact fields are still the managers' to edit.
    const phone = await t.call('PUT', `/api/suppliers/${supplier.user.id}`, manager, {
      phone_number: '+91 90000 00001',
    });
    expect(phone.statusCode, phone.body).toBe(200);
  });

  it('lets a supplier opened by a manager do nothing but choose their own password first', async () => {
    const manager = world.owner['Inventory Manager'];
    const email = `onetime.${Date.now()}@example.com`;
    const oneTime = 'manager-typed-password-9';
    const created = await t.call('POST', '/api/suppliers', manager, {
      name: 'One-time Traders',
      email,
      phone_number: '+91 98765 43210',
      address: '1 Dock Road, Kochi',
      password: oneTime,
    });
    expect(created.statusCode, created.body).toBe(201);
    const login = await t.call('POST', '/auth/login', undefined, { email, password: oneTime });
    expect(login.statusCode).toBe(200);
    expect(login.json().must_change_password).toBe(true);
    const session = { cookie: sessionCookieFrom(login) };

    for (const endpoint of endpoints) {
      const access = endpointAccess(endpoint);
      if (access.public || access.roles.Supplier === undefined) continue;
      if (endpoint === 'PUT /api/account/password' || endpoint === 'POST /auth/logout-all') continue;
      const answer = await t.app.inject(
        injectOptions(endpoint, await VALID_REQUESTS[endpoint](world), session.cookie),
      );
      if (access.beforePasswordChange) expect(answer.statusCode, endpoint).toBeLessThan(300);
      else {
        expect(answer.statusCode, endpoint).toBe(403);
        expect(answer.json().code, endpoint).toBe('password_change_required');
      }
    }
    const profile = await t.call('GET', '/auth/profile', session);
    expect(profile.json().must_change_password).toBe(true);

    const chosen = await t.call('PUT', '/api/account/password', session, {
      current_password: oneTime,
      new_password: 'supplier-own-password-5',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await t.call('GET', '/api/stock-replenishment/products', session)).statusCode).toBe(200);
    expect((await t.call('GET', '/auth/profile', session)).json().must_change_password).toBe(false);
    const again = await t.call('POST', '/auth/login', undefined, { email, password: oneTime });
    expect(again.statusCode).toBe(401);
  });
});
