import type { Notification } from './auth';
import type { Order } from './orders';

/** GET /api/events: Server-Sent Events for the logged-in user (DESIGN §1). */
export const EVENTS_PATH = '/api/events';

/** The `event:` names of the stream; `data:` is the JSON of the matching LiveEvent's data. */
export const LIVE_EVENT_TYPES = ['notification', 'order-updated', 'order-assigned'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export type LiveEvent =
  /** A new notification of the user (a customer's order was placed or changed status). */
  | { type: 'notification'; data: Notification }
  /** An order the user is the customer or courier of was placed or changed. */
  | { type: 'order-updated'; data: { order: Order } }
  /** A new order names the user as its courier. */
  | { type: 'order-assigned'; data: { order: Order } };
