import type { ApiEndpoint, Role } from '@depot/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createToken, hashToken } from '../lib/tokens';
import { createResetToken } from '../modules/auth/repository';
import { photoProof, statusBodyFor } from './delivery-proof';
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
  /** The owner customer's saved delivery address. */
  addressId: number;
  /** An account whose password is reset over and over; nobody else uses it. */
  resettableEmail: string;
  /** An account whose email is changed over and over (its session stays); nobody else uses it. */
  emailChanger: Session;
  /** Each caller's password hash before a password change, put back after it (restoreSessionAfter). */
  passwordHashes: Map<number, string>;
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
    addressId: 0,
    resettableEmail: uniqueEmail('resettable'),
    emailChanger: await registerAndLogin(t.app, 'Customer', { name: 'Email changer' }),
    passwordHashes: new Map(),
  };
  world.stockId = (await createStock(world)).stock.stock_id;
  world.orderId = (
    await send(world, 'POST', '/api/orders', owner.Customer, {
      body: orderDraftFor({ courierId: owner['Courier Service'].user.id, stockId: world.stockId }),
    })
  ).order.id;
  world.addressId = (
    await send(world, 'POST', '/api/addresses', owner.Customer, { body: addressBody() })
  ).address.id;
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

/**
 * The owner manager's draft for the owner supplier: a new item at its reorder level, linked to the
 * owner supplier's product, drafted (or the draft that already holds the product).
 */
async function createDraft(world: World): Promise<number> {
  const manager = world.owner['Inventory Manager'];
  const { stock } = await createStock(world);
  await send(world, 'PUT', `/api/stocks/${stock.stock_id}/reorder-rule`, manager, {
    body: { reorder_level: 1_000_000_000, order_quantity: 1, supplier_product_id: world.productId },
  });
  const { drafts } = await send(world, 'POST', '/api/reorder-suggestions/drafts', manager, { body: {} });
  return drafts.find((draft: { supplier_id: number }) => draft.supplier_id === world.owner.Supplier.user.id)
    .id;
}

/** A fresh Processing order of the owner customer, of the owner manager's stock. */
async function createOrder(world: World): Promise<number> {
  return (
    await send(world, 'POST', '/api/orders', world.owner.Customer, {
      body: orderDraftFor({ courierId: world.owner['Courier Service'].user.id, stockId: world.stockId }),
    })
  ).order.id;
}

/** One order of the owners delivered with a photo proof, made once per world. */
const photoOrders = new WeakMap<World, Promise<number>>();
function deliveredWithPhoto(world: World): Promise<number> {
  let order = photoOrders.get(world);
  if (!order) {
    order = (async () => {
      const orderId = await createOrder(world);
      await send(world, 'PUT', `/api/orders/${orderId}`, world.owner['Courier Service'], {
        body: { status: 'Delivered', proof: photoProof() },
      });
      return orderId;
    })();
    photoOrders.set(world, order);
  }
  return order;
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

/** A staff account made in the database as it is when a manager decides on it. */
async function staffAccount(
  world: World,
  state: { approval_status: 'pending' | 'active'; deactivated?: boolean },
): Promise<number> {
  const row = await world.t.database.db
    .insertInto('users')
    .values({
      role: 'Courier Service',
      name: 'Staff applicant',
      email: uniqueEmail('staff'),
      password_hash: 'not-a-hash',
      created_at: '2026-06-01T00:00:00.000Z',
      approval_status: state.approval_status,
      deactivated_at: state.deactivated ? '2026-06-02T00:00:00.000Z' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new session of the caller (another device), which the caller may end; its id. */
async function newSessionOf(world: World, session: Session): Promise<number> {
  const login = await world.t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: session.email, password: session.password },
  });
  if (login.statusCode !== 200) throw new Error(`second login failed: ${login.body}`);
  const row = await world.t.database.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('user_id', '=', session.user.id)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A confirmation link of the email changer's, from the mail an email change sends the new address. */
async function emailToken(world: World): Promise<string> {
  const email = uniqueEmail('changed');
  await send(world, 'PUT', '/api/account/email', world.emailChanger, {
    body: { email, current_password: world.emailChanger.password },
  });
  const mail = world.t.mailer.sent.findLast((sent) => sent.to === email);
  const link = /\/confirm-email\/([\w-]+)/.exec(mail?.text ?? '');
  if (!link?.[1]) throw new Error('no confirmation link in the mail');
  return link[1];
}

const addressBody = () => ({
  shipping_address: '7 Lake View, Indiranagar\nBengaluru',
  pin_code: '560038',
  location_type: 'urban',
  phone_number: '+91 98450 12345',
});

/**
 * A saved address of the caller's, written to the database as the endpoint writes it (a fixture
 * per case: the suites use more than the 20 a customer keeps); its id.
 */
async function savedAddressOf(t: TestApp, session: Session): Promise<number> {
  const now = t.clock.now().toISOString();
  const row = await t.database.db
    .insertInto('customer_addresses')
    .values({
      customer_id: session.user.id,
      ...addressBody(),
      location_type: 'urban',
      created_at: now,
      last_used_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Room for one more address of the caller's: the suites create more than 20, so the oldest
 * fixtures beyond 18 (never the world's own address) are cleared first.
 */
async function roomForAddress(world: World, session: Session): Promise<void> {
  const { db } = world.t.database;
  const rows = await db
    .selectFrom('customer_addresses')
    .select('id')
    .where('customer_id', '=', session.user.id)
    .where('id', '!=', world.addressId)
    .orderBy('id', 'desc')
    .execute();
  const extra = rows.slice(17).map((row) => row.id);
  if (extra.length > 0) await db.deleteFrom('customer_addresses').where('id', 'in', extra).execute();
}

const OTHER_PASSWORD = 'copper-lantern-meadow-77';

const id = (value: number) => ({ id: String(value) });

/** A product of the owner supplier no order has: one to delete or discontinue. */
async function freshProduct(world: World): Promise<number> {
  const product = await send(world, 'POST', '/api/stock-replenishment/products', world.owner.Supplier, {
    body: { name: 'Spare washers', price: 1, weight: 0.1, quantity: 5 },
  });
  return product.id as number;
}
/** An import's body: a CSV file as it is. */
const importFile = (csv: string): EndpointRequest => ({
  rawBody: csv,
  headers: { 'content-type': 'text/csv' },
});
const reportRange = { startDate: '2026-01-01', endDate: '2026-12-31' };

/**
 * A valid request for every endpoint, naming the owners' objects. Calls that use their object up
 * (deleting, finishing a supply order) get a fresh one, created by its owner. The few that name the
 * caller's own things (a session, the current password) are made for `caller` when given.
 */
export const VALID_REQUESTS: Record<
  ApiEndpoint,
  (world: World, caller?: Session) => Promise<EndpointRequest>
> = {
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
  'POST /auth/confirm-email/:emailToken': async (world) => ({
    params: { emailToken: await emailToken(world) },
  }),
  'GET /auth/profile': async () => ({}),

  'GET /api/account': async () => ({}),
  'PUT /api/account': async () => ({ body: { name: 'Renamed user' } }),
  'PUT /api/account/order-mails': async () => ({ body: { order_mails: false } }),
  'PUT /api/account/email': async (world, caller) => ({
    body: { email: uniqueEmail('moving'), current_password: (caller ?? world.owner.Customer).password },
  }),
  'PUT /api/account/password': async (world, caller) => {
    const session = caller ?? world.owner.Customer;
    if (!world.passwordHashes.has(session.user.id)) {
      const row = await world.t.database.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', session.user.id)
        .executeTakeFirstOrThrow();
      world.passwordHashes.set(session.user.id, row.password_hash);
    }
    return { body: { current_password: session.password, new_password: OTHER_PASSWORD } };
  },
  'GET /api/account/sessions': async () => ({}),
  'DELETE /api/account/sessions/:id': async (world, caller) => ({
    params: id(await newSessionOf(world, caller ?? world.owner.Customer)),
  }),
  'POST /api/account/sessions/end-others': async () => ({}),

  'GET /api/team': async () => ({}),
  'POST /api/team/:id/approve': async (world) => ({
    params: id(await staffAccount(world, { approval_status: 'pending' })),
  }),
  'POST /api/team/:id/reject': async (world) => ({
    params: id(await staffAccount(world, { approval_status: 'pending' })),
  }),
  'POST /api/team/:id/deactivate': async (world) => ({
    params: id(await staffAccount(world, { approval_status: 'active' })),
  }),
  'POST /api/team/:id/reactivate': async (world) => ({
    params: id(await staffAccount(world, { approval_status: 'active', deactivated: true })),
  }),

  'GET /api/stocks': async () => ({}),
  'GET /api/stocks/:id': async (world) => ({ params: id(world.stockId) }),
  'GET /api/stocks/:id/movements': async (world) => ({ params: id(world.stockId) }),
  'GET /api/stocks/:id/reorder-rule': async (world) => ({ params: id(world.stockId) }),
  'PUT /api/stocks/:id/reorder-rule': async (world) => ({
    params: id(world.stockId),
    body: { reorder_level: 10, order_quantity: 20, supplier_product_id: world.productId },
  }),
  'DELETE /api/stocks/:id/reorder-rule': async (world) => ({ params: id(world.stockId) }),
  'GET /api/reorder-suggestions': async () => ({}),
  'PUT /api/reorder-settings': async () => ({ body: { automatic: false } }),
  'POST /api/stocks': async () => ({ body: { name: 'Red widget', price: 3, quantity: 5, weight: 0.5 } }),
  'PUT /api/stocks/:id': async (world) => ({ params: id(world.stockId), body: { quantity: 1_000_000 } }),
  'DELETE /api/stocks/:id': async (world) => ({ params: id((await createStock(world)).stock.stock_id) }),
  'POST /api/stock-counts': async (world) => {
    const { stock } = await createStock(world);
    return {
      body: { lines: [{ stock_id: stock.stock_id, expected_quantity: stock.quantity, counted_quantity: 3 }] },
    };
  },
  'POST /api/stocks/import/dry-run': async () =>
    importFile('sku,stock_name,price,quantity,weight\nIMPORTED-1,Imported widget,3,5,0.5\n'),
  'POST /api/stocks/import': async () =>
    importFile('sku,stock_name,price,quantity,weight\nIMPORTED-1,Imported widget,3,5,0.5\n'),

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
  'GET /api/orders/:id/proof/photo': async (world) => ({ params: id(await deliveredWithPhoto(world)) }),
  'GET /api/orders/status-counts': async () => ({ query: { delivery_to: '2030-01-01' } }),
  'POST /api/orders/status': async (world) => ({ body: { ids: [world.orderId], status: 'In Transit' } }),
  'POST /api/orders/:id/cancel': async (world) => ({ params: id(await createOrder(world)) }),
  'PUT /api/orders/:id/courier': async (world) => ({
    params: id(await createOrder(world)),
    body: { courier_service_id: world.other['Courier Service'].user.id },
  }),
  'POST /api/orders/:id/attempts': async (world) => ({
    params: id(await createOrder(world)),
    body: {
      reason: 'no_one_home',
      next_attempt_date: world.t.clock.now().toISOString().slice(0, 10),
    },
  }),
  'POST /api/orders/:id/reopen': async (world) => {
    const orderId = await createOrder(world);
    await send(world, 'PUT', `/api/orders/${orderId}`, world.owner['Courier Service'], {
      body: await statusBodyFor(world.t.database.db, orderId, 'Delivered'),
    });
    return { params: id(orderId), body: { reason: 'Delivered to the wrong house' } };
  },
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

  'DELETE /api/stock-replenishment/products/:id': async (world) => ({
    params: id(await freshProduct(world)),
  }),
  'POST /api/stock-replenishment/products/:id/discontinue': async (world) => ({
    params: id(await freshProduct(world)),
  }),
  'POST /api/stock-replenishment/products/:id/resume': async (world) => ({
    params: id(await freshProduct(world)),
  }),

  'POST /api/stock-replenishment/products/import/dry-run': async () =>
    importFile('sku,name,price,weight,quantity\nIMPORTED-1,Imported screws,2,1,10\n'),
  'POST /api/stock-replenishment/products/import': async () =>
    importFile('sku,name,price,weight,quantity\nIMPORTED-1,Imported screws,2,1,10\n'),

  'GET /api/replenishment-orders': async () => ({}),
  'POST /api/replenishment-orders': async (world) => ({ body: supplyOrderBody(world) }),
  'GET /api/replenishment-orders/:id': async (world) => ({ params: id(world.supplyOrderId) }),
  'PUT /api/replenishment-orders/:id': async (world) => ({
    params: id((await createSupplyOrder(world)).order.id),
    body: { status: 'Processing', expected_delivery_time: '2026-07-01T09:30:00.000Z' },
  }),

  'POST /api/reorder-suggestions/drafts': async () => ({ body: {} }),
  'GET /api/supply-order-drafts': async () => ({}),
  'PUT /api/supply-order-drafts/:id': async (world) => ({
    params: id(await createDraft(world)),
    body: { address: '5 Warehouse Row, Pune' },
  }),
  'DELETE /api/supply-order-drafts/:id': async (world) => ({ params: id(await createDraft(world)) }),
  'POST /api/supply-order-drafts/:id/place': async (world) => ({
    params: id(await createDraft(world)),
    body: {},
  }),
  'GET /api/supplier-scorecards': async () => ({}),
  'GET /api/overview/customer': async () => ({}),
  'GET /api/overview/courier': async () => ({}),
  'GET /api/overview/supplier': async () => ({}),
  'POST /api/replenishment-orders/:id/deliveries': async (world) => {
    const { order } = await createSupplyOrder(world);
    return {
      params: id(order.id),
      body: { lines: [{ product_id: order.order_items[0].product_id, quantity: 1 }] },
    };
  },

  'GET /api/addresses': async () => ({}),
  'POST /api/addresses': async (world, caller) => {
    await roomForAddress(world, caller ?? world.owner.Customer);
    return { body: addressBody() };
  },
  'PUT /api/addresses/:id': async (world) => ({
    params: id(world.addressId),
    body: { ...addressBody(), phone_number: '+91 98450 54321' },
  }),
  'DELETE /api/addresses/:id': async (world) => ({
    params: id(await savedAddressOf(world.t, world.owner.Customer)),
  }),

  'GET /api/inventory-reports': async () => ({ query: reportRange }),
  'GET /api/order-performance-and-demand-analysis': async () => ({ query: reportRange }),
  'GET /api/sales-reports': async () => ({ query: reportRange }),
  'GET /api/money-reports': async () => ({ query: reportRange }),

  'GET /api/notifications': async () => ({}),
  'GET /api/events': async () => ({}),
  'GET /api/activity': async () => ({}),
};

/**
 * Logging out on every device ends the caller's session too: after it succeeds, the suites log the
 * same user in again so the calls after it still have a session. A password change is undone (the
 * very hash put back, so a refused one still changed nothing), so the suites' logins still work.
 */
export async function restoreSessionAfter(
  world: World,
  endpoint: ApiEndpoint,
  status: number,
  session: Session | undefined,
): Promise<void> {
  if (endpoint === 'PUT /api/account/password' && session) {
    const hash = world.passwordHashes.get(session.user.id);
    if (hash) {
      await world.t.database.db
        .updateTable('users')
        .set({ password_hash: hash })
        .where('id', '=', session.user.id)
        .execute();
    }
    return;
  }
  if (endpoint !== 'POST /auth/logout-all' || status >= 300 || !session) return;
  const login = await world.t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: session.email, password: session.password },
  });
  if (login.statusCode !== 200) throw new Error(`login again failed: ${login.body}`);
  session.cookie = sessionCookieFrom(login);
}
