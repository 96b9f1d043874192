import type {
  AuditAction,
  AuditEntityType,
  LocationType,
  OrderStatus,
  Role,
  SupplyOrderStatus,
} from '@depot/contract';
import type { Selectable } from 'kysely';
import type {
  AuditEventsTable,
  AuditEventViewersTable,
  ManagerSuppliersTable,
  NotificationsTable,
  OrderItemsTable,
  OrderManagersTable,
  OrdersTable,
  StocksTable,
  SupplierProductsTable,
  SupplyOrderItemsTable,
  SupplyOrdersTable,
  UsersTable,
} from '../../apps/server/src/db/schema';
import { expectedDeliveryDate, shippingCostCents } from '../../apps/server/src/modules/orders/shipping';
import { seededRandom } from '../../apps/server/src/test/seeded-random';
import { MATERIALS, newTrackingToken, THINGS } from '../reports/business';

/**
 * One business in which every list holds ROWS rows for the user who reads it (issue "One house",
 * part 3): the readers' ids are fixed, everyone else's follow. Names repeat and come in mixed
 * letter case, as typed by people; some suppliers have no phone or address (nulls sort last).
 */
export const ROWS = 100_000;

/** The readers' password; every other seeded account has none that works. */
export const READER_PASSWORD = 'bench-lists-reader-password-42';

export const READERS = {
  manager: { id: 1, role: 'Inventory Manager', name: 'Mira Iyer', email: 'mira.iyer@depot.bench' },
  customer: { id: 2, role: 'Customer', name: 'Rohan Mehta', email: 'rohan.mehta@depot.bench' },
  courier: { id: 3, role: 'Courier Service', name: 'Swift Express Pune', email: 'dispatch@swift.bench' },
  supplier: { id: 4, role: 'Supplier', name: 'Kiran Traders', email: 'orders@kiran.bench' },
} as const satisfies Record<string, { id: number; role: Role; name: string; email: string }>;
export type Reader = keyof typeof READERS;

/** Rows beside the lists' own: they make the filters (deleted, deactivated, not visible) do work. */
const DELETED_STOCKS = 1_000;
const DEACTIVATED_SUPPLIERS = 1_000;
const DEACTIVATED_COURIERS = 500;
/** Customers who act in the audit trail (their names and emails are what Activity searches). */
const ACTING_CUSTOMERS = 300;
/** Managers of other depots, whose stock events our manager must not see. */
const OTHER_MANAGERS = 5;
const OTHER_MANAGERS_EVENTS = 20_000;

const YEAR = 2025;
const YEAR_START = Date.UTC(YEAR, 0, 1);
const YEAR_MS = Date.UTC(YEAR + 1, 0, 1) - YEAR_START;
const DAY_MS = 86_400_000;

const FIRST_NAMES =
  'Aarav Asha Bela Chetan Deepa Divya Farhan Gauri Harish Isha Jaya Kavya Lakshmi Manoj Meera Naveen Neha Omkar Pooja Priya Rahul Ravi Rekha Sanjay Sara Shreya Sunil Tanvi Uday Varun Vidya Yash Zoya Anil Nikhil Sneha Arjun Ishaan Anand Farah'.split(
    ' ',
  );
const SURNAMES =
  "Sharma Patel Nair Reddy Kulkarni Desai Joshi Rao Gupta Singh Khan Das Pillai Menon Bose Chopra Malhotra Shetty Bhat Naidu Kapoor Verma Agarwal Sinha Pandey Mishra Banerjee Fernandes D'Souza Chatterjee".split(
    ' ',
  );
const COMPANY_WORDS =
  'Traders, & Sons, Industries, Supplies, Enterprises, Wholesale, Exports, Hardware, Metals, Distributors'.split(
    ', ',
  );
/** Cities and the first three digits of their PIN codes. */
const CITIES =
  'Mumbai 400, Pune 411, Delhi 110, Bengaluru 560, Chennai 600, Hyderabad 500, Kolkata 700, Ahmedabad 380, Jaipur 302, Lucknow 226, Kochi 682, Nagpur 440, Indore 452, Bhopal 462, Surat 395, Vadodara 390, Coimbatore 641, Mysuru 570, Panaji 403, Chandigarh 160, Patna 800, Guwahati 781, Bhubaneswar 751, Visakhapatnam 530, Nashik 422, Thane 400, Kanpur 208, Ludhiana 141, Amritsar 143, Madurai 625'
    .split(', ')
    .map((city): [string, number] => [city.slice(0, city.lastIndexOf(' ')), Number(city.slice(-3))]);
const STREETS =
  'MG Road, Station Road, Market Road, Ring Road, Gandhi Nagar, Nehru Street, Park Street, Mall Road, Lake View Road, Temple Street, Church Street, Hill Road, Canal Road, Industrial Estate, Old Town Road, Civil Lines, Link Road, Brigade Road, Residency Road, College Road'.split(
    ', ',
  );
const COURIER_BRANDS =
  'Swift Blue Rapid Falcon Arrow Metro Prime Jet Zip Dash Kestrel Orbit Comet Vayu Garuda Sprint Nimbus Pronto Relay Hermes Saffron Monsoon Tiger Lotus Peacock'.split(
    ' ',
  );
const COURIER_WORDS =
  'Express Couriers Logistics Parcel Cargo Movers Delivery Freight Post Dispatch Shipping Runners'.split(' ');
const SIZES = [
  '6 mm',
  '8 mm',
  '10 mm',
  '12 mm',
  '16 mm',
  'M6',
  'M8',
  'Small',
  'Large',
  'Heavy Duty',
  'Mini',
  'XL',
];
const PACKS = ['single', 'pair', 'set of 4', 'pack of 10', 'box of 50', 'box of 100', 'crate of 500'];
const LOCATIONS: LocationType[] = ['urban', 'urban', 'urban', 'suburban', 'suburban', 'rural'];

type Random = ReturnType<typeof seededRandom>;

/** As people type: mostly as written, sometimes all lower or all upper case. */
function typed(random: Random, text: string): string {
  const roll = random.next();
  return roll < 0.1 ? text.toLowerCase() : roll < 0.16 ? text.toUpperCase() : text;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
const iso = (ms: number) => new Date(ms).toISOString();
const phone = (random: Random) =>
  `+91 ${random.int(70, 99)}${String(random.int(0, 999)).padStart(3, '0')} ${String(random.int(0, 99_999)).padStart(5, '0')}`;
const cityOf = (random: Random) => random.pick(CITIES);
const addressIn = (random: Random, [city]: [string, number]) =>
  `${random.int(1, 400)} ${random.pick(STREETS)}, ${city}`;
const pinIn = (random: Random, [, prefix]: [string, number]) =>
  `${prefix}${String(random.int(1, 60)).padStart(3, '0')}`;
/** Times spread over the year, ascending: rows are numbered in the order they were written. */
const timesOver = (random: Random, count: number) =>
  Array.from({ length: count }, () => YEAR_START + random.int(0, YEAR_MS - 1)).sort((a, b) => a - b);

export type UserRow = Selectable<UsersTable>;
export type StockRow = Omit<Selectable<StocksTable>, 'sku'>;
export type ProductRow = Omit<Selectable<SupplierProductsTable>, 'sku' | 'discontinued_at'>;
/** Orders as the benches write them: no failed attempts (docs/decisions/031-failed-attempts-and-returns.md), no delivery code (proofs are not timed here), no wrong tries. */
export type OrderRow = Omit<
  Selectable<OrdersTable>,
  'last_attempt_reason' | 'next_attempt_date' | 'delivery_code' | 'delivery_code_failures'
>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type OrderManagerRow = Selectable<OrderManagersTable>;
export type SupplyOrderRow = Selectable<SupplyOrdersTable>;
export type SupplyOrderItemRow = Selectable<SupplyOrderItemsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type AuditEventRow = Selectable<AuditEventsTable>;
export type ViewerRow = Selectable<AuditEventViewersTable>;
export type ManagerSupplierRow = Selectable<ManagerSuppliersTable>;

export interface Business {
  users: UserRow[];
  stocks: StockRow[];
  supplier_products: ProductRow[];
  orders: OrderRow[];
  order_items: OrderItemRow[];
  /** The managers each order reaches, as placing writes them (every stock item is the manager's). */
  order_managers: OrderManagerRow[];
  supply_orders: SupplyOrderRow[];
  supply_order_items: SupplyOrderItemRow[];
  notifications: NotificationRow[];
  audit_events: AuditEventRow[];
  audit_event_viewers: ViewerRow[];
  manager_suppliers: ManagerSupplierRow[];
}

function usersOf(random: Random, passwordHash: string) {
  const createdAt = iso(YEAR_START - 60 * DAY_MS);
  const users: UserRow[] = Object.values(READERS).map((reader) => ({
    ...reader,
    password_hash: passwordHash,
    created_at: createdAt,
    deactivated_at: null,
    approval_status: 'active',
    must_change_password: 0,
    order_mails: 1,
    phone_number: reader.role === 'Supplier' ? '+91 98220 11223' : null,
    address: reader.role === 'Supplier' ? '12 Industrial Estate, Pune' : null,
  }));
  const add = (role: Role, name: string, domain: string, extra: Partial<UserRow> = {}) => {
    const id = users.length + 1;
    users.push({
      id,
      role,
      name,
      email: `${slug(name)}.${id}@${domain}`,
      password_hash: 'seeded-account-without-password',
      created_at: iso(YEAR_START + random.int(0, YEAR_MS - 1)),
      deactivated_at: null,
      approval_status: 'active',
      must_change_password: 0,
      order_mails: 1,
      phone_number: null,
      address: null,
      ...extra,
    });
    return id;
  };
  const supplierName = () => {
    const company = `${random.pick(SURNAMES)} ${random.pick(COMPANY_WORDS)}`;
    return typed(random, random.next() < 0.5 ? company : `${random.pick(FIRST_NAMES)} ${company}`);
  };
  for (let n = 1; n < ROWS + DEACTIVATED_SUPPLIERS; n++) {
    const city = cityOf(random);
    add('Supplier', supplierName(), 'suppliers.example', {
      phone_number: random.next() < 0.9 ? phone(random) : null,
      address: random.next() < 0.9 ? addressIn(random, city) : null,
      deactivated_at: n >= ROWS ? iso(YEAR_START + random.int(0, YEAR_MS - 1)) : null,
    });
  }
  for (let n = 1; n < ROWS + DEACTIVATED_COURIERS; n++) {
    const name = `${random.pick(COURIER_BRANDS)} ${random.pick(COURIER_WORDS)} ${cityOf(random)[0]}`;
    add('Courier Service', typed(random, name), 'couriers.example', {
      deactivated_at: n >= ROWS ? iso(YEAR_START + random.int(0, YEAR_MS - 1)) : null,
    });
  }
  const actingCustomers = Array.from({ length: ACTING_CUSTOMERS }, () =>
    add('Customer', typed(random, `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`), 'mail.example'),
  );
  const otherManagers = Array.from({ length: OTHER_MANAGERS }, () =>
    add('Inventory Manager', `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`, 'depot.example'),
  );
  return { users, actingCustomers, otherManagers };
}

function stocksOf(random: Random): StockRow[] {
  return timesOver(random, ROWS + DELETED_STOCKS).map((time, index) => {
    const name = `${random.pick(MATERIALS)} ${random.pick(THINGS)} ${random.pick(SIZES)}`;
    // Exactly DELETED_STOCKS of them, spread over the year.
    const deleted = index % 101 === 50;
    return {
      id: index + 1,
      inventory_manager_id: READERS.manager.id,
      name: typed(random, name),
      price_cents: random.int(99, 250_000),
      quantity: random.next() < 0.05 ? 0 : random.int(1, 5_000),
      weight_grams: random.int(5, 25_000),
      created_at: iso(time),
      updated_at: iso(time),
      deleted_at: deleted ? iso(time + random.int(1, 30) * DAY_MS) : null,
    };
  });
}

function productsOf(random: Random): ProductRow[] {
  return timesOver(random, ROWS).map((time, index) => ({
    id: index + 1,
    supplier_id: READERS.supplier.id,
    name: typed(random, `${random.pick(MATERIALS)} ${random.pick(THINGS)}, ${random.pick(PACKS)}`),
    price_cents: random.int(50, 150_000),
    weight_grams: random.int(5, 50_000),
    quantity: random.int(0, 100_000),
    created_at: iso(time),
    updated_at: iso(time),
  }));
}

/** Older orders are mostly delivered; the last fortnight's are still on their way. */
function orderStatusOf(random: Random, ageDays: number): OrderStatus {
  const roll = random.next();
  if (ageDays > 14) return roll < 0.92 ? 'Delivered' : roll < 0.97 ? 'In Transit' : 'Processing';
  return roll < 0.3 ? 'Delivered' : roll < 0.7 ? 'In Transit' : 'Processing';
}

function ordersOf(random: Random, stocks: StockRow[]) {
  const live = stocks.filter((stock) => stock.deleted_at === null);
  const orders: OrderRow[] = [];
  const items: OrderItemRow[] = [];
  const yearEnd = YEAR_START + YEAR_MS;
  for (const [index, time] of timesOver(random, ROWS).entries()) {
    const id = index + 1;
    let weight = 0;
    let total = 0;
    for (let line = random.int(1, 3); line > 0; line--) {
      const stock = random.pick(live);
      const quantity = random.next() < 0.8 ? random.int(1, 3) : random.int(4, 20);
      weight += stock.weight_grams * quantity;
      total += stock.price_cents * quantity;
      items.push({
        id: items.length + 1,
        order_id: id,
        stock_id: stock.id,
        product_name: stock.name,
        quantity,
        price_cents: stock.price_cents,
        weight_grams: stock.weight_grams,
      });
    }
    const location = random.pick(LOCATIONS);
    const city = cityOf(random);
    const placedAt = new Date(time);
    orders.push({
      id,
      customer_id: READERS.customer.id,
      customer_name: READERS.customer.name,
      courier_service_id: READERS.courier.id,
      tracking_token: newTrackingToken(),
      shipping_address: typed(random, addressIn(random, city)),
      pin_code: pinIn(random, city),
      location_type: location,
      phone_number: random.next() < 0.7 ? '+91 98450 12345' : phone(random),
      consignment_weight_grams: weight,
      items_total_cents: total,
      shipping_cost_cents: shippingCostCents(weight, location),
      status: orderStatusOf(random, (yearEnd - time) / DAY_MS),
      delivery_date: expectedDeliveryDate(placedAt, location),
      created_at: placedAt.toISOString(),
      updated_at: placedAt.toISOString(),
    });
  }
  return { orders, items };
}

function supplyStatusOf(random: Random, ageDays: number): SupplyOrderStatus {
  const roll = random.next();
  if (ageDays > 21) return roll < 0.9 ? 'Delivered' : roll < 0.95 ? 'Canceled' : 'Delayed';
  const recent: SupplyOrderStatus[] = ['Order Received', 'Processing', 'In Transit', 'Delayed', 'Delivered'];
  return recent[Math.floor(roll * recent.length)] as SupplyOrderStatus;
}

function supplyOrdersOf(random: Random, products: ProductRow[]) {
  const orders: SupplyOrderRow[] = [];
  const items: SupplyOrderItemRow[] = [];
  const yearEnd = YEAR_START + YEAR_MS;
  const docks = Array.from({ length: 10 }, (_, n) => `Dock ${n + 1}`);
  for (const [index, time] of timesOver(random, ROWS).entries()) {
    const id = index + 1;
    let totalQuantity = 0;
    let totalCost = 0;
    const chosen = new Set<ProductRow>();
    for (let lines = random.int(1, 3); chosen.size < lines; ) chosen.add(random.pick(products));
    for (const product of [...chosen].sort((a, b) => a.id - b.id)) {
      const quantity = random.int(10, 500);
      totalQuantity += quantity;
      totalCost += quantity * product.price_cents;
      items.push({
        id: items.length + 1,
        order_id: id,
        product_id: product.id,
        product_name: product.name,
        quantity,
        delivered_quantity: 0,
        price_cents: product.price_cents,
        weight_grams: product.weight_grams,
      });
    }
    const status = supplyStatusOf(random, (yearEnd - time) / DAY_MS);
    // A Delivered order was delivered whole.
    if (status === 'Delivered')
      for (const item of items) if (item.order_id === id) item.delivered_quantity = item.quantity;
    const finishedAt = iso(Math.min(time + random.int(1, 12) * DAY_MS, yearEnd - 1));
    orders.push({
      id,
      inventory_manager_id: READERS.manager.id,
      inventory_manager_name: READERS.manager.name,
      supplier_id: READERS.supplier.id,
      supplier_name: READERS.supplier.name,
      address: `Depot Warehouse, ${random.pick(docks)}, ${random.pick(STREETS)}, ${cityOf(random)[0]}`,
      mobile_number: '+91 98100 00000',
      status,
      expected_delivery_time: status === 'Order Received' ? null : iso(time + random.int(2, 10) * DAY_MS),
      created_at: iso(time),
      updated_at: status === 'Delivered' || status === 'Canceled' ? finishedAt : iso(time),
      delivered_at: status === 'Delivered' ? finishedAt : null,
      total_quantity: totalQuantity,
      total_cost_cents: totalCost,
    });
  }
  return { orders, items };
}

/** The customer's notifications as the app writes them: one when an order is placed, one per status after. */
function notificationsOf(random: Random, orders: OrderRow[]): NotificationRow[] {
  const written: Omit<NotificationRow, 'id'>[] = [];
  const write = (order: OrderRow, title: OrderStatus, at: number) =>
    written.push({
      user_id: READERS.customer.id,
      order_id: order.id,
      title,
      message:
        title === 'Processing'
          ? `Order #${order.id} has been placed and is Processing`
          : `Order #${order.id} is now ${title}`,
      created_at: iso(at),
    });
  for (const order of orders) {
    if (written.length >= ROWS) break;
    const placed = Date.parse(order.created_at);
    write(order, 'Processing', placed);
    if (order.status === 'Processing') continue;
    const shipped = placed + random.int(2, 30) * 3_600_000;
    write(order, 'In Transit', shipped);
    if (order.status === 'Delivered') write(order, 'Delivered', shipped + random.int(1, 4) * DAY_MS);
  }
  return written
    .slice(0, ROWS)
    .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))
    .map((row, index) => ({ id: index + 1, ...row }));
}

interface PlannedEvent {
  action: AuditAction;
  entity_type: AuditEntityType;
  actor: { id: number; role: Role } | null;
  viewers: number[];
  supplier_id: number | null;
}

/**
 * The manager's Activity: ROWS events they may read (their own stock and supply orders, orders
 * holding their stock, their sign-ins, and their supplier's catalogue, which they see through the
 * supply orders placed with it), and other depots' events they may not.
 */
function auditOf(random: Random, actingCustomers: number[], otherManagers: number[]) {
  const { manager, courier, supplier } = READERS;
  const asManager = { id: manager.id, role: manager.role };
  const kinds: [number, () => PlannedEvent][] = [
    [
      0.34,
      () => ({
        action: random.pick(['stock.created', 'stock.updated', 'stock.updated', 'stock.deleted'] as const),
        entity_type: 'stock',
        actor: asManager,
        viewers: [manager.id],
        supplier_id: null,
      }),
    ],
    [
      0.22,
      () => {
        const customer = random.pick(actingCustomers);
        return {
          action: 'order.placed',
          entity_type: 'order',
          actor: { id: customer, role: 'Customer' },
          viewers: [customer, courier.id, manager.id],
          supplier_id: null,
        };
      },
    ],
    [
      0.18,
      () => ({
        action: 'order.status_changed',
        entity_type: 'order',
        actor: { id: courier.id, role: courier.role },
        viewers: [courier.id, random.pick(actingCustomers), manager.id],
        supplier_id: null,
      }),
    ],
    [
      0.12,
      () => {
        const placed = random.next() < 0.5;
        return {
          action: placed ? 'supply_order.placed' : 'supply_order.updated',
          entity_type: 'supply_order',
          actor: placed ? asManager : { id: supplier.id, role: supplier.role },
          viewers: [manager.id, supplier.id],
          supplier_id: null,
        };
      },
    ],
    [
      0.08,
      () => ({
        action: random.pick(['auth.login', 'auth.login', 'auth.login', 'auth.logout'] as const),
        entity_type: 'user',
        actor: asManager,
        viewers: [manager.id],
        supplier_id: null,
      }),
    ],
    [
      0.06,
      () => ({
        action: random.pick(['supplier_product.created', 'supplier_product.updated'] as const),
        entity_type: 'supplier_product',
        actor: { id: supplier.id, role: supplier.role },
        viewers: [],
        supplier_id: supplier.id,
      }),
    ],
  ];
  const planned: PlannedEvent[] = [];
  for (let n = 0; n < ROWS; n++) {
    const roll = random.next();
    let below = 0;
    const kind = kinds.find(([share]) => {
      below += share;
      return roll < below;
    });
    planned.push((kind ?? (kinds[0] as (typeof kinds)[number]))[1]());
  }
  for (let n = 0; n < OTHER_MANAGERS_EVENTS; n++) {
    const other = random.pick(otherManagers);
    planned.push({
      action: random.pick(['stock.created', 'stock.updated', 'stock.deleted'] as const),
      entity_type: 'stock',
      actor: { id: other, role: 'Inventory Manager' },
      viewers: [other],
      supplier_id: null,
    });
  }
  // Shuffled, so the manager's events are spread among the others' over the year.
  for (let n = planned.length - 1; n > 0; n--) {
    const m = random.int(0, n);
    [planned[n], planned[m]] = [planned[m] as PlannedEvent, planned[n] as PlannedEvent];
  }
  const times = timesOver(random, planned.length);
  const events: AuditEventRow[] = [];
  const viewers: ViewerRow[] = [];
  for (const [index, event] of planned.entries()) {
    const id = index + 1;
    const quantity = random.int(0, 500);
    events.push({
      id,
      occurred_at: iso(times[index] as number),
      actor_id: event.actor?.id ?? null,
      actor_role: event.actor?.role ?? null,
      action: event.action,
      entity_type: event.entity_type,
      entity_id: random.int(1, ROWS),
      before: event.action.endsWith('.updated') ? JSON.stringify({ quantity }) : null,
      after: JSON.stringify({ quantity: quantity + random.int(1, 50) }),
      request_id: random
        .int(0, 2 ** 31)
        .toString(16)
        .padStart(8, '0'),
      supplier_id: event.supplier_id,
    });
    // As the app writes them: a supplier's events also for the manager ordering from it.
    const readers = new Set(event.actor ? [event.actor.id, ...event.viewers] : event.viewers);
    if (event.supplier_id === supplier.id) readers.add(manager.id);
    const row = events[index] as AuditEventRow;
    for (const user_id of readers) {
      viewers.push({
        user_id,
        event_id: id,
        occurred_at: row.occurred_at,
        action: row.action,
        entity_type: row.entity_type,
        actor_id: row.actor_id,
      });
    }
  }
  return { events, viewers };
}

/** The whole business, the same on every run: one seeded generator for everything. */
export function businessOf(readersPasswordHash: string): Business {
  const random = seededRandom(2026);
  const { users, actingCustomers, otherManagers } = usersOf(random, readersPasswordHash);
  const stocks = stocksOf(random);
  const supplier_products = productsOf(random);
  const orders = ordersOf(random, stocks);
  const supply = supplyOrdersOf(random, supplier_products);
  const audit = auditOf(random, actingCustomers, otherManagers);
  return {
    users,
    stocks,
    supplier_products,
    orders: orders.orders,
    order_items: orders.items,
    order_managers: orders.orders.map((order) => ({ manager_id: READERS.manager.id, order_id: order.id })),
    supply_orders: supply.orders,
    supply_order_items: supply.items,
    notifications: notificationsOf(random, orders.orders),
    audit_events: audit.events,
    audit_event_viewers: audit.viewers,
    manager_suppliers: [
      ...new Set(supply.orders.map((order) => `${order.supplier_id}:${order.inventory_manager_id}`)),
    ].map((pair) => {
      const [supplier_id, manager_id] = pair.split(':').map(Number) as [number, number];
      return { supplier_id, manager_id };
    }),
  };
}
