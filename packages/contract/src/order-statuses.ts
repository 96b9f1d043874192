/**
 * The order's statuses, location types and failed-attempt reasons as plain values, without zod: the
 * public tracking page and the order timeline read them, and importing orders.ts would make them
 * load and build every order schema first (docs/decisions/033-money-on-the-overview-and-the-catalogue-in-context.md).
 */

/**
 * Location types of docs/product/business-rules.md#shipping-cost; they set the shipping charge and
 * the expected delivery date.
 */
export const LOCATION_TYPES = ['urban', 'suburban', 'rural'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/**
 * Customer order statuses (docs/product/statuses.md#customer-orders): the courier's four (Processing
 * and In Transit may follow each other; Delivered and Returned end the order for the courier, and
 * only a manager reopens it), and Cancelled, which only the customer (while Processing) or a
 * manager of its stock sets, and which is final.
 */
export const COURIER_ORDER_STATUSES = ['Processing', 'In Transit', 'Delivered', 'Returned'] as const;
export type CourierOrderStatus = (typeof COURIER_ORDER_STATUSES)[number];
export const ORDER_STATUSES = [...COURIER_ORDER_STATUSES, 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The status after which nothing about an order changes again. */
export const CANCELLED_ORDER_STATUS = 'Cancelled' satisfies OrderStatus;
/**
 * The statuses whose orders are not counted as sales: their units and revenue leave the report
 * summaries in the transaction that sets them (docs/product/business-rules.md#money-on-the-overview).
 * A returned order's units are back in stock too (docs/decisions/031-failed-attempts-and-returns.md).
 */
export const NOT_COUNTED_ORDER_STATUSES = [
  CANCELLED_ORDER_STATUS,
  'Returned',
] as const satisfies readonly OrderStatus[];
/** An order refused or given up: its units are back in stock (docs/decisions/031-failed-attempts-and-returns.md). */
export const RETURNED_ORDER_STATUS = 'Returned' satisfies OrderStatus;

/**
 * Why a delivery attempt failed (docs/product/business-rules.md#failed-attempts); `other` needs a
 * note saying what happened.
 */
export const ATTEMPT_REASONS = ['no_one_home', 'address_not_found', 'refused', 'other'] as const;
export type AttemptReason = (typeof ATTEMPT_REASONS)[number];
/** Each reason in words, as the board's dialog, the timeline and the customer's mail show it. */
export const ATTEMPT_REASON_LABELS: Record<AttemptReason, string> = {
  no_one_home: 'No one at home',
  address_not_found: 'Address not found',
  refused: 'Refused',
  other: 'Other',
};
/** Longest note of a failed attempt, and of a manager's reason for reopening. */
export const ATTEMPT_NOTE_MAX = 300;
export const REOPEN_REASON_MAX = 300;
/** How far ahead the next attempt may be planned, in days. */
export const NEXT_ATTEMPT_MAX_DAYS = 30;
