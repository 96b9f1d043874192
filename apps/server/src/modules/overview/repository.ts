import {
  type CourierDay,
  type CustomerDay,
  OPEN_ORDER_STATUSES,
  OPEN_SUPPLY_ORDER_STATUSES,
  ORDER_STATUSES,
  OVERVIEW_LAST_DELIVERIES,
  type SupplierDay,
} from '@depot/contract';
import { sql } from 'kysely';
import { type Reach, reached } from '../../db/reach';
import type { Executor } from '../../db/schema';
import { fromCents } from '../../lib/amounts';

/** The days a role's Overview counts by, all UTC (as the lists' day filters are). */
export interface OverviewDays {
  today: string;
  tomorrow: string;
  yesterday: string;
  /** Monday and Sunday of this week, and the Monday after. */
  weekFrom: string;
  weekTo: string;
  weekEnd: string;
}

/** Counts per status of the rows a grouped query answers, every status asked for present (0 when none). */
function countsOf<Status extends string>(
  statuses: readonly Status[],
  rows: { status: string; count: number | string | bigint }[],
): Record<Status, number> {
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<Status, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as Status] = Number(row.count);
  return counts;
}

/**
 * A customer's open orders by status and their last deliveries: their own orders, a few dozen
 * at most for most, read from orders_customer_created_idx's range.
 */
export async function customerDay(db: Executor, reach: Reach, days: OverviewDays): Promise<CustomerDay> {
  const byStatus = await db
    .selectFrom('orders')
    .where(reached('orders', reach))
    .groupBy('status')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .execute();
  const counts = countsOf(ORDER_STATUSES, byStatus);
  const last = await db
    .selectFrom('orders')
    .where(reached('orders', reach))
    .where('status', '=', 'Delivered')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(OVERVIEW_LAST_DELIVERIES)
    .select((eb) => [
      'id',
      'updated_at',
      'items_total_cents',
      'shipping_cost_cents',
      eb
        .selectFrom('order_items')
        .whereRef('order_items.order_id', '=', 'orders.id')
        .select(sql<number>`count(*)`.as('n'))
        .as('item_count'),
    ])
    .execute();
  return {
    today: days.today,
    open: { Processing: counts.Processing, 'In Transit': counts['In Transit'] },
    delivered: counts.Delivered,
    last_deliveries: last.map((row) => ({
      id: row.id,
      delivered_at: row.updated_at,
      items_total: fromCents(row.items_total_cents),
      shipping_cost: fromCents(row.shipping_cost_cents),
      item_count: Number(row.item_count ?? 0),
    })),
  };
}

/**
 * A supplier's open supply orders by status (supply_orders_supplier_status_idx), and of those the
 * ones expected this week and the ones expected before today (supply_orders_supplier_expected_*).
 */
export async function supplierDay(db: Executor, reach: Reach, days: OverviewDays): Promise<SupplierDay> {
  const open = [...OPEN_SUPPLY_ORDER_STATUSES];
  const byStatus = await db
    .selectFrom('supply_orders')
    .where(reached('supply_orders', reach))
    .where('status', 'in', open)
    .groupBy('status')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .execute();
  const counts = countsOf(open, byStatus);
  const due = await db
    .selectFrom('supply_orders')
    .where(reached('supply_orders', reach))
    .where('status', 'in', open)
    .where('expected_delivery_time', '<', days.weekEnd)
    .select([
      sql<number>`sum(case when expected_delivery_time >= ${days.weekFrom} then 1 else 0 end)`.as(
        'this_week',
      ),
      sql<number>`sum(case when expected_delivery_time < ${days.today} then 1 else 0 end)`.as('overdue'),
    ])
    .executeTakeFirst();
  return {
    today: days.today,
    yesterday: days.yesterday,
    week_from: days.weekFrom,
    week_to: days.weekTo,
    open: {
      'Order Received': counts['Order Received'] ?? 0,
      Processing: counts.Processing ?? 0,
      'In Transit': counts['In Transit'] ?? 0,
      Delayed: counts.Delayed ?? 0,
    },
    due_this_week: Number(due?.this_week ?? 0),
    overdue: Number(due?.overdue ?? 0),
  };
}

/**
 * A courier's orders due today by status, and the open ones due before today by status: both read
 * from orders_courier_status_delivery_idx alone.
 */
export async function courierDay(db: Executor, reach: Reach, days: OverviewDays): Promise<CourierDay> {
  const today = await db
    .selectFrom('orders')
    .where(reached('orders', reach))
    .where('status', 'in', [...ORDER_STATUSES])
    .where('delivery_date', '>=', days.today)
    .where('delivery_date', '<', days.tomorrow)
    .groupBy('status')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .execute();
  const overdue = await db
    .selectFrom('orders')
    .where(reached('orders', reach))
    .where('status', 'in', [...OPEN_ORDER_STATUSES])
    .where('delivery_date', '<', days.today)
    .groupBy('status')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .execute();
  return {
    today: days.today,
    yesterday: days.yesterday,
    today_by_status: countsOf(ORDER_STATUSES, today),
    overdue: countsOf(OPEN_ORDER_STATUSES, overdue),
  };
}
