import { type RefinementCtx, z } from 'zod';
import {
  DECIMAL_STRING,
  ID_MAX,
  PHONE_PATTERN,
  QUANTITY_MAX,
  recordIdSchema,
  type TextOptions,
  text,
  WHOLE_STRING,
} from './common';
import { deliveryProofSchema, orderProofSchema, PROOF_MESSAGES } from './delivery-proofs';
import {
  DAY_RANGE_RULE,
  dayRangeFilters,
  defineList,
  isDayRangeInOrder,
  LIST_MESSAGES,
  listDayFilter,
  listQuerySchema,
  oneOrMoreOf,
} from './lists';
import {
  ATTEMPT_NOTE_MAX,
  ATTEMPT_REASONS,
  COURIER_ORDER_STATUSES,
  LOCATION_TYPES,
  NEXT_ATTEMPT_MAX_DAYS,
  ORDER_STATUSES,
  type OrderStatus,
  REOPEN_REASON_MAX,
} from './order-statuses';

/** Indian PIN codes: six digits, never starting with 0. */
export const PIN_CODE_PATTERN = /^[1-9]\d{5}$/;

/** Most lines one order may carry. */
export const ORDER_ITEMS_MAX = 100;
/** Largest total weight the shipping cost preview accepts, in kg. */
export const TOTAL_WEIGHT_MAX = 1_000_000_000;

/**
 * Messages the server sends about customer orders that the browser and tests look for
 * (docs/product/validation-and-messages.md#customer-orders).
 */
/**
 * A courier's change made offline carries the time the device made it
 * (docs/product/business-rules.md#changes-made-offline): at most this far ahead of the server's
 * clock (device clocks drift)…
 */
export const DEVICE_TIME_MAX_AHEAD_MS = 5 * 60_000;
/** …and at most this many days old. */
export const DEVICE_TIME_MAX_AGE_DAYS = 7;

export const ORDER_MESSAGES = {
  placed: 'Order placed successfully',
  statusUpdated: 'Order status updated successfully',
  requiredFields: 'Please fill in all required fields and add at least one product.',
  invalidPinCode: 'Invalid PIN code. Please enter a valid PIN code.',
  invalidLocationType: 'Location type must be urban, suburban or rural',
  invalidPhone: 'Enter a valid phone number',
  invalidCourier: 'Please choose a valid courier service.',
  invalidCustomer: 'customer_id must be a positive whole number',
  invalidStockId: 'Each product must name a stock item by its id',
  invalidQuantity: `Quantity must be a whole number from 1 to ${QUANTITY_MAX.toLocaleString('en-US')}`,
  tooManyItems: `An order can have at most ${ORDER_ITEMS_MAX} different products`,
  addressTooLong: 'Delivery address must be at most 500 characters',
  phoneTooLong: 'Phone number must be at most 30 characters',
  notYourAccount: 'You can only place orders for yourself',
  tooLarge: 'This order is too large to place',
  notFound: 'Order not found',
  statusRequired: 'Status is required',
  invalidStatus: `Status must be one of ${COURIER_ORDER_STATUSES.join(', ')}`,
  cancelled: 'Order cancelled',
  onlyProcessingCancels: 'Only a Processing order can be cancelled',
  courierRequired: 'Please choose a courier service.',
  alreadyDelivered: 'A Delivered order keeps its courier',
  courierReassigned: 'Courier changed successfully',
  trackingNotFound: 'No order has this tracking link',
  totalWeightRequired: 'Total weight is required',
  invalidTotalWeight: `Total weight must be a number of kg from 0 to ${TOTAL_WEIGHT_MAX.toLocaleString('en-US')}`,
  locationTypeRequired: 'Location type is required',
  invalidDeviceTime: 'Device time must be a date and time with its offset, such as 2026-12-15T09:30:00Z',
  deviceTimeInFuture: 'Device time is in the future: check the device clock',
  deviceTimeTooOld: `Device time is more than ${DEVICE_TIME_MAX_AGE_DAYS} days old: this change can no longer be sent`,
  attemptRecorded: 'Failed attempt recorded',
  attemptReasonRequired: 'Choose why the delivery failed',
  invalidAttemptReason: `Reason must be one of ${ATTEMPT_REASONS.join(', ')}`,
  attemptNoteRequired: 'Say what happened',
  attemptNoteTooLong: `Note must be at most ${ATTEMPT_NOTE_MAX} characters`,
  nextAttemptDateRequired: 'Next attempt date is required',
  invalidNextAttemptDate: 'Next attempt date must be a date such as 2026-12-16',
  nextAttemptDateInPast: 'Next attempt date cannot be before today',
  nextAttemptDateTooFar: `Next attempt date must be within ${NEXT_ATTEMPT_MAX_DAYS} days`,
  reopened: 'Order reopened',
  reopenReasonRequired: 'Give a reason for reopening',
  reopenReasonTooLong: `Reason must be at most ${REOPEN_REASON_MAX} characters`,
  onlyFinalReopens: 'Only a Delivered or Returned order can be reopened',
} as const;

/** 409 when a courier's change reaches an order that is Delivered, Returned or Cancelled. */
export const orderIsFinalMessage = (status: OrderStatus) =>
  `This order is ${status} and can no longer be changed`;

/** 409 when a line asks for more than the stock row holds; the whole order is refused. */
export const notEnoughStockMessage = (productName: string) => `Not enough stock for ${productName}`;
/** 409 when a line names a stock item that is deleted or never existed. */
export const productUnavailableMessage = (productName: string) => `${productName} is no longer available`;

const REQUIRED = ORDER_MESSAGES.requiredFields;
const isAbsent = (input: unknown) => input === undefined || input === null;

/** A whole number from a number or a string of digits; blank reads as absent. */
function parseWhole(
  value: number | string,
  context: RefinementCtx,
  rule: { min: number; max: number; invalid: string; required: string },
): number {
  const text = typeof value === 'string' ? value.trim() : String(value);
  if (text === '') {
    context.addIssue({ code: 'custom', message: rule.required, input: value });
    return z.NEVER;
  }
  const number = typeof value === 'number' ? value : WHOLE_STRING.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(number) || number < rule.min || number > rule.max) {
    context.addIssue({ code: 'custom', message: rule.invalid, input: value });
    return z.NEVER;
  }
  return number;
}

const numberOrString = (required: string, invalid: string) =>
  z.union([z.number(), z.string()], { error: (issue) => (isAbsent(issue.input) ? required : invalid) });

/** An id the form must fill in: absent or blank reads as the form's "required" sentence. */
const requiredId = (invalid: string) =>
  numberOrString(REQUIRED, invalid).transform((value, context) =>
    parseWhole(value, context, { min: 1, max: ID_MAX, invalid, required: REQUIRED }),
  );

const requiredText = (label: string, max: number, tooLong: string, lines: TextOptions['lines'] = 'single') =>
  text(label, { error: REQUIRED, lines })
    .min(1, { error: REQUIRED, abort: true })
    .max(max, { error: tooLong, abort: true });

/** urban, suburban or rural, in any letter case. */
export const locationTypeField = (required: string) =>
  z
    .string({ error: (issue) => (isAbsent(issue.input) ? required : ORDER_MESSAGES.invalidLocationType) })
    .trim()
    .toLowerCase()
    .min(1, { error: required, abort: true })
    .pipe(z.enum(LOCATION_TYPES, { error: ORDER_MESSAGES.invalidLocationType }));

/** Six digits as a string or a number; whether the code exists is checked by the server. */
export const pinCodeField = numberOrString(REQUIRED, ORDER_MESSAGES.invalidPinCode)
  .transform((value) => String(value).trim())
  .pipe(
    text('PIN code')
      .min(1, { error: REQUIRED, abort: true })
      .regex(PIN_CODE_PATTERN, ORDER_MESSAGES.invalidPinCode),
  );

/**
 * One line of the order draft (docs/product/data.md#order-draft). The browser also sends the
 * product's name, weight and price; they are accepted and dropped, because the server's stock row
 * is the truth (docs/product/business-rules.md#placing-an-order).
 */
export const orderDraftItemSchema = z
  .object(
    {
      stock_id: requiredId(ORDER_MESSAGES.invalidStockId),
      quantity: numberOrString(REQUIRED, ORDER_MESSAGES.invalidQuantity).transform((value, context) =>
        parseWhole(value, context, {
          min: 1,
          max: QUANTITY_MAX,
          invalid: ORDER_MESSAGES.invalidQuantity,
          required: REQUIRED,
        }),
      ),
      product_name: z.unknown().optional().describe('Ignored: the stock row names the product'),
      weight: z.unknown().optional().describe('Ignored: the stock row gives the weight'),
      price: z.unknown().optional().describe('Ignored: the stock row gives the price'),
    },
    { error: REQUIRED },
  )
  .transform(({ stock_id, quantity }) => ({ stock_id, quantity }));

/**
 * POST /api/orders: the order draft of docs/product/data.md#order-draft, numbers or numeric
 * strings. The customer is the caller; a customer_id naming anyone else is refused. Lines naming
 * the same stock_id are merged.
 */
export const orderDraftSchema = z.object(
  {
    customer_id: z
      .union([z.number(), z.string()], { error: ORDER_MESSAGES.invalidCustomer })
      .nullish()
      .transform((value, context) =>
        value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
          ? undefined
          : parseWhole(value, context, {
              min: 1,
              max: ID_MAX,
              invalid: ORDER_MESSAGES.invalidCustomer,
              required: ORDER_MESSAGES.invalidCustomer,
            }),
      ),
    shipping_address: requiredText('Delivery address', 500, ORDER_MESSAGES.addressTooLong, 'multi'),
    pin_code: pinCodeField,
    location_type: locationTypeField(REQUIRED),
    phone_number: requiredText('Phone number', 30, ORDER_MESSAGES.phoneTooLong).regex(
      PHONE_PATTERN,
      ORDER_MESSAGES.invalidPhone,
    ),
    courier_service_id: requiredId(ORDER_MESSAGES.invalidCourier),
    items: z
      .array(orderDraftItemSchema, { error: REQUIRED })
      .min(1, { error: REQUIRED, abort: true })
      .max(ORDER_ITEMS_MAX, ORDER_MESSAGES.tooManyItems),
  },
  { error: REQUIRED },
);
export type OrderDraft = z.infer<typeof orderDraftSchema>;
export type OrderDraftInput = z.input<typeof orderDraftSchema>;

/** A line of a placed order: name, price (dollars) and weight (kg) as they were at order time. */
export const orderItemSchema = z
  .object({
    stock_id: z.number().int(),
    product_name: z.string(),
    quantity: z.number().int(),
    price: z.number(),
    weight: z.number(),
  })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof orderItemSchema>;

/**
 * An order as couriers, customers and managers read it (docs/product/data.md#order); money in
 * dollars, weight in kg.
 */
export const orderSchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    shipping_address: z.string(),
    pin_code: z.string(),
    location_type: z.enum(LOCATION_TYPES),
    phone_number: z.string(),
    consignment_weight: z.number(),
    order_items: z.array(orderItemSchema),
    items_total: z.number(),
    shipping_cost: z.number(),
    delivery_date: z.string(),
    status: z.enum(ORDER_STATUSES),
    courier_service_id: z.number().int(),
    customer_id: z.number().int(),
    /** Who ordered, for the courier's board and the manager's lists. */
    customer_name: z.string(),
    /**
     * The last failed attempt's reason and the next attempt's day (YYYY-MM-DD); null before any.
     * Optional to readers: a board kept offline from before them lacks them.
     */
    last_attempt_reason: z.enum(ATTEMPT_REASONS).nullable().optional(),
    next_attempt_date: z.string().nullable().optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

/** One entry of an order's status timeline: the status it took and when (received, and made on the device). */
export const orderStatusChangeSchema = z
  .object({
    status: z.enum(ORDER_STATUSES),
    /** When the server received the change. */
    at: z.string(),
    /** When the courier's device made it, for a change made offline; null (or absent) otherwise. */
    device_at: z.string().nullable().optional(),
    /** A manager's reason, when the change reopened a Delivered or Returned order; absent on the tracking page. */
    reopen_reason: z.string().nullable().optional(),
  })
  .meta({ id: 'OrderStatusChange' });
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** One failed delivery attempt, as the order page's timeline shows it. */
export const orderAttemptSchema = z
  .object({
    reason: z.enum(ATTEMPT_REASONS),
    /** What happened, in the courier's words; required for `other`, else may be empty. */
    note: z.string(),
    next_attempt_date: z.string(),
    /** When the server received it, and when the device made it (offline), as for status changes. */
    at: z.string(),
    device_at: z.string().nullable(),
  })
  .meta({ id: 'OrderAttempt' });
export type OrderAttempt = z.infer<typeof orderAttemptSchema>;

/**
 * GET /api/orders/{id}: the order, its courier's name, its status timeline (oldest first) and the
 * link anyone may follow it by without signing in (docs/product/business-rules.md#following-an-order).
 */
export const orderDetailSchema = orderSchema
  .extend({
    courier_name: z.string(),
    status_history: z.array(orderStatusChangeSchema),
    /** Failed delivery attempts, oldest first (always sent; optional to readers, as above). */
    attempts: z.array(orderAttemptSchema).optional(),
    tracking_url: z.string(),
    /**
     * The four-digit code the customer gives the courier at the door (docs/decisions/032): shown
     * to the order's customer alone while it is open; null for everyone else and once it is closed.
     */
    delivery_code: z.string().nullable(),
    /** Who took the order and how that was proven, once it is Delivered with a proof. */
    proof: orderProofSchema.nullable(),
  })
  .meta({ id: 'OrderDetail' });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** The path of the public tracking page of a token. */
export const trackingPath = (token: string) => `/track/${encodeURIComponent(token)}`;

/** Tracking tokens: base64url or hex, nothing else reaches the database. */
export const TRACKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** GET /api/track/{token}. */
export const trackParamsSchema = z.object({ token: text('Tracking token', { trim: false }).max(200) });

/**
 * GET /api/track/{token}: what anyone holding the link may see — where the order stands, when it is
 * due, who brings it and only the town and PIN code it goes to; nothing private.
 */
export const trackingSchema = z
  .object({
    order_id: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    status_history: z.array(orderStatusChangeSchema),
    delivery_date: z.string(),
    courier_name: z.string(),
    town: z.string(),
    pin_code: z.string(),
    /** The delivery code, for the customer holding the link; null once the order is closed. */
    delivery_code: z.string().nullable(),
  })
  .meta({ id: 'Tracking' });
export type Tracking = z.infer<typeof trackingSchema>;

/** PUT /api/orders/{id}/courier: the Inventory Manager names another courier. */
export const reassignCourierBodySchema = z.object(
  { courier_service_id: requiredId(ORDER_MESSAGES.invalidCourier) },
  { error: ORDER_MESSAGES.invalidCourier },
);
export type ReassignCourierBody = z.input<typeof reassignCourierBodySchema>;

/** POST /api/orders/{id}/cancel and PUT /api/orders/{id}/courier answer the message and the order. */
export const orderDetailResponseSchema = z.object({ message: z.string(), order: orderDetailSchema });

export const orderListResponseSchema = z.array(orderSchema);

/** A courier's assigned orders, a customer's own, or every order for a manager. */
/**
 * The orders' sort fields: what a customer, a courier or a manager orders a list by (when, who,
 * where to, how much, when due, how far along). Each has an index per reader, which every order
 * placed writes too: weight, shipping cost and the address text are searched or read, not sorted.
 */
export const ORDER_LIST = defineList({
  sortFields: ['id', 'created_at', 'customer_name', 'pin_code', 'items_total', 'delivery_date', 'status'],
  defaultSort: { field: 'created_at', order: 'desc' },
  searches: "the order number, the customer's name, the delivery address, the PIN code and the phone number",
});
export type OrderSortField = (typeof ORDER_LIST.sortFields)[number];

/**
 * GET /api/orders: search, sort and page; status (one or more), courier, the days it was placed
 * (from/to) and the days it is due (delivery_from/delivery_to: a courier's "today" and "overdue",
 * docs/product/screens.md#overview).
 */
export const orderListQuerySchema = listQuerySchema(ORDER_LIST, {
  status: oneOrMoreOf('status', ORDER_STATUSES),
  courier_service_id: recordIdSchema.optional(),
  ...dayRangeFilters,
  delivery_from: listDayFilter.describe('Due on or after this UTC day, YYYY-MM-DD'),
  delivery_to: listDayFilter.describe('Due on or before this UTC day, YYYY-MM-DD'),
})
  .refine(isDayRangeInOrder, DAY_RANGE_RULE)
  .refine((query) => isDayRangeInOrder({ from: query.delivery_from, to: query.delivery_to }), {
    message: LIST_MESSAGES.deliveryFromAfterTo,
    path: ['delivery_from'],
  });
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** POST /api/orders and PUT /api/orders/{id} answer the message and the order. */
export const orderResponseSchema = z.object({ message: z.string(), order: orderSchema });
export type OrderResponse = z.infer<typeof orderResponseSchema>;

/** PUT /api/orders/{id}: the courier sets one of the statuses. */
export const updateOrderStatusBodySchema = z
  .object({
    status: z.enum(COURIER_ORDER_STATUSES, {
      error: (issue) =>
        isAbsent(issue.input) ? ORDER_MESSAGES.statusRequired : ORDER_MESSAGES.invalidStatus,
    }),
    /**
     * When the courier's device made the change, for one queued offline; the server checks it is
     * neither in the future nor too old.
     */
    device_time: z.iso.datetime({ offset: true, error: ORDER_MESSAGES.invalidDeviceTime }).optional(),
    /** With Delivered: the recipient and the delivery code or a photo (docs/decisions/032). */
    proof: deliveryProofSchema.optional(),
  })
  .refine((body) => body.proof === undefined || body.status === 'Delivered', {
    error: PROOF_MESSAGES.proofOnlyDelivered,
    path: ['proof'],
  });
export type UpdateOrderStatusBody = z.infer<typeof updateOrderStatusBodySchema>;
export type UpdateOrderStatusInput = z.input<typeof updateOrderStatusBodySchema>;

/** GET /api/orders/get-shipping-cost?total_weight=&location_type= (total weight in kg). */
export const shippingCostQuerySchema = z.object({
  total_weight: z
    .union([z.number(), z.string().trim().regex(DECIMAL_STRING, ORDER_MESSAGES.invalidTotalWeight)], {
      error: (issue) =>
        isAbsent(issue.input) ? ORDER_MESSAGES.totalWeightRequired : ORDER_MESSAGES.invalidTotalWeight,
    })
    .transform(Number)
    .pipe(
      z
        .number({ error: ORDER_MESSAGES.invalidTotalWeight })
        .min(0, ORDER_MESSAGES.invalidTotalWeight)
        .max(TOTAL_WEIGHT_MAX, ORDER_MESSAGES.invalidTotalWeight),
    ),
  location_type: locationTypeField(ORDER_MESSAGES.locationTypeRequired),
});
export type ShippingCostQuery = z.infer<typeof shippingCostQuerySchema>;
export type ShippingCostQueryInput = z.input<typeof shippingCostQuerySchema>;

/** Shipping cost in dollars. */
export const shippingCostResponseSchema = z.object({ shipping_cost: z.number() });
export type ShippingCostResponse = z.infer<typeof shippingCostResponseSchema>;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (day: string) =>
  DAY_PATTERN.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

/**
 * POST /api/orders/{id}/attempts: a courier's failed delivery attempt
 * (docs/product/business-rules.md#failed-attempts). Whether the next date is today or later, and
 * within NEXT_ATTEMPT_MAX_DAYS, the server checks against its clock.
 */
export const failedAttemptBodySchema = z
  .object({
    reason: z.enum(ATTEMPT_REASONS, {
      error: (issue) =>
        isAbsent(issue.input) || issue.input === ''
          ? ORDER_MESSAGES.attemptReasonRequired
          : ORDER_MESSAGES.invalidAttemptReason,
    }),
    note: text('Note', { lines: 'multi', error: ORDER_MESSAGES.attemptNoteTooLong })
      .max(ATTEMPT_NOTE_MAX, { error: ORDER_MESSAGES.attemptNoteTooLong })
      .default(''),
    next_attempt_date: z
      .string({
        error: (issue) =>
          isAbsent(issue.input)
            ? ORDER_MESSAGES.nextAttemptDateRequired
            : ORDER_MESSAGES.invalidNextAttemptDate,
      })
      .trim()
      .min(1, { error: ORDER_MESSAGES.nextAttemptDateRequired, abort: true })
      .refine(isRealDay, ORDER_MESSAGES.invalidNextAttemptDate),
    /** When the courier's device recorded it, for one queued offline (as for status changes). */
    device_time: z.iso.datetime({ offset: true, error: ORDER_MESSAGES.invalidDeviceTime }).optional(),
  })
  .superRefine((body, context) => {
    if (body.reason === 'other' && body.note.length === 0) {
      context.addIssue({ code: 'custom', path: ['note'], message: ORDER_MESSAGES.attemptNoteRequired });
    }
  });
export type FailedAttemptBody = z.input<typeof failedAttemptBodySchema>;

/** POST /api/orders/{id}/reopen: a manager's reason, kept in the audit trail and on the timeline. */
export const reopenOrderBodySchema = z.object(
  {
    reason: text('Reason', { lines: 'multi', error: ORDER_MESSAGES.reopenReasonRequired })
      .min(1, { error: ORDER_MESSAGES.reopenReasonRequired, abort: true })
      .max(REOPEN_REASON_MAX, { error: ORDER_MESSAGES.reopenReasonTooLong }),
  },
  { error: ORDER_MESSAGES.reopenReasonRequired },
);
export type ReopenOrderBody = z.input<typeof reopenOrderBodySchema>;
