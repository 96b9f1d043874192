import { z } from 'zod';
import { recordIdSchema } from './common';
import { isDayRangeInOrder, LIST_MESSAGES, listDayFilter } from './lists';
import { COURIER_ORDER_STATUSES, ORDER_STATUSES, type OrderStatus } from './order-statuses';
import { orderSchema } from './orders';

/**
 * The courier's board (docs/product/screens.md#courier-service): counts per status, bulk status
 * changes (docs/decisions/028-the-courier-s-field-kit.md).
 */

/** Most orders one bulk status change may name. */
export const BULK_STATUS_MAX = 50;

/**
 * Statuses that end an order for its courier: once there, the courier's changes are refused with
 * 409 `order_final` (docs/product/statuses.md#customer-orders).
 */
export const FINAL_ORDER_STATUSES = [
  'Delivered',
  'Returned',
  'Cancelled',
] as const satisfies readonly OrderStatus[];
/** Final statuses a manager may reopen (docs/decisions/031-failed-attempts-and-returns.md): Cancelled is not one. */
export const REOPENABLE_ORDER_STATUSES = ['Delivered', 'Returned'] as const satisfies readonly OrderStatus[];
export const isReopenableOrderStatus = (status: OrderStatus) =>
  (REOPENABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
export const isFinalOrderStatus = (status: OrderStatus) =>
  (FINAL_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/** The statuses of open orders, still to deliver: every status but the final ones (the board, the Overviews). */
export const OPEN_ORDER_STATUSES = ['Processing', 'In Transit'] as const satisfies readonly Exclude<
  OrderStatus,
  (typeof FINAL_ORDER_STATUSES)[number]
>[];

/** Messages of the board (docs/product/validation-and-messages.md#delivery-status). */
export const COURIER_BOARD_MESSAGES = {
  idsRequired: 'Choose at least one order',
  tooManyIds: `At most ${BULK_STATUS_MAX} orders can be changed at once`,
  statusRequired: 'Status is required',
  invalidStatus: `Status must be one of ${COURIER_ORDER_STATUSES.join(', ')}`,
} as const;

/** The toast after a bulk change: how many changed and how many were refused. */
export const bulkStatusMessage = (updated: number, refused: number) =>
  `${updated} ${updated === 1 ? 'order' : 'orders'} updated${refused > 0 ? `, ${refused} refused` : ''}`;

/** GET /api/orders/status-counts: the caller's orders per status, optionally those due within days (the list's filter). */
export const orderStatusCountsQuerySchema = z
  .object({ delivery_from: listDayFilter, delivery_to: listDayFilter })
  .refine((query) => isDayRangeInOrder({ from: query.delivery_from, to: query.delivery_to }), {
    message: LIST_MESSAGES.deliveryFromAfterTo,
    path: ['delivery_from'],
  });
export type OrderStatusCountsQuery = z.infer<typeof orderStatusCountsQuerySchema>;

export const orderStatusCountsSchema = z
  .object({
    counts: z.object(
      Object.fromEntries(ORDER_STATUSES.map((status) => [status, z.number().int()])) as Record<
        OrderStatus,
        z.ZodNumber
      >,
    ),
    total: z.number().int(),
  })
  .meta({ id: 'OrderStatusCounts' });
export type OrderStatusCounts = z.infer<typeof orderStatusCountsSchema>;

/** POST /api/orders/status: one status for several orders of the courier, each changed on its own. */
export const bulkStatusBodySchema = z.object({
  ids: z
    .array(recordIdSchema, { error: COURIER_BOARD_MESSAGES.idsRequired })
    .min(1, COURIER_BOARD_MESSAGES.idsRequired)
    .max(BULK_STATUS_MAX, COURIER_BOARD_MESSAGES.tooManyIds)
    .transform((ids) => [...new Set(ids)]),
  status: z.enum(COURIER_ORDER_STATUSES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? COURIER_BOARD_MESSAGES.statusRequired
        : COURIER_BOARD_MESSAGES.invalidStatus,
  }),
});
export type BulkStatusBody = z.input<typeof bulkStatusBodySchema>;

/** What became of one order of a bulk change: changed, already so, or refused with the error's code. */
export const bulkStatusResultSchema = z
  .object({
    id: z.number().int(),
    outcome: z.enum(['updated', 'unchanged', 'refused']),
    /** The order as it is now; absent when refused. */
    order: orderSchema.optional(),
    code: z.string().optional(),
    message: z.string().optional(),
  })
  .meta({ id: 'BulkStatusResult' });
export type BulkStatusResult = z.infer<typeof bulkStatusResultSchema>;

export const bulkStatusResponseSchema = z.object({
  message: z.string(),
  results: z.array(bulkStatusResultSchema),
});
export type BulkStatusResponse = z.infer<typeof bulkStatusResponseSchema>;
