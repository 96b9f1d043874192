import { z } from 'zod';
import { isFinalSupplyOrderStatus, SUPPLY_ORDER_STATUSES } from './supply-orders';

/**
 * Each role's day on the Overview (docs/product/screens.md#overview), one endpoint a role, counted
 * over the caller's own orders. Days are UTC, as the lists' day filters are, so every number
 * carries the filters of the list it counts (docs/decisions/024-overviews-and-remembered-addresses.md).
 */

/** A supply order not yet final. */
export const OPEN_SUPPLY_ORDER_STATUSES = SUPPLY_ORDER_STATUSES.filter(
  (status) => !isFinalSupplyOrderStatus(status),
);

/** How many of the caller's last deliveries a customer's Overview lists. */
export const OVERVIEW_LAST_DELIVERIES = 3;

const count = z.number().int().min(0);
const day = z.string().describe('A UTC day, YYYY-MM-DD');

/** GET /api/overview/customer: open orders by status, and the last deliveries. */
export const customerDaySchema = z
  .object({
    today: day,
    open: z.object({ Processing: count, 'In Transit': count }),
    delivered: count,
    /** The last Delivered orders, latest first (when each last changed: its delivery). */
    last_deliveries: z.array(
      z.object({
        id: z.number().int(),
        delivered_at: z.string(),
        items_total: z.number(),
        shipping_cost: z.number(),
        item_count: count,
      }),
    ),
  })
  .meta({ id: 'CustomerDay' });
export type CustomerDay = z.infer<typeof customerDaySchema>;

/**
 * GET /api/overview/supplier: open supply orders by status, those expected this week (Monday to
 * Sunday, UTC) and those overdue (open, expected on a day before today).
 */
export const supplierDaySchema = z
  .object({
    today: day,
    yesterday: day,
    week_from: day,
    week_to: day,
    open: z.object({ 'Order Received': count, Processing: count, 'In Transit': count, Delayed: count }),
    due_this_week: count,
    overdue: count,
  })
  .meta({ id: 'SupplierDay' });
export type SupplierDay = z.infer<typeof supplierDaySchema>;

/**
 * GET /api/overview/courier: the orders due today by status, and the open ones due before today
 * by status.
 */
export const courierDaySchema = z
  .object({
    today: day,
    yesterday: day,
    today_by_status: z.object({
      Processing: count,
      'In Transit': count,
      Delivered: count,
      Returned: count,
      Cancelled: count,
    }),
    overdue: z.object({ Processing: count, 'In Transit': count }),
  })
  .meta({ id: 'CourierDay' });
export type CourierDay = z.infer<typeof courierDaySchema>;
