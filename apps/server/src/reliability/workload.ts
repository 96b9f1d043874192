import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  type Order,
  type OrderStatus,
  type StockItem,
  type SupplierProduct,
  type SupplyOrder,
  type SupplyOrderStatus,
} from '@depot/contract';
import { photoProof } from '../test/delivery-proof';
import { call, type Reply, registerAndLoginAt } from '../test/http-client';
import { seededRandom } from '../test/seeded-random';

/**
 * Several clients writing at once against one server, each keeping a ledger of what it sent and
 * what it was told, so a crash test can compare the database with what was acknowledged.
 */

/** What a client knows of one write: acknowledged (2xx), refused (4xx), or unknown (no answer, or 5xx). */
export type Outcome = 'acknowledged' | 'refused' | 'unknown';

type Account = Awaited<ReturnType<typeof registerAndLoginAt>>;

export interface Business {
  manager: Account;
  supplier: Account;
  courier: Account;
  customers: Account[];
  /** The manager's stock items with the quantity each started the run with. */
  stocks: { id: number; name: string; start: number }[];
  /** The supplier's products, named like the stock items so deliveries land in them. */
  products: { id: number; name: string; start: number }[];
}

/** A POST that creates an order; the tag is in its address, so the row can be found without the answer. */
export interface PlacedWrite {
  tag: string;
  outcome: Outcome;
  /** The retry after a lost answer, with the same Idempotency-Key: the stored answer came back. */
  replayed: boolean;
  /** The retry found the first request's key still claimed: that request died before it committed. */
  diedUncommitted: boolean;
  id?: number;
  items: { id: number; quantity: number }[];
}

/** One status change, in the order its client sent them (one client per kind of order). */
export interface StatusChange {
  orderId: number;
  status: string;
  outcome: Outcome;
}

export interface Ledger {
  orders: PlacedWrite[];
  supplyOrders: PlacedWrite[];
  orderStatusChanges: StatusChange[];
  supplyStatusChanges: StatusChange[];
  /** Partial deliveries of one unit the supplier recorded; none completes an order. */
  deliveries: { orderId: number; outcome: Outcome }[];
  /** Every write request the clients sent, retries included (readiness polls are not counted). */
  requestsSent: number;
  /** Placements sent again with the same Idempotency-Key after their answer was lost. */
  retries: number;
}

const STOCK_NAMES = ['Crash-test bolts', 'Crash-test nuts', 'Crash-test washers', 'Crash-test rivets'];
const STOCK_START = 100_000;
const PRODUCT_START = 1_000_000;

function expectStatus<Body>(reply: Reply<Body>, status: number, what: string): Body {
  if (reply.status !== status) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** A manager with stock, a supplier with the same products, a courier and customers. */
export async function setUpBusiness(baseUrl: string, customerCount: number): Promise<Business> {
  const [manager, supplier, courier, ...customers] = await Promise.all([
    registerAndLoginAt(baseUrl, 'Inventory Manager'),
    registerAndLoginAt(baseUrl, 'Supplier'),
    registerAndLoginAt(baseUrl, 'Courier Service'),
    ...Array.from({ length: customerCount }, () => registerAndLoginAt(baseUrl, 'Customer')),
  ]);
  if (!manager || !supplier || !courier) throw new Error('accounts missing');
  const stocks = [];
  const products = [];
  for (const name of STOCK_NAMES) {
    const stock = expectStatus(
      await call<{ stock: StockItem }>(baseUrl, 'POST', '/api/stocks', {
        cookie: manager.cookie,
        body: { name, price: 2.5, quantity: STOCK_START, weight: 0.2 },
      }),
      201,
      'create stock',
    ).stock;
    stocks.push({ id: stock.stock_id, name, start: STOCK_START });
    const product = expectStatus(
      await call<SupplierProduct>(baseUrl, 'POST', '/api/stock-replenishment/products', {
        cookie: supplier.cookie,
        body: { name, price: 1.5, weight: 0.2, quantity: PRODUCT_START },
      }),
      201,
      'create product',
    );
    products.push({ id: product.id, name, start: PRODUCT_START });
  }
  return { manager, supplier, courier, customers, stocks, products };
}

export interface Load {
  ledger: Ledger;
  /** Writes acknowledged so far (placements and status changes). */
  acknowledgedWrites(): number;
  /** Stops the clients after their current request and resolves once all have. */
  stop(): Promise<void>;
}

const ORDER_STATUSES: OrderStatus[] = ['Processing', 'In Transit', 'Delivered'];
const SUPPLY_STATUSES: SupplyOrderStatus[] = ['Processing', 'In Transit', 'Delayed', 'Delivered', 'Canceled'];

/**
 * Starts the clients: each customer places orders, the manager places replenishment orders, the
 * supplier moves them on (Delivered stocks the manager, Canceled returns the units), and the courier
 * changes customer orders' statuses. A client that gets no answer waits until the server is ready
 * again, retries a placement once with the same Idempotency-Key, and goes on.
 */
export function startLoad(baseUrl: string, business: Business, seed: number): Load {
  const { int, pick } = seededRandom(seed);
  const ledger: Ledger = {
    orders: [],
    supplyOrders: [],
    orderStatusChanges: [],
    supplyStatusChanges: [],
    deliveries: [],
    requestsSent: 0,
    retries: 0,
  };
  let stopped = false;
  let tagCounter = 0;
  const newTag = (client: string) => {
    tagCounter += 1;
    return `${client}-${tagCounter}`;
  };

  async function send<Body>(
    method: string,
    path: string,
    options: Parameters<typeof call>[3],
  ): Promise<{ outcome: Outcome; reply?: Reply<Body> }> {
    ledger.requestsSent += 1;
    try {
      const reply = await call<Body>(baseUrl, method, path, options);
      if (reply.status >= 500) return { outcome: 'unknown', reply };
      return { outcome: reply.status < 300 ? 'acknowledged' : 'refused', reply };
    } catch {
      return { outcome: 'unknown' };
    }
  }

  async function untilReady() {
    while (!stopped) {
      const ready = await call(baseUrl, 'GET', '/readyz').then(
        (reply) => reply.status === 200,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** A creating POST with an Idempotency-Key, retried once with the same key if its answer was lost. */
  async function place<Created extends { id: number }>(
    write: PlacedWrite,
    path: string,
    cookie: string,
    body: unknown,
    created: (body: unknown) => Created,
  ) {
    const headers = { [IDEMPOTENCY_KEY_HEADER]: `crash-${write.tag}` };
    let sent = await send('POST', path, { cookie, body, headers });
    if (sent.outcome === 'unknown') {
      await untilReady();
      if (stopped) return;
      ledger.retries += 1;
      sent = await send('POST', path, { cookie, body, headers });
      write.replayed = sent.reply?.headers[IDEMPOTENT_REPLAYED_HEADER] === 'true';
      write.diedUncommitted =
        sent.reply?.status === 409 &&
        (sent.reply.body as { message?: unknown }).message === IDEMPOTENCY_MESSAGES.inProgress;
      // Still running means the first request never got to commit, so nothing was placed.
      if (write.diedUncommitted) sent = { outcome: 'refused' };
    }
    write.outcome = sent.outcome;
    if (sent.outcome === 'acknowledged' && sent.reply) write.id = created(sent.reply.body).id;
  }

  async function customerClient(customer: Account, index: number) {
    while (!stopped) {
      const lines = new Map<number, number>();
      for (let line = int(1, 2); line > 0; line -= 1) {
        const stock = pick(business.stocks);
        lines.set(stock.id, (lines.get(stock.id) ?? 0) + int(1, 3));
      }
      const write: PlacedWrite = {
        tag: newTag(`customer${index}`),
        outcome: 'unknown',
        replayed: false,
        diedUncommitted: false,
        items: [...lines].map(([id, quantity]) => ({ id, quantity })),
      };
      ledger.orders.push(write);
      await place(
        write,
        '/api/orders',
        customer.cookie,
        {
          shipping_address: `Crash test ${write.tag}`,
          pin_code: '110001',
          location_type: 'urban',
          phone_number: '9876543210',
          courier_service_id: business.courier.user.id,
          items: write.items.map((item) => ({ stock_id: item.id, quantity: item.quantity })),
        },
        (body) => (body as { order: Order }).order,
      );
    }
  }

  async function managerClient() {
    while (!stopped) {
      const product = pick(business.products);
      const write: PlacedWrite = {
        tag: newTag('manager'),
        outcome: 'unknown',
        replayed: false,
        diedUncommitted: false,
        items: [{ id: product.id, quantity: int(1, 5) }],
      };
      ledger.supplyOrders.push(write);
      await place(
        write,
        '/api/replenishment-orders',
        business.manager.cookie,
        {
          supplier_id: business.supplier.user.id,
          address: `Dock ${write.tag}`,
          mobile_number: '9876543210',
          items: write.items.map((item) => ({ product_id: item.id, quantity: item.quantity })),
        },
        (body) => (body as { order: SupplyOrder }).order,
      );
    }
  }

  /** Changes statuses of acknowledged orders; an order whose last change went unanswered is left alone. */
  async function statusClient(
    orders: () => PlacedWrite[],
    changes: StatusChange[],
    path: string,
    cookie: string,
    statuses: readonly string[],
    isFinal: (status: string) => boolean,
  ) {
    const settled = new Set<number>();
    while (!stopped) {
      const open = orders().filter((order) => order.id !== undefined && !settled.has(order.id));
      if (open.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      const orderId = pick(open).id as number;
      const change: StatusChange = { orderId, status: pick(statuses), outcome: 'unknown' };
      changes.push(change);
      // A customer order's Delivered carries its proof: a photo, as the courier needs no code for it
      // (docs/decisions/032-proof-of-delivery.md).
      const proof = path === '/api/orders' && change.status === 'Delivered' ? { proof: photoProof() } : {};
      const sent = await send('PUT', `${path}/${orderId}`, {
        cookie,
        body: { status: change.status, ...proof },
      });
      change.outcome = sent.outcome;
      if (sent.outcome === 'unknown') {
        settled.add(orderId);
        await untilReady();
      } else if (isFinal(change.status) && sent.outcome === 'acknowledged') {
        settled.add(orderId);
      }
    }
  }

  /**
   * Delivers one unit at a time of open supply orders, never the last unit of a line, so an order
   * is completed only by the status client's Delivered (whose ledger the invariants read) while
   * deliveries race it, cancellations and customer orders.
   */
  async function deliveryClient() {
    const sent = new Map<number, number>();
    while (!stopped) {
      const open = ledger.supplyOrders.filter(
        (order) => order.id !== undefined && (sent.get(order.id) ?? 0) + 1 < (order.items[0]?.quantity ?? 0),
      );
      if (open.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      const order = pick(open);
      const orderId = order.id as number;
      sent.set(orderId, (sent.get(orderId) ?? 0) + 1);
      const delivery: Ledger['deliveries'][number] = { orderId, outcome: 'unknown' };
      ledger.deliveries.push(delivery);
      const answer = await send('POST', `/api/replenishment-orders/${orderId}/deliveries`, {
        cookie: business.supplier.cookie,
        body: { lines: [{ product_id: order.items[0]?.id, quantity: 1 }] },
      });
      delivery.outcome = answer.outcome;
      if (answer.outcome === 'unknown') await untilReady();
    }
  }

  const clients = [
    ...business.customers.map((customer, index) => customerClient(customer, index)),
    managerClient(),
    deliveryClient(),
    statusClient(
      () => ledger.orders,
      ledger.orderStatusChanges,
      '/api/orders',
      business.courier.cookie,
      ORDER_STATUSES,
      () => false,
    ),
    statusClient(
      () => ledger.supplyOrders,
      ledger.supplyStatusChanges,
      '/api/replenishment-orders',
      business.supplier.cookie,
      SUPPLY_STATUSES,
      (status) => status === 'Delivered' || status === 'Canceled',
    ),
  ];
  const running = Promise.all(clients);

  return {
    ledger,
    acknowledgedWrites: () =>
      [ledger.orders, ledger.supplyOrders, ledger.orderStatusChanges, ledger.supplyStatusChanges]
        .flat()
        .filter((write) => write.outcome === 'acknowledged').length,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/**
 * Waits until this many more writes, and among them customer orders, have been acknowledged than
 * now; fails if the load stalls for a minute.
 */
export async function whileAcknowledging(
  load: Load,
  more: { writes: number; orders: number },
): Promise<void> {
  const acknowledgedOrders = () =>
    load.ledger.orders.filter((write) => write.outcome === 'acknowledged').length;
  const writes = load.acknowledgedWrites() + more.writes;
  const orders = acknowledgedOrders() + more.orders;
  const deadline = Date.now() + 60_000;
  while (load.acknowledgedWrites() < writes || acknowledgedOrders() < orders) {
    if (Date.now() > deadline) throw new Error(`${JSON.stringify(more)} not acknowledged within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The figures of one run, for the log and docs/RELIABILITY.md. */
export function summarizeLedger(ledger: Ledger) {
  const writes = [
    ledger.orders,
    ledger.supplyOrders,
    ledger.orderStatusChanges,
    ledger.supplyStatusChanges,
    ledger.deliveries,
  ].flat();
  const count = (outcome: Outcome) => writes.filter((write) => write.outcome === outcome).length;
  const placements = [...ledger.orders, ...ledger.supplyOrders];
  return {
    requestsSent: ledger.requestsSent,
    retries: ledger.retries,
    acknowledged: count('acknowledged'),
    refused: count('refused'),
    unknown: count('unknown'),
    replayedAfterCrash: placements.filter((write) => write.replayed).length,
    diedUncommitted: placements.filter((write) => write.diedUncommitted).length,
    ordersAcknowledged: ledger.orders.filter((write) => write.outcome === 'acknowledged').length,
    replenishmentsAcknowledged: ledger.supplyOrders.filter((write) => write.outcome === 'acknowledged')
      .length,
    statusChangesAcknowledged: [...ledger.orderStatusChanges, ...ledger.supplyStatusChanges].filter(
      (change) => change.outcome === 'acknowledged',
    ).length,
    partialDeliveriesAcknowledged: ledger.deliveries.filter((delivery) => delivery.outcome === 'acknowledged')
      .length,
  };
}
