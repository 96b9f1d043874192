import type { ApiEndpoint, Role } from '@depot/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createToken, hashToken } from '../lib/tokens';
import { createResetToken } from '../modules/auth/repository';
import { orderDraftFor } from './order-draft';
import { registerAndLogin, STRONG_PASSWORD, sessionCookieFrom, type TestApp, uniqueEmail } from './test-app';

/**
 * A small business with an owner and a second user of every role, and a valid request for every
 * endpoint of the contract's API_ACCESS: what the authorization matrix and the hostile-input
 * suites send (as it is, or broken).
 */

export type Session = Awaited<ReturnType<typeof registerAndLogin>>;

export interface EndpointRequest {
  params?: Record<string, string>;
  /** A name given several values is sent as a repeated parameter. */
  query?: Record<string, string | string[]>;
  body?: unknown;
  /** Sent as it is instead of body: text that is not JSON, or JSON that JSON.stringify cannot make. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface World {
  t: TestApp;
  /** Per role, the user who owns every object below. */
  owner: Record<Role, Session>;
  /** Per role, a second user of the same role who owns none of them. */
  other: Record<Role, Session>;
  /** The owner manager's stock item, the owner customer's order (courier: the owner courier). */
  stockId: number;
  orderId: number;
  /** The owner supplier's product, and the owner manager's supply order of it. */
  productId: number;
  supplyOrderId: number;
  /** A Supplier account the managers look after (never logged in, so deactivating it ends no test session). */
  managedSupplierId: number;
  /** An account whose password is reset over and over; nobody else uses it. */
  resettableEmail: string;
}

/** The users and objects; every request the catalogue builds works against them. */
export async function createWorld(t: TestApp): Promise<World> {
  const roles: Role[] = ['Inventory Manager', 'Supplier', 'Customer', 'Courier Service'];
  const owner = {} as Record<Role, Session>;
  const other = {} as Record<Role, Session>;
  for (const role of roles) {
    owner[role] = await registerAndLogin(t.app, role, { name: `${role} owner` });
    other[role] = await registerAndLogin(t.app, role, { name: `${role} other` });
  }
  const world: World = {
    t,
    owner,
    other,
    stockId: 0,
    orderId: 0,
    productId: 0,
    supplyOrderId: 0,
    managedSupplierId: 0,
    resettableEmail: uniqueEmail('resettable'),
  };
  world.stockId = (await createStock(world)).stock.stock_id;
  world.orderId = (
    await send(world, 'POST', '/api/orders', owner.Customer, {
      body: orderDraftFor({ courierId: owner['Courier Service'].user.id, stockId: world.stockId }),
    })
  ).order.id;
  world.productId = (
    await send(world, 'POST', '/api/stock-replenishment/products', owner.Supplier, {
      body: { name: 'Crate of bolts', price: 4.5, weight: 2, quantity: 1_000_000 },
    })
  ).id;
  world.supplyOrderId = (await createSupplyOrder(world)).order.id;
  // A status change notifies the ordering manager, so both owners have a notification.
  await send(world, 'PUT', `/api/replenishment-orders/${world.supplyOrderId}`, owner.Supplier, {
    body: { status: 'Processing' },
  });
  world.managedSupplierId = (
    await send(world, 'POST', '/api/suppliers', owner['Inventory Manager'], { body: newSupplierBody() })
  ).supplier.id;
  await send(world, 'POST', '/auth/register', undefined, {
    body: { role: 'Customer', name: 'Resettable', email: world.resettableEmail, password: STRONG_PASSWORD },
  });
  return world;
}

/** A request as inject takes it: path parameters and query put into the URL, the body as JSON. */
export function injectOptions(endpoint: ApiEndpoint, request: EndpointRequest, cookie?: string) {
  const [method, pattern] = endpoint.split(' ') as [string, string];
  const path = pattern.replace(/:(\w+)/g, (_, name: string) =>
    encodePathSegment(request.params?.[name] ?? ''),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    for (const one of ([] as string[]).concat(value)) search.append(name, one);
  }
  const query = search.toString();
  const payload = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  return {
    method: method as 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: query ? `${path}?${query}` : path,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...request.headers,
    },
    ...(payload === undefined ? {} : { payload }),
  };
}

/** Percent-encoded; text that is not well-formed UTF-16 goes as the invalid UTF-8 a hostile client could send. */
function encodePathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return Buffer.from(value, 'latin1').toString('hex').replace(/../g, '%$&');
  }
}

// biome-ignore lint/suspicious/noExplicitAny: fixture answers are read loosely; the suites check shapes.
type Json = any;

async function send(
  world: World,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  session: Session | undefined,
  request: { body?: unknown } = {},
): Promise<Json> {
  const response: LightMyRequestResponse = await world.t.app.inject({
    method,
    url,
    headers: session ? { cookie: session.cookie } : {},
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
  if (response.statusCode >= 300) {
    throw new Error(`fixture ${method} ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json();
}

const newSupplierBody = () => ({
  name: 'Acme Supplies',
  email: uniqueEmail('acme'),
  phone_number: '+91 98765 43210',
  address: '12 Market Road, Pune',
  password: STRONG_PASSWORD,
});

const createStock = (world: World) =>
  send(world, 'POST', '/api/stocks', world.owner['Inventory Manager'], {
    body: { name: 'Blue widget', price: '12.50', quantity: '1000000', weight: '1.25' },
  });

const supplyOrderBody = (world: World) => ({
  supplier_id: world.owner.Supplier.user.id,
  address: '4 Warehouse Row, Pune',
  mobile_number: '+91 98765 43210',
  items: [{ product_id: world.productId, quantity: 1 }],
});

const createSupplyOrder = (world: World) =>
  send(world, 'POST', '/api/replenishment-orders', world.owner['Inventory Manager'], {
    body: supplyOrderBody(world),
  });

/** A fresh Processing order of the owner customer, of the owner manager's stock. */
async function createOrder(world: World): Promise<number> {
  return (
    await send(world, 'POST', '/api/orders', world.owner.Customer, {
      body: orderDraftFor({ courierId: world.owner['Courier Service'].user.id, stockId: world.stockId }),
    })
  ).order.id;
}

/**
 * A fresh reset token of the resettable account, made as forgot-password makes one. Written
 * directly: the suites need one per case, more than forgot-password mails an email in an hour.
 */
async function resetToken(world: World): Promise<string> {
  const { db } = world.t.database;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', world.resettableEmail)
    .executeTakeFirstOrThrow();
  const token = createToken();
  const now = world.t.clock.now();
  await createResetToken(db, {
    token_hash: hashToken(token),
    user_id: user.id,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
  });
  return token;
}

const id = (value: number) => ({ id: String(value) });
const reportRange = { startDate: '2026-01-01', endDate: '2026-12-31' };

/**
 * A valid request for every endpoint, naming the owners' objects. Calls that use their object up
 * (deleting, finishing a supply order) get a fresh one, created by its owner.
 */
export const VALID_REQUESTS: Record<ApiEndpoint, (world: World) => Promise<EndpointRequest>> = {
  'POST /auth/register': async () => ({
    body: { role: 'Customer', name: 'New customer', email: uniqueEmail('new'), password: STRONG_PASSWORD },
  }),
  'POST /auth/login': async (world) => ({
    body: { email: world.owner.Customer.email, password: world.owner.Customer.password },
  }),
  'POST /auth/logout': async () => ({}),
  'POST /auth/logout-all': async () => ({}),
  'POST /auth/forgot-password': async () => ({ body: { email: uniqueEmail('forgetful') } }),
  'POST /auth/reset-password/:resetToken': async (world) => ({
    params: { resetToken: await resetToken(world) },
    body: { password: STRONG_PASSWORD },
  }),
  'GET /auth/profile': async () => ({}),

  'GET /api/stocks': async () => ({}),
  'GET /api/stocks/:id': async (world) => ({ params: id(world.stockId) }),
  'GET /api/stocks/:id/movements': async (world) => ({ params: id(world.stockId) }),
  'POST /api/stocks': async () => ({ body: { name: 'Red widget', price: 3, quantity: 5, weight: 0.5 } }),
  'PUT /api/stocks/:id': async (world) => ({ params: id(world.stockId), body: { quantity: 1_000_000 } }),
  'DELETE /api/stocks/:id': async (world) => ({ params: id((await createStock(world)).stock.stock_id) }),

  'GET /api/suppliers': async () => ({}),
  'POST /api/suppliers': async () => ({ body: newSupplierBody() }),
  'PUT /api/suppliers/:id': async (world) => ({
    params: id(world.managedSupplierId),
    body: { address: '14 Market Road, Pune' },
  }),
  'DELETE /api/suppliers/:id': async (world) => ({
    params: id(
      (
        await send(world, 'POST', '/api/suppliers', world.owner['Inventory Manager'], {
          body: newSupplierBody(),
        })
      ).supplier.id,
    ),
  }),

  'GET /api/pincodes/:pin': async () => ({ params: { pin: '110001' } }),
  'GET /api/couriers-services': async () => ({}),
  'GET /api/orders/get-shipping-cost': async () => ({
    query: { total_weight: '2.5', location_type: 'urban' },
  }),

  'GET /api/orders': async () => ({}),
  'POST /api/orders': async (world) => ({
    body: orderDraftFor({ courierId: world.owner['Courier Service'].user.id, stockId: world.stockId }),
  }),
  'GET /api/orders/:id': async (world) => ({ params: id(world.orderId) }),
  'PUT /api/orders/:id': async (world) => ({ params: id(world.orderId), body: { status: 'In Transit' } }),
  'POST /api/orders/:id/cancel': async (world) => ({ params: id(await createOrder(world)) }),
  'PUT /api/orders/:id/courier': async (world) => ({
    params: id(await createOrder(world)),
    body: { courier_service_id: world.other['Courier Service'].user.id },
  }),
  'GET /api/track/:token': async (world) => ({
    params: {
      token: (
        await world.t.database.db
          .selectFrom('orders')
          .select('tracking_token')
          .where('id', '=', world.orderId)
          .executeTakeFirstOrThrow()
      ).tracking_token,
    },
  }),

  'GET /api/stock-replenishment/products': async () => ({}),
  'POST /api/stock-replenishment/products': async () => ({
    body: { name: 'Box of nails', price: 2, weight: 1, quantity: 10 },
  }),
  'PUT /api/stock-replenishment/products/:id': async (world) => ({
    params: id(world.productId),
    body: { quantity: 1_000_000 },
  }),

  'GET /api/replenishment-orders': async () => ({}),
  'POST /api/replenishment-orders': async (world) => ({ body: supplyOrderBody(world) }),
  'PUT /api/replenishment-orders/:id': async (world) => ({
    params: id((await createSupplyOrder(world)).order.id),
    body: { status: 'Processing', expected_delivery_time: '2026-07-01T09:30:00.000Z' },
  }),

  'GET /api/inventory-reports': async () => ({ query: reportRange }),
  'GET /api/order-performance-and-demand-analysis': async () => ({ query: reportRange }),
  'GET /api/sales-reports': async () => ({ query: reportRange }),

  'GET /api/notifications': async () => ({}),
  'GET /api/events': async () => ({}),
  'GET /api/activity': async () => ({}),
};

/**
 * Logging out on every device ends the caller's session too: after it succeeds, the suites log the
 * same user in again so the calls after it still have a session.
 */
export async function restoreSessionAfter(
  world: World,
  endpoint: ApiEndpoint,
  status: number,
  session: Session | undefined,
): Promise<void> {
  if (endpoint !== 'POST /auth/logout-all' || status >= 300 || !session) return;
  const login = await world.t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: session.email, password: session.password },
  });
  if (login.statusCode !== 200) throw new Error(`login again failed: ${login.body}`);
  session.cookie = sessionCookieFrom(login);
}
