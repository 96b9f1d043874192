import {
  type InventoryReport,
  type MoneyReport,
  NOT_COUNTED_ORDER_STATUSES,
  type OrderPerformanceReport,
  type ProductTrend,
  SALES_TREND_PRODUCTS,
  type SalesReport,
  STOCK_REORDER_LEVEL,
} from '@depot/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import { dayAfter } from '../../lib/days';
import { type DayRange, monthsOf } from './days';
import { moneyReportOf } from './service';

/**
 * The reports computed the plain way, from the order rows and nothing else (no summary tables):
 * what the tests and the bench hold the real reports to.
 */

const createdIn = (range: DayRange) =>
  [
    ['orders.created_at', '>=', range.startDate],
    ['orders.created_at', '<', dayAfter(range.endDate)],
  ] as const;
const orderMonth = sql<string>`substr(orders.created_at, 1, 7)`;

const filled = (months: string[], rows: { month: string; value: number }[]) =>
  months.map((month) => rows.find((row) => row.month === month)?.value ?? 0);

async function referenceSupplierDeliveries(db: Executor, range: DayRange) {
  const rows = await db
    .selectFrom('supply_order_items')
    .innerJoin('supply_orders', 'supply_orders.id', 'supply_order_items.order_id')
    .innerJoin('users', 'users.id', 'supply_orders.supplier_id')
    .select((eb) => ['users.name', eb.fn.sum<number>('supply_order_items.quantity').as('units')])
    .where('supply_orders.status', '=', 'Delivered')
    .where('supply_orders.delivered_at', '>=', range.startDate)
    .where('supply_orders.delivered_at', '<', dayAfter(range.endDate))
    .groupBy(['users.id', 'users.name'])
    .orderBy('units', 'desc')
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
  return { suppliers: rows.map((row) => row.name), total_products: rows.map((row) => Number(row.units)) };
}

export async function referenceInventoryReport(db: Executor, range: DayRange): Promise<InventoryReport> {
  const stocks = await db
    .selectFrom('stocks')
    .select(['name', 'quantity', 'created_at'])
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const existing = stocks.filter((stock) => stock.created_at.slice(0, 10) <= range.endDate);
  return {
    stock_levels: {
      products: existing.map((stock) => stock.name),
      quantities: existing.map((stock) => stock.quantity),
      reorder_level: STOCK_REORDER_LEVEL,
    },
    supplier_stock_distribution: await referenceSupplierDeliveries(db, range),
  };
}

export async function referenceOrderPerformanceReport(
  db: Executor,
  range: DayRange,
): Promise<OrderPerformanceReport> {
  const [from, to] = createdIn(range);
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [
      orderMonth.as('month'),
      eb.fn.countAll<number>().as('total'),
      eb.fn.countAll<number>().filterWhere('orders.status', '=', 'Delivered').as('delivered'),
    ])
    .where(...from)
    .where(...to)
    .groupBy(orderMonth)
    .execute();
  const months = monthsOf(range);
  const totals = filled(
    months,
    rows.map((row) => ({ month: row.month, value: Number(row.total) })),
  );
  return {
    order_fulfilment_rate: {
      months,
      total_orders: totals,
      fulfilled_orders: filled(
        months,
        rows.map((row) => ({ month: row.month, value: Number(row.delivered) })),
      ),
    },
    order_volume_trends: { months, order_counts: totals },
  };
}

export async function referenceSalesReport(db: Executor, range: DayRange): Promise<SalesReport> {
  const [from, to] = createdIn(range);
  const rows = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select((eb) => [
      'order_items.stock_id',
      orderMonth.as('month'),
      eb.fn.sum<number>('order_items.quantity').as('units'),
    ])
    .where(...from)
    .where(...to)
    // A cancelled order's units went back to stock: they were not sold.
    .where('orders.status', 'not in', NOT_COUNTED_ORDER_STATUSES)
    .groupBy(['order_items.stock_id', orderMonth])
    .execute();
  const stockIds = [...new Set(rows.map((row) => row.stock_id))];
  const stocks =
    stockIds.length === 0
      ? []
      : await db.selectFrom('stocks').select(['id', 'name']).where('id', 'in', stockIds).execute();
  const names = new Map(stocks.map((stock) => [stock.id, stock.name]));

  const products = stockIds.map((stockId) => ({
    stock_id: stockId,
    name: names.get(stockId) ?? '',
    total: rows.filter((row) => row.stock_id === stockId).reduce((sum, row) => sum + Number(row.units), 0),
  }));
  // Code-point order of names: what SQLite and a C-collated PostgreSQL (the tests' and bench's) sort by.
  const byNameThenId = (a: (typeof products)[number], b: (typeof products)[number]) =>
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.stock_id - b.stock_id;
  const sold = products.filter((product) => product.total > 0);
  const bestsellers = [...sold]
    .sort((a, b) => b.total - a.total || byNameThenId(a, b))
    .slice(0, SALES_TREND_PRODUCTS);
  const lowPerformers = sold
    .filter((product) => !bestsellers.includes(product))
    .sort((a, b) => a.total - b.total || byNameThenId(a, b))
    .slice(0, SALES_TREND_PRODUCTS);

  const months = monthsOf(range);
  const trend = (product: (typeof products)[number]): ProductTrend => [
    product.name,
    {
      months,
      quantities: filled(
        months,
        rows
          .filter((row) => row.stock_id === product.stock_id)
          .map((row) => ({ month: row.month, value: Number(row.units) })),
      ),
    },
  ];
  return {
    product_sales_trends: { bestsellers: bestsellers.map(trend), low_performers: lowPerformers.map(trend) },
  };
}

/** Revenue from the order rows: orders of the range not Cancelled, their items' value; one manager's stock value. */
export async function referenceMoneyReport(
  db: Executor,
  range: DayRange,
  managerId: number,
): Promise<MoneyReport> {
  const [from, to] = createdIn(range);
  const orders = await db
    .selectFrom('orders')
    .select(['created_at', 'status', 'items_total_cents'])
    .where(...from)
    .where(...to)
    .execute();
  const byMonth = new Map<string, { month: string; orders: number; cents: number }>();
  for (const order of orders) {
    if ((NOT_COUNTED_ORDER_STATUSES as readonly string[]).includes(order.status)) continue;
    const month = order.created_at.slice(0, 7);
    const row = byMonth.get(month) ?? { month, orders: 0, cents: 0 };
    row.orders += 1;
    row.cents += order.items_total_cents;
    byMonth.set(month, row);
  }
  const stocks = await db
    .selectFrom('stocks')
    .select(['quantity', 'price_cents'])
    .where('inventory_manager_id', '=', managerId)
    .where('deleted_at', 'is', null)
    .execute();
  const stockCents = stocks.reduce((sum, stock) => sum + stock.quantity * stock.price_cents, 0);
  return moneyReportOf(monthsOf(range), [...byMonth.values()], stockCents);
}
