import {
  type AddressBody,
  type Order,
  type OrderStatus,
  type ReorderSuggestions,
  type StockItem,
  SUPPLY_ORDER_STATUSES,
  type SupplierProduct,
  type SupplyOrder,
  type SupplyOrderStatus,
  trackingPath,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import { PROOF_PHOTO_BASE64 } from '../test/proof-photo';
import { seededRandom } from '../test/seeded-random';
import {
  DEMO_ADDRESSES,
  DEMO_APPLICANTS,
  DEMO_COURIERS,
  DEMO_CUSTOMERS,
  DEMO_MANAGERS,
  DEMO_ONE_TIME_PASSWORD,
  DEMO_PASSWORD,
  DEMO_SUPPLIERS,
  type DemoPerson,
  demoEmail,
  MONTH_DEMAND,
} from './demo-business';

const DAY_MS = 86_400_000;
/** The seeding app's sessions last 30 days and end after a day idle; log in again before either. */
const RELOGIN_AFTER_MS = 25 * DAY_MS;
const RELOGIN_IDLE_MS = 20 * 3_600_000;
/** A manager reorders an item when it falls to this many units. */
const REORDER_AT = 15;
const AVERAGE_ORDERS_PER_DAY = 7;

/** Moves the seeding app's time; the services stamp every row with it. */
export interface DemoClock {
  now(): Date;
  set(date: Date): void;
}

export function createDemoClock(start: Date): DemoClock {
  let current = start;
  return { now: () => current, set: (date) => (current = date) };
}

interface Account {
  id: number;
  name: string;
  email: string;
  cookie: string;
  loggedInAt: number;
  lastUsedAt: number;
}

interface OpenOrder {
  id: number;
  customer: Account;
  /** The managers whose stock it holds: who reach it at the Customer Orders desk. */
  managers: Account[];
  courier: Account;
  status: OrderStatus;
  createdAt: number;
  deliveryDate: number;
  /** Failed delivery attempts so far (docs/decisions/031-failed-attempts-and-returns.md). */
  attempts: number;
}

interface OpenSupplyOrder {
  order: SupplyOrder;
  supplier: Account;
  /** When the supplier next moves it along, and to what. */
  nextAt: number;
  next: SupplyOrderStatus;
}

export interface DemoSummary {
  orders: number;
  supplyOrders: Record<SupplyOrderStatus, number>;
  /** Orders cancelled by their customers while Processing, and by managers at the desk. */
  cancelled: { byCustomers: number; byManagers: number };
  /** Failed delivery attempts, orders Returned (refused or given up) and Returned orders reopened. */
  attempts: number;
  returned: number;
  reopened: number;
  /** Orders a manager handed to another courier at the desk. */
  reassigned: number;
  /** Deliveries proven by the customer's code, and by a photo. */
  proofs: { code: number; photo: number };
}

/**
 * The tracking link of the newest order still on its way (In Transit, else Processing), to open
 * signed out; null before any order is open.
 */
export async function demoTrackingUrl(app: FastifyInstance, publicUrl: string): Promise<string | null> {
  for (const status of ['In Transit', 'Processing'] as const) {
    const found = await app.db
      .selectFrom('orders')
      .select('tracking_token')
      .where('status', '=', status)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (found) return `${publicUrl}${trackingPath(found.tracking_token)}`;
  }
  return null;
}

/** Creates the demo business unless it is there already (its first manager exists): re-running adds nothing. */
export async function seedDemoIfMissing(
  app: FastifyInstance,
  clock: DemoClock,
  options: { days?: number; log?: (line: string) => void } = {},
): Promise<DemoSummary | null> {
  const seeded = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', demoEmail(DEMO_MANAGERS[0]?.name ?? ''))
    .executeTakeFirst();
  return seeded ? null : seedDemoBusiness(app, clock, options);
}

/**
 * Lives a year of the business through its own API, a day at a time, with the app's clock set to
 * each moment: customers order (more before Diwali and the year's end), couriers move orders
 * along, managers reorder what runs low and suppliers deliver, delay or cancel. Every row, summary
 * and notification comes from the same code paths as in use.
 */
export async function seedDemoBusiness(
  app: FastifyInstance,
  clock: DemoClock,
  { days = 365, log = (_line: string) => {} } = {},
): Promise<DemoSummary> {
  const random = seededRandom(2026);
  const end = clock.now().getTime();
  // Whole UTC days, the last of them today up to now.
  const start = Math.floor(end / DAY_MS) * DAY_MS - (days - 1) * DAY_MS;
  const at = (time: number) => clock.set(new Date(time));
  at(start);

  async function call<T>(
    account: Account | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: object,
  ) {
    const now = clock.now().getTime();
    if (
      account &&
      (now - account.loggedInAt > RELOGIN_AFTER_MS || now - account.lastUsedAt > RELOGIN_IDLE_MS)
    ) {
      await logIn(account);
    }
    if (account) account.lastUsedAt = now;
    const response = await app.inject({
      method,
      url,
      headers: account ? { cookie: account.cookie } : {},
      ...(body ? { payload: body } : {}),
    });
    if (response.statusCode >= 300) {
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    }
    return response.json() as T;
  }

  /** A call a conflict may refuse (409: the stock is gone meanwhile); undefined then. */
  async function callAllowing<T>(account: Account, method: 'POST' | 'PUT', url: string, body?: object) {
    try {
      return await call<T>(account, method, url, body);
    } catch (error) {
      if (error instanceof Error && error.message.includes(' answered 409')) return undefined;
      throw error;
    }
  }

  async function logIn(account: Account, password = DEMO_PASSWORD) {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: account.email, password },
    });
    const cookie = response.cookies.find((c) => c.name.endsWith('depot_session'));
    if (response.statusCode !== 200 || !cookie)
      throw new Error(`login of ${account.email}: ${response.body}`);
    account.cookie = `${cookie.name}=${cookie.value}`;
    account.loggedInAt = clock.now().getTime();
    account.lastUsedAt = account.loggedInAt;
  }

  /**
   * The install's first Inventory Manager: approved as they register, they own the business and
   * approve the staff who come after them (docs/decisions/016-accounts-belong-to-their-owners.md).
   */
  let owner: Account | undefined;

  async function apply(person: DemoPerson) {
    const email = demoEmail(person.name);
    const { user, approval_status } = await call<{ user: { id: number }; approval_status: string }>(
      null,
      'POST',
      '/auth/register',
      { role: person.role, name: person.name, email, password: DEMO_PASSWORD },
    );
    return { id: user.id, email, waiting: approval_status === 'pending' };
  }

  async function register(person: DemoPerson): Promise<Account> {
    const { id, email, waiting } = await apply(person);
    if (waiting) {
      if (!owner)
        throw new Error('the demo needs an install with no Inventory Manager yet: its first one owns it');
      await call(owner, 'POST', `/api/team/${id}/approve`);
    }
    const account = { id, name: person.name, email, cookie: '', loggedInAt: 0, lastUsedAt: 0 };
    await logIn(account);
    if (person.role === 'Inventory Manager') owner ??= account;
    return account;
  }

  // The people, their stock and the suppliers' catalogues, a year ago.
  log('Opening the accounts, the stock and the catalogues');
  const managers = new Map<string, Account>();
  const managerOfStock = new Map<number, Account>();
  for (const manager of DEMO_MANAGERS) {
    const account = await register({ role: 'Inventory Manager', name: manager.name });
    managers.set(manager.name, account);
    for (const [index, [name, price, weight, quantity]] of manager.stock.entries()) {
      const { stock } = await call<{ stock: StockItem }>(account, 'POST', '/api/stocks', {
        name,
        price,
        weight,
        quantity,
        // The manager's own codes (docs/decisions/034-skus-in-the-screens-and-exports-at-scale.md).
        sku: demoSku(manager.name, index),
      });
      managerOfStock.set(stock.stock_id, account);
    }
  }
  const suppliers = new Map<string, Account>();
  const catalogues = new Map<string, { supplier: Account; product: SupplierProduct }[]>();
  for (const supplier of DEMO_SUPPLIERS) {
    const email = demoEmail(supplier.name);
    const { supplier: created } = await call<{ supplier: { id: number } }>(
      managers.get(supplier.openedBy) as Account,
      'POST',
      '/api/suppliers',
      {
        name: supplier.name,
        email,
        phone_number: supplier.phone,
        address: supplier.address,
        password: DEMO_ONE_TIME_PASSWORD,
      },
    );
    const account = { id: created.id, name: supplier.name, email, cookie: '', loggedInAt: 0, lastUsedAt: 0 };
    // The manager's password is one-time: the supplier chooses their own at the first login.
    await logIn(account, DEMO_ONE_TIME_PASSWORD);
    await call(account, 'PUT', '/api/account/password', {
      current_password: DEMO_ONE_TIME_PASSWORD,
      new_password: DEMO_PASSWORD,
    });
    suppliers.set(supplier.name, account);
    for (const [index, [name, price, weight]] of supplier.catalogue.entries()) {
      const product = await call<SupplierProduct>(account, 'POST', '/api/stock-replenishment/products', {
        name,
        price,
        weight,
        quantity: 5_000,
        sku: demoSku(supplier.name, index),
      });
      catalogues.set(name, [...(catalogues.get(name) ?? []), { supplier: account, product }]);
    }
  }
  const couriers: Account[] = [];
  for (const courier of DEMO_COURIERS) couriers.push(await register(courier));
  const customers: Account[] = [];
  for (const customer of DEMO_CUSTOMERS) customers.push(await register(customer));
  // Each customer keeps two or three delivery addresses (docs/product/business-rules.md#remembered-addresses),
  // saved through the API, with one phone number of their own; they order to them.
  const savedAddresses = new Map<Account, AddressBody[]>();
  for (const [index, customer] of customers.entries()) {
    const phone = `+91 98${String(100_000_00 + index * 7_919).padStart(8, '0')}`;
    const saved: AddressBody[] = [];
    for (let n = 0; n < 2 + (index % 2); n++) {
      const [address, pin, location] = DEMO_ADDRESSES[
        (index * 3 + n) % DEMO_ADDRESSES.length
      ] as (typeof DEMO_ADDRESSES)[number];
      const body = { shipping_address: address, pin_code: pin, location_type: location, phone_number: phone };
      await call(customer, 'POST', '/api/addresses', body);
      saved.push(body);
    }
    savedAddresses.set(customer, saved);
  }

  const everyone = [...managers.values(), ...suppliers.values(), ...couriers, ...customers];
  const openOrders: OpenOrder[] = [];
  const openSupplyOrders: OpenSupplyOrder[] = [];
  const supplyCounts = Object.fromEntries(SUPPLY_ORDER_STATUSES.map((status) => [status, 0])) as Record<
    SupplyOrderStatus,
    number
  >;
  let placed = 0;
  const following = { byCustomers: 0, byManagers: 0, reassigned: 0, attempts: 0, returned: 0, reopened: 0 };
  /** Returned orders not yet looked at by a manager: one is reopened at the desk. */
  const returnedOrders: OpenOrder[] = [];
  const closeOrder = (order: OpenOrder) => openOrders.splice(openOrders.indexOf(order), 1);

  /**
   * At the Customer Orders desk (docs/product/screens.md#customer-orders-manager): now and then a
   * manager whose stock an order holds hands it to another courier (a courier's van broke down),
   * or cancels it while Processing (the customer phoned: stock back).
   */
  const workTheDesk = async () => {
    // The first order Returned is reopened (the customer phoned: they want it after all); its
    // units are taken again when the shelves still hold them.
    const returned = returnedOrders.shift();
    if (returned && following.reopened === 0 && returned.managers[0]) {
      const answer = await callAllowing(returned.managers[0], 'POST', `/api/orders/${returned.id}/reopen`, {
        reason: 'The customer phoned: they will be home tomorrow and want it after all',
      });
      if (answer) {
        following.reopened += 1;
        returned.status = 'Processing';
        returned.attempts = 0;
        openOrders.push(returned);
      }
    }
    for (const order of [...openOrders]) {
      const manager = order.managers[0];
      if (!manager) continue;
      const roll = random.next();
      // Now and then; and once at the first chance, so every demo, however short, shows both.
      if (roll < 0.01 || following.reassigned === 0) {
        const courier = random.pick(couriers.filter((other) => other !== order.courier));
        await call(manager, 'PUT', `/api/orders/${order.id}/courier`, { courier_service_id: courier.id });
        order.courier = courier;
        following.reassigned += 1;
      } else if ((roll < 0.03 || following.byManagers === 0) && order.status === 'Processing') {
        await call(manager, 'POST', `/api/orders/${order.id}/cancel`);
        closeOrder(order);
        following.byManagers += 1;
      }
    }
  };

  const proofs = { code: 0, photo: 0 };
  /**
   * A delivery's proof (docs/decisions/032-proof-of-delivery.md): mostly the code the customer
   * reads out at the door (from their order page), now and then a photo of the parcel left with a
   * neighbour; the first delivery of every demo has a photo, so each one shows both.
   */
  const proofOf = async (order: OpenOrder) => {
    if (proofs.photo === 0 || random.next() < 0.04) {
      proofs.photo += 1;
      return { recipient_name: `Neighbour of ${order.customer.name}`, photo: PROOF_PHOTO_BASE64 };
    }
    const { delivery_code } = await app.db
      .selectFrom('orders')
      .select('delivery_code')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    proofs.code += 1;
    return { recipient_name: order.customer.name, code: delivery_code ?? '' };
  };

  const setOrderStatus = async (order: OpenOrder, status: OrderStatus) => {
    const proof = status === 'Delivered' ? { proof: await proofOf(order) } : {};
    await call(order.courier, 'PUT', `/api/orders/${order.id}`, { status, ...proof });
    order.status = status;
  };

  /** The supplier's next step: mostly on time, sometimes delayed, now and then canceled. */
  const scheduleSupply = (open: OpenSupplyOrder, now: number) => {
    const status = open.order.status;
    const after = (days: number) => now + days * DAY_MS + random.int(0, 8) * 3_600_000;
    if (status === 'Order Received') {
      open.next = random.next() < 0.05 ? 'Canceled' : 'Processing';
      open.nextAt = after(random.int(0, 1));
    } else if (status === 'Processing') {
      open.next = 'In Transit';
      open.nextAt = after(random.int(1, 2));
    } else if (status === 'In Transit') {
      open.next = random.next() < 0.12 ? 'Delayed' : 'Delivered';
      open.nextAt = after(random.int(1, 3));
    } else {
      open.next = 'Delivered';
      open.nextAt = after(random.int(2, 4));
    }
  };

  const moveSupplyOrders = async (now: number) => {
    for (const open of [...openSupplyOrders]) {
      if (open.nextAt > now) continue;
      at(Math.max(open.nextAt, clock.now().getTime()));
      const expected =
        open.next === 'In Transit' || open.next === 'Delayed'
          ? { expected_delivery_time: new Date(open.nextAt + random.int(2, 5) * DAY_MS).toISOString() }
          : {};
      const { order } = await call<{ order: SupplyOrder }>(
        open.supplier,
        'PUT',
        `/api/replenishment-orders/${open.order.id}`,
        { status: open.next, ...expected },
      );
      open.order = order;
      if (order.status === 'Delivered' || order.status === 'Canceled') {
        openSupplyOrders.splice(openSupplyOrders.indexOf(open), 1);
      } else scheduleSupply(open, open.nextAt);
    }
  };

  const reorderLowStock = async (manager: Account, warehouse: string, mobile: string, now: number) => {
    const stock = await call<StockItem[]>(manager, 'GET', '/api/stocks');
    const onTheWay = new Set(
      openSupplyOrders
        .filter((open) => open.order.inventory_manager_id === manager.id)
        .flatMap((open) => open.order.order_items.map((item) => item.product_name)),
    );
    for (const item of stock) {
      if (item.quantity > REORDER_AT || onTheWay.has(item.stock_name)) continue;
      const sources = catalogues.get(item.stock_name);
      if (!sources) continue;
      const { supplier, product } = random.pick(sources);
      const { order } = await call<{ order: SupplyOrder }>(manager, 'POST', '/api/replenishment-orders', {
        supplier_id: supplier.id,
        address: warehouse,
        mobile_number: mobile,
        items: [{ product_id: product.id, quantity: random.int(8, 20) * 10 }],
      });
      const open: OpenSupplyOrder = { order, supplier, nextAt: now, next: 'Processing' };
      scheduleSupply(open, now);
      openSupplyOrders.push(open);
    }
  };

  log(`Living ${days} days of orders, deliveries and reorders`);
  for (let day = 0; day < days; day++) {
    const dayStart = start + day * DAY_MS;
    const date = new Date(dayStart);

    // Morning: everyone looks at their notifications (which also keeps their session open: a
    // login hashes a password, which a year of daily logins would spend minutes on); couriers
    // move yesterday's orders on and deliver what is due.
    const morning = dayStart + 8 * 3_600_000;
    if (morning > end) break;
    at(morning);
    for (const account of everyone) await call(account, 'GET', '/api/notifications?limit=1');
    for (const order of [...openOrders]) {
      const now = clock.now().getTime();
      if (order.status === 'Processing' && now - order.createdAt > 12 * 3_600_000) {
        await setOrderStatus(order, 'In Transit');
      } else if (order.status === 'In Transit' && now >= order.deliveryDate) {
        const roll = random.next();
        if (order.attempts >= 2 || (order.attempts > 0 && (roll < 0.2 || following.returned === 0))) {
          // Given up after two failed attempts, or refused at the door: its stock comes back.
          await setOrderStatus(order, 'Returned');
          closeOrder(order);
          returnedOrders.push(order);
          following.returned += 1;
        } else if (roll < 0.85) {
          await setOrderStatus(order, 'Delivered');
          closeOrder(order);
        } else if (roll < 0.95 || following.attempts === 0) {
          const reason = random.pick([
            'no_one_home',
            'no_one_home',
            'address_not_found',
            'refused',
            'other',
          ] as const);
          await call(order.courier, 'POST', `/api/orders/${order.id}/attempts`, {
            reason,
            note: reason === 'other' ? 'Gate locked and the guard away' : '',
            next_attempt_date: new Date(now + DAY_MS).toISOString().slice(0, 10),
          });
          order.attempts += 1;
          following.attempts += 1;
        }
      }
    }
    await moveSupplyOrders(Math.min(dayStart + 10 * 3_600_000, end));

    // Through the day: customers order what is on the shelves.
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6 ? 0.7 : 1;
    const expected = AVERAGE_ORDERS_PER_DAY * (MONTH_DEMAND[date.getUTCMonth()] as number) * weekend;
    const count = Math.max(0, Math.round(expected * (0.6 + random.next() * 0.8)));
    const times = Array.from({ length: count }, () => dayStart + random.int(9 * 3_600_000, 21 * 3_600_000))
      .filter((time) => time <= end)
      .sort((a, b) => a - b);
    if (times.length > 0) at(times[0] as number);
    const shelf =
      times.length > 0 ? await call<StockItem[]>(customers[0] as Account, 'GET', '/api/stocks') : [];
    for (const [index, time] of times.entries()) {
      at(time);
      const lines = new Map<number, number>();
      for (let n = random.int(1, 3); n > 0; n--) {
        // Cheap, small things sell most.
        const item = shelf[Math.floor(shelf.length * random.next() ** 1.6)];
        if (!item || item.quantity === 0) continue;
        const quantity = Math.min(item.quantity, random.next() < 0.85 ? random.int(1, 3) : random.int(4, 10));
        item.quantity -= quantity;
        lines.set(item.stock_id, (lines.get(item.stock_id) ?? 0) + quantity);
      }
      if (lines.size === 0) continue;
      const courier = random.pick(couriers);
      const customer = random.pick(customers);
      const { order } = await call<{ order: Order }>(customer, 'POST', '/api/orders', {
        ...random.pick(savedAddresses.get(customer) ?? []),
        courier_service_id: courier.id,
        items: [...lines].map(([stock_id, quantity]) => ({ stock_id, quantity })),
      });
      placed += 1;
      const open: OpenOrder = {
        id: order.id,
        customer,
        managers: [...new Set(order.order_items.flatMap((item) => managerOfStock.get(item.stock_id) ?? []))],
        courier,
        status: order.status,
        createdAt: time,
        deliveryDate: Date.parse(order.delivery_date),
        attempts: 0,
      };
      openOrders.push(open);
      // Now and then a customer thinks better of it within the hour (before the day's next order,
      // so the clock never goes back): cancelled while Processing.
      if (random.next() < 0.03) {
        at(Math.min(time + random.int(5, 55) * 60_000, times[index + 1] ?? end, end));
        await call(customer, 'POST', `/api/orders/${order.id}/cancel`);
        closeOrder(open);
        following.byCustomers += 1;
      }
    }

    // Evening: managers work the Customer Orders desk and reorder what ran low.
    const evening = dayStart + 19 * 3_600_000;
    if (evening > end) break;
    at(evening);
    await workTheDesk();
    for (const manager of DEMO_MANAGERS) {
      await reorderLowStock(
        managers.get(manager.name) as Account,
        manager.warehouse,
        manager.mobile,
        clock.now().getTime(),
      );
    }
    if (day % 60 === 59) log(`  ${day + 1} days, ${placed} orders`);
  }

  // Today's board: the first supplier (the one the demo's login hint names) holds supply orders in
  // every status it can set, so a visitor, and the browser checks, always find one to update.
  at(end);
  const boardManager = DEMO_MANAGERS[0] as (typeof DEMO_MANAGERS)[number];
  const boardSupplier = suppliers.get(DEMO_SUPPLIERS[0]?.name as string) as Account;
  const boardProducts = [...catalogues.values()]
    .flat()
    .filter((source) => source.supplier === boardSupplier)
    .map((source) => source.product);
  for (const status of SUPPLY_ORDER_STATUSES) {
    const query = new URLSearchParams({ status, limit: '1' });
    const held = await call<SupplyOrder[]>(boardSupplier, 'GET', `/api/replenishment-orders?${query}`);
    if (held.length === 0) await placeSupplyOrderIn(status);
  }

  async function placeSupplyOrderIn(status: SupplyOrderStatus) {
    const { order } = await call<{ order: SupplyOrder }>(
      managers.get(boardManager.name) as Account,
      'POST',
      '/api/replenishment-orders',
      {
        supplier_id: boardSupplier.id,
        address: boardManager.warehouse,
        mobile_number: boardManager.mobile,
        items: [{ product_id: random.pick(boardProducts).id, quantity: 50 }],
      },
    );
    if (status !== 'Order Received') {
      await call(boardSupplier, 'PUT', `/api/replenishment-orders/${order.id}`, {
        status,
        expected_delivery_time: new Date(end + 3 * DAY_MS).toISOString(),
      });
    }
  }

  // Reorder rules (docs/product/business-rules.md#reorder-rules): every manager's catalogued items
  // get a level and an order-up-to level, linked to one supplier's product; the first manager's
  // three lowest items not on order sit at their level, so today's suggestions are never empty, and
  // one of them is drafted; the second manager drafts automatically.
  for (const [index, person] of DEMO_MANAGERS.entries()) {
    const manager = managers.get(person.name) as Account;
    const stock = await call<StockItem[]>(manager, 'GET', '/api/stocks?sort=quantity&order=asc');
    const onTheWay = new Set(
      openSupplyOrders
        .filter((open) => open.order.inventory_manager_id === manager.id)
        .flatMap((open) => open.order.order_items.map((item) => item.product_name)),
    );
    const setRule = (item: StockItem, productId: number, level: number) =>
      call(manager, 'PUT', `/api/stocks/${item.stock_id}/reorder-rule`, {
        reorder_level: level,
        order_up_to: Math.max(level + 100, 200),
        supplier_product_id: productId,
      });
    const suggested = async () =>
      (await call<ReorderSuggestions>(manager, 'GET', '/api/reorder-suggestions')).groups.flatMap(
        (group) => group.items,
      ).length;
    let atLevel = 0;
    const spare: { item: StockItem; productId: number }[] = [];
    for (const item of stock) {
      const sources = catalogues.get(item.stock_name);
      if (!sources) continue;
      const { product } = sources[0] as (typeof sources)[number];
      const raise = index === 0 && atLevel < 3 && !onTheWay.has(item.stock_name);
      if (raise) atLevel += 1;
      else if (index === 0) spare.push({ item, productId: product.id });
      await setRule(item, product.id, raise ? Math.max(REORDER_AT, item.quantity) : REORDER_AT);
    }
    if (index === 0) {
      // Units already on order can cover a raised item; raise more, lowest first, until three show.
      for (const { item, productId } of spare) {
        if ((await suggested()) >= 3) break;
        await setRule(item, productId, Math.max(REORDER_AT, item.quantity));
      }
      const { groups } = await call<ReorderSuggestions>(manager, 'GET', '/api/reorder-suggestions');
      const first = groups[0]?.items[0];
      if (first) {
        await call(manager, 'POST', '/api/reorder-suggestions/drafts', {
          items: [{ stock_id: first.stock_id, quantity: first.suggested_quantity }],
        });
      }
    }
    if (index === 1) await call(manager, 'PUT', '/api/reorder-settings', { automatic: true });
  }

  // Today's applicants, waiting on the Team screen for a manager's decision.
  for (const applicant of DEMO_APPLICANTS) await apply(applicant);

  for (const manager of managers.values()) {
    const orders = await call<SupplyOrder[]>(manager, 'GET', '/api/replenishment-orders?limit=1000');
    for (const order of orders) supplyCounts[order.status] += 1;
  }
  return {
    orders: placed,
    supplyOrders: supplyCounts,
    cancelled: { byCustomers: following.byCustomers, byManagers: following.byManagers },
    reassigned: following.reassigned,
    attempts: following.attempts,
    returned: following.returned,
    reopened: following.reopened,
    proofs,
  };
}

/** A demo item's SKU: its owner's initials and its place in their list, "PS-007". */
function demoSku(owner: string, index: number): string {
  const initials = owner
    .split(/\s+/)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  return `${initials}-${String(index + 1).padStart(3, '0')}`;
}
