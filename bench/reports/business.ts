import { randomUUID } from 'node:crypto';
import type { LocationType, OrderStatus, SupplyOrderStatus } from '@depot/contract';
import type { Selectable } from 'kysely';
import type {
  OrderItemsTable,
  OrdersTable,
  SupplyOrderItemsTable,
  SupplyOrdersTable,
} from '../../apps/server/src/db/schema';
import { expectedDeliveryDate, shippingCostCents } from '../../apps/server/src/modules/orders/shipping';
import { seededRandom } from '../../apps/server/src/test/seeded-random';

/** The size of the business the bench builds: a year of customer orders over a fixed catalogue. */
export interface BusinessPlan {
  orders: number;
  products: number;
  customers: number;
  couriers: number;
  suppliers: number;
  /** Replenishment orders the manager places with the suppliers over the year. */
  supplyOrders: number;
  /** The orders fall on the days of this calendar year (UTC). */
  year: number;
}

/** User ids the seeder gives: the manager owning the stock first, then couriers, customers, suppliers. */
export const MANAGER_ID = 1;
export const courierId = (n: number) => 1 + n;
export const customerId = (plan: BusinessPlan, n: number) => 1 + plan.couriers + n;
export const supplierId = (plan: BusinessPlan, n: number) => 1 + plan.couriers + plan.customers + n;
/** Each supplier's catalogue. */
export const PRODUCTS_PER_SUPPLIER = 10;

export interface StockRow {
  id: number;
  name: string;
  price_cents: number;
  quantity: number;
  weight_grams: number;
}

/** An order row as stored, with the id the seeder gives it. */
/** Orders as the benches write them: no failed attempts (docs/decisions/031-failed-attempts-and-returns.md), no delivery code (proofs are not timed here), no wrong tries. */
export type OrderRow = Omit<
  Selectable<OrdersTable>,
  'last_attempt_reason' | 'next_attempt_date' | 'delivery_code' | 'delivery_code_failures'
>;
export type OrderItemRow = Omit<Selectable<OrderItemsTable>, 'id'>;

export const ORDER_COLUMNS = [
  'id',
  'customer_id',
  'customer_name',
  'courier_service_id',
  'shipping_address',
  'pin_code',
  'location_type',
  'phone_number',
  'consignment_weight_grams',
  'items_total_cents',
  'shipping_cost_cents',
  'status',
  'delivery_date',
  'created_at',
  'updated_at',
  'tracking_token',
] as const satisfies readonly (keyof OrderRow)[];

/** A random tracking token, as the app gives every order (never derived from its id). */
export const newTrackingToken = () => randomUUID().replaceAll('-', '');

export const ORDER_ITEM_COLUMNS = [
  'order_id',
  'stock_id',
  'product_name',
  'quantity',
  'price_cents',
  'weight_grams',
] as const satisfies readonly (keyof OrderItemRow)[];

/** Words the stock names are made of; bench/lists names its rows from them too. */
export const MATERIALS = [
  'Steel',
  'Oak',
  'Brass',
  'Copper',
  'Nylon',
  'Rubber',
  'Glass',
  'Cotton',
  'Teak',
  'Zinc',
];
export const THINGS = [
  'Hinge',
  'Bracket',
  'Valve',
  'Washer',
  'Clamp',
  'Spring',
  'Pulley',
  'Gasket',
  'Rivet',
  'Bearing',
  'Handle',
  'Latch',
  'Socket',
  'Coupler',
  'Spindle',
  'Sleeve',
  'Flange',
  'Caster',
  'Grommet',
  'Shackle',
];
const LOCATIONS: LocationType[] = ['urban', 'urban', 'urban', 'suburban', 'suburban', 'rural'];
// Busier before the holidays and in spring, quieter in late summer.
const MONTH_WEIGHTS = [0.8, 0.75, 0.95, 1.05, 1, 0.9, 0.85, 0.8, 0.95, 1.1, 1.35, 1.5];
const DAY_MS = 86_400_000;

export function stocksOf(plan: BusinessPlan): StockRow[] {
  const random = seededRandom(7);
  return Array.from({ length: plan.products }, (_, index) => ({
    id: index + 1,
    name: `${MATERIALS[index % MATERIALS.length]} ${THINGS[Math.floor(index / MATERIALS.length) % THINGS.length]} ${
      Math.floor(index / (MATERIALS.length * THINGS.length)) + 1
    }`,
    price_cents: random.int(99, 25_000),
    quantity: random.int(0, 600),
    weight_grams: random.int(20, 5_000),
  }));
}

/** How many orders fall on each day of the year: seasons, weekends and some day-to-day noise. */
function ordersPerDay(plan: BusinessPlan): number[] {
  const random = seededRandom(11);
  const first = Date.UTC(plan.year, 0, 1);
  const days = (Date.UTC(plan.year + 1, 0, 1) - first) / DAY_MS;
  const weights = Array.from({ length: days }, (_, day) => {
    const date = new Date(first + day * DAY_MS);
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6 ? 0.7 : 1;
    return (MONTH_WEIGHTS[date.getUTCMonth()] as number) * weekend * (0.85 + random.next() * 0.3);
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const counts = weights.map((weight) => Math.floor((plan.orders * weight) / total));
  let missing = plan.orders - counts.reduce((sum, count) => sum + count, 0);
  for (let day = days - 1; missing > 0; day = (day + days - 1) % days, missing--) {
    counts[day] = (counts[day] as number) + 1;
  }
  return counts;
}

/** Older orders are mostly delivered; the last fortnight's are still on their way. */
function statusOf(random: ReturnType<typeof seededRandom>, ageDays: number): OrderStatus {
  const roll = random.next();
  if (ageDays > 14) return roll < 0.92 ? 'Delivered' : roll < 0.97 ? 'In Transit' : 'Processing';
  return roll < 0.3 ? 'Delivered' : roll < 0.7 ? 'In Transit' : 'Processing';
}

/**
 * The year's orders in creation order, `batchSize` at a time with their lines: 1 to 4 lines of
 * distinct products (2.5 on average), popular products far more often than the rest.
 */
export function* orderBatches(
  plan: BusinessPlan,
  stocks: StockRow[],
  batchSize: number,
): Generator<{ orders: OrderRow[]; items: OrderItemRow[] }> {
  const random = seededRandom(42);
  const yearEnd = Date.UTC(plan.year + 1, 0, 1);
  const first = Date.UTC(plan.year, 0, 1);
  let orders: OrderRow[] = [];
  let items: OrderItemRow[] = [];
  let nextId = 1;
  for (const [day, count] of ordersPerDay(plan).entries()) {
    const times = Array.from({ length: count }, () => first + day * DAY_MS + random.int(0, DAY_MS - 1)).sort(
      (a, b) => a - b,
    );
    for (const time of times) {
      const id = nextId++;
      const chosen = new Set<number>();
      for (let lines = random.int(1, 4); chosen.size < lines; ) {
        chosen.add(Math.floor(stocks.length * random.next() ** 2.5));
      }
      let weight = 0;
      let total = 0;
      for (const index of [...chosen].sort((a, b) => a - b)) {
        const stock = stocks[index] as StockRow;
        const quantity = random.next() < 0.8 ? random.int(1, 3) : random.int(4, 20);
        weight += stock.weight_grams * quantity;
        total += stock.price_cents * quantity;
        items.push({
          order_id: id,
          stock_id: stock.id,
          product_name: stock.name,
          quantity,
          price_cents: stock.price_cents,
          weight_grams: stock.weight_grams,
        });
      }
      const location = LOCATIONS[random.int(0, LOCATIONS.length - 1)] as LocationType;
      const placedAt = new Date(time);
      const createdAt = placedAt.toISOString();
      const customer = random.int(1, plan.customers);
      orders.push({
        id,
        customer_id: customerId(plan, customer),
        customer_name: `Customer ${customer}`,
        courier_service_id: courierId(random.int(1, plan.couriers)),
        tracking_token: newTrackingToken(),
        shipping_address: `${random.int(1, 300)} Market Road, Block ${random.int(1, 40)}`,
        pin_code: '110001',
        location_type: location,
        phone_number: `+91 98${String(random.int(0, 99_999_999)).padStart(8, '0')}`,
        consignment_weight_grams: weight,
        items_total_cents: total,
        shipping_cost_cents: shippingCostCents(weight, location),
        status: statusOf(random, (yearEnd - time) / DAY_MS),
        delivery_date: expectedDeliveryDate(placedAt, location),
        created_at: createdAt,
        updated_at: createdAt,
      });
      if (orders.length === batchSize) {
        yield { orders, items };
        orders = [];
        items = [];
      }
    }
  }
  if (orders.length > 0) yield { orders, items };
}

export type SupplyOrderRow = Selectable<SupplyOrdersTable>;
export type SupplyOrderItemRow = Omit<Selectable<SupplyOrderItemsTable>, 'id'>;

export interface SupplierProductRow {
  id: number;
  supplier_id: number;
  name: string;
  price_cents: number;
  weight_grams: number;
  quantity: number;
  created_at: string;
  updated_at: string;
}

/** Every supplier's catalogue: the stock items' names, at a wholesale price. */
export function supplierProductsOf(plan: BusinessPlan, stocks: StockRow[]): SupplierProductRow[] {
  const createdAt = `${plan.year - 1}-11-15T00:00:00.000Z`;
  return Array.from({ length: plan.suppliers * PRODUCTS_PER_SUPPLIER }, (_, index) => {
    const stock = stocks[index % stocks.length] as StockRow;
    return {
      id: index + 1,
      supplier_id: supplierId(plan, Math.floor(index / PRODUCTS_PER_SUPPLIER) + 1),
      name: stock.name,
      price_cents: Math.max(1, Math.round(stock.price_cents * 0.6)),
      weight_grams: stock.weight_grams,
      quantity: 100_000,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
}

/** Older supply orders are delivered (a few canceled); recent ones are in every other status. */
function supplyStatusOf(random: ReturnType<typeof seededRandom>, ageDays: number): SupplyOrderStatus {
  const roll = random.next();
  if (ageDays > 21) return roll < 0.9 ? 'Delivered' : roll < 0.95 ? 'Canceled' : 'Delayed';
  const recent: SupplyOrderStatus[] = ['Order Received', 'Processing', 'In Transit', 'Delayed', 'Delivered'];
  return recent[Math.floor(roll * recent.length)] as SupplyOrderStatus;
}

/** The year's replenishment orders with their lines (1 to 4 products of one supplier). */
export function supplyOrdersOf(
  plan: BusinessPlan,
  products: SupplierProductRow[],
): { orders: SupplyOrderRow[]; items: SupplyOrderItemRow[] } {
  const random = seededRandom(99);
  const first = Date.UTC(plan.year, 0, 1);
  const yearEnd = Date.UTC(plan.year + 1, 0, 1);
  const times = Array.from({ length: plan.supplyOrders }, () => random.int(first, yearEnd - 1)).sort(
    (a, b) => a - b,
  );
  const orders: SupplyOrderRow[] = [];
  const items: SupplyOrderItemRow[] = [];
  for (const [index, time] of times.entries()) {
    const id = index + 1;
    const supplier = random.int(1, plan.suppliers);
    const catalogue = products.filter((_, n) => Math.floor(n / PRODUCTS_PER_SUPPLIER) === supplier - 1);
    const chosen = new Set<number>();
    for (let lines = random.int(1, 4); chosen.size < lines; ) chosen.add(random.int(0, catalogue.length - 1));
    let totalQuantity = 0;
    let totalCostCents = 0;
    for (const n of [...chosen].sort((a, b) => a - b)) {
      const product = catalogue[n] as SupplierProductRow;
      const quantity = random.int(10, 200);
      totalQuantity += quantity;
      totalCostCents += quantity * product.price_cents;
      items.push({
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
    const createdAt = new Date(time).toISOString();
    const expected = new Date(time + random.int(2, 10) * DAY_MS).toISOString();
    const finishedAt = new Date(Math.min(time + random.int(1, 12) * DAY_MS, yearEnd - 1)).toISOString();
    orders.push({
      id,
      inventory_manager_id: MANAGER_ID,
      inventory_manager_name: 'Stock Keeper',
      supplier_id: supplierId(plan, supplier),
      supplier_name: `Supplier ${supplier}`,
      address: 'Depot Warehouse, 4 Ring Road',
      mobile_number: '+91 98100 00000',
      status,
      expected_delivery_time: status === 'Order Received' ? null : expected,
      created_at: createdAt,
      updated_at: status === 'Delivered' || status === 'Canceled' ? finishedAt : createdAt,
      delivered_at: status === 'Delivered' ? finishedAt : null,
      total_quantity: totalQuantity,
      total_cost_cents: totalCostCents,
    });
  }
  return { orders, items };
}
