import type { Notification } from './auth';
import type { Order } from './orders';
import type { SupplyOrder } from './supply-orders';

/**
 * GET /api/events: Server-Sent Events for the logged-in user
 * (docs/product/business-rules.md#live-updates).
 */
export const EVENTS_PATH = '/api/events';

/** The `event:` names of the stream; `data:` is the JSON of the matching LiveEvent's data. */
export const LIVE_EVENT_TYPES = [
  'notification',
  'order-updated',
  'order-assigned',
  'supply-order-updated',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export type LiveEvent =
  /** A new notification of the user (an order or supply order was placed or changed). */
  | { type: 'notification'; data: Notification }
  /** An order the user is the customer or courier of was placed or changed. */
  | { type: 'order-updated'; data: { order: Order } }
  /** A new order names the user as its courier. */
  | { type: 'order-assigned'; data: { order: Order } }
  /** A supply order the user is the manager or supplier of was placed or changed. */
  | { type: 'supply-order-updated'; data: { order: SupplyOrder } };
