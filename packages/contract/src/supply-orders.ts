import { z } from 'zod';
import {
  ID_MAX,
  PHONE_PATTERN,
  QUANTITY_MAX,
  recordIdSchema,
  type TextOptions,
  text,
  WHOLE_STRING,
  wholeQuantity,
} from './common';
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

/**
 * Supply order statuses a supplier may choose (docs/product/statuses.md#supply-orders); any may
 * follow any until a final one.
 */
export const SUPPLY_ORDER_STATUSES = [
  'Order Received',
  'Processing',
  'In Transit',
  'Delivered',
  'Delayed',
  'Canceled',
] as const;
export type SupplyOrderStatus = (typeof SUPPLY_ORDER_STATUSES)[number];

/**
 * After these nothing changes (docs/product/statuses.md#final-statuses): Delivered stocked the
 * goods, Canceled returned them.
 */
export const FINAL_SUPPLY_ORDER_STATUSES: readonly SupplyOrderStatus[] = ['Delivered', 'Canceled'];
export const NEW_SUPPLY_ORDER_STATUS: SupplyOrderStatus = 'Order Received';

export const isFinalSupplyOrderStatus = (status: SupplyOrderStatus) =>
  FINAL_SUPPLY_ORDER_STATUSES.includes(status);

/** Most lines one supply order may carry. */
export const SUPPLY_ORDER_ITEMS_MAX = 100;

/**
 * Messages about supply orders and the Stock Replenishment cart that the browser and tests look for
 * (docs/product/validation-and-messages.md#replenishment).
 */
export const SUPPLY_ORDER_MESSAGES = {
  noProducts: 'No products available for this supplier.',
  emptyCart: 'No items in the cart yet.',
  addressAndMobileRequired: 'Please fill out both the address and mobile number.',
  cartRequired: 'Please add items to the cart.',
  invalidQuantity: 'Please enter a valid quantity.',
  removedFromCart: 'Item removed from the cart.',
  supplierRequired: 'Please choose a supplier.',
  invalidSupplier: 'Please choose a valid supplier.',
  invalidProductId: 'Each item must name a product by its id',
  invalidMobile: 'Enter a valid mobile number',
  addressTooLong: 'Address must be at most 500 characters',
  mobileTooLong: 'Mobile number must be at most 30 characters',
  tooManyItems: `An order can have at most ${SUPPLY_ORDER_ITEMS_MAX} different products`,
  notYourInventory: 'You can only place replenishment orders for yourself',
  placed: 'Replenishment order placed successfully',
  updated: 'Supply order updated successfully',
  notFound: 'Supply order not found',
  nothingToUpdate: 'Please update at least one field (status or delivery date).',
  invalidStatus: `Status must be one of ${SUPPLY_ORDER_STATUSES.join(', ')}`,
  invalidExpectedDelivery: 'Expected delivery time must be an ISO 8601 date-time with a time zone',
  noSupplyOrders: 'No supply orders found.',
  waitingForUpdate: 'Waiting for update',
  deliveryRecorded: 'Delivery recorded successfully',
  deliveryRequired: 'Enter the units delivered of at least one product',
  deliveredTwice: 'Each product may appear once in a delivery',
} as const;

/** 400 when a delivery names a product the order does not hold. */
export const notInOrderMessage = (productId: number) => `Product #${productId} is not in this order`;
/** 409 when a delivery brings more of a line than is still to come. */
export const overDeliveryMessage = (name: string, open: number) =>
  `Only ${open.toLocaleString('en-US')} of ${name} ${open === 1 ? 'is' : 'are'} still to be delivered`;

/** Cart toast of docs/product/validation-and-messages.md#cart-and-order. */
export const addedToCartMessage = (quantity: number, productName: string) =>
  `Added ${quantity} of ${productName} to the cart.`;
/** 400 when an order line names a product that is not the supplier's (or does not exist). */
export const notSuppliersProductMessage = (productId: number) =>
  `Product #${productId} is not sold by this supplier`;
/** 409 when a supply order is Delivered or Canceled: it can no longer change. */
export const finalSupplyOrderMessage = (status: SupplyOrderStatus) =>
  `This order is ${status} and can no longer be changed`;
/** 409 when adding the units would pass the largest quantity a row may hold. */
export const quantityLimitMessage = (name: string) =>
  `${name} would hold more than ${QUANTITY_MAX.toLocaleString('en-US')} units`;

const isAbsent = (input: unknown) => input === undefined || input === null;

/** A whole number from a number or a string of digits, `invalid` otherwise (absent reads `required`). */
const wholeNumberField = (min: number, max: number, required: string, invalid: string) =>
  z
    .union([z.number(), z.string().trim().regex(WHOLE_STRING, invalid)], {
      error: (issue) => (isAbsent(issue.input) ? required : invalid),
    })
    .transform(Number)
    .pipe(z.number().int({ error: invalid, abort: true }).min(min, invalid).max(max, invalid));

const addressAndMobile = (
  label: string,
  max: number,
  tooLong: string,
  lines: TextOptions['lines'] = 'single',
) =>
  text(label, { error: SUPPLY_ORDER_MESSAGES.addressAndMobileRequired, lines })
    .min(1, { error: SUPPLY_ORDER_MESSAGES.addressAndMobileRequired, abort: true })
    .max(max, { error: tooLong, abort: true });

/**
 * One cart line of the creation payload (docs/product/data.md#supply-orders). The browser also
 * sends the product's name, weight and price; they are accepted and dropped, because the product
 * row is the truth.
 */
export const supplyOrderDraftItemSchema = z
  .object(
    {
      product_id: wholeNumberField(
        1,
        ID_MAX,
        SUPPLY_ORDER_MESSAGES.invalidProductId,
        SUPPLY_ORDER_MESSAGES.invalidProductId,
      ),
      quantity: wholeNumberField(
        1,
        QUANTITY_MAX,
        SUPPLY_ORDER_MESSAGES.invalidQuantity,
        SUPPLY_ORDER_MESSAGES.invalidQuantity,
      ),
      product_name: z.unknown().optional().describe('Ignored: the product row names the product'),
      weight: z.unknown().optional().describe('Ignored: the product row gives the weight'),
      price: z.unknown().optional().describe('Ignored: the product row gives the price'),
    },
    { error: SUPPLY_ORDER_MESSAGES.cartRequired },
  )
  .transform(({ product_id, quantity }) => ({ product_id, quantity }));

/**
 * POST /api/replenishment-orders (docs/product/data.md#creation-payload). The manager is the
 * caller: an inventory_manager_id naming anyone else is refused. Lines naming the same product are
 * merged.
 */
export const createSupplyOrderBodySchema = z.object(
  {
    inventory_manager_id: recordIdSchema.nullish(),
    supplier_id: wholeNumberField(
      1,
      ID_MAX,
      SUPPLY_ORDER_MESSAGES.supplierRequired,
      SUPPLY_ORDER_MESSAGES.invalidSupplier,
    ),
    address: addressAndMobile('Address', 500, SUPPLY_ORDER_MESSAGES.addressTooLong, 'multi'),
    mobile_number: addressAndMobile('Mobile number', 30, SUPPLY_ORDER_MESSAGES.mobileTooLong).regex(
      PHONE_PATTERN,
      SUPPLY_ORDER_MESSAGES.invalidMobile,
    ),
    items: z
      .array(supplyOrderDraftItemSchema, { error: SUPPLY_ORDER_MESSAGES.cartRequired })
      .min(1, { error: SUPPLY_ORDER_MESSAGES.cartRequired, abort: true })
      .max(SUPPLY_ORDER_ITEMS_MAX, SUPPLY_ORDER_MESSAGES.tooManyItems),
  },
  { error: SUPPLY_ORDER_MESSAGES.cartRequired },
);
export type CreateSupplyOrderBody = z.infer<typeof createSupplyOrderBodySchema>;
export type CreateSupplyOrderInput = z.input<typeof createSupplyOrderBodySchema>;

/** Blank and null read as "not changing this field". */
const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * PUT /api/replenishment-orders/{id}: a status and/or the expected delivery time, an ISO 8601
 * date-time with a zone (the browser converts its local date-time to UTC), stored in UTC.
 */
export const updateSupplyOrderBodySchema = z
  .object({
    status: z.preprocess(
      blankAsAbsent,
      z.enum(SUPPLY_ORDER_STATUSES, { error: SUPPLY_ORDER_MESSAGES.invalidStatus }).optional(),
    ),
    expected_delivery_time: z.preprocess(
      blankAsAbsent,
      z.iso
        .datetime({ offset: true, error: SUPPLY_ORDER_MESSAGES.invalidExpectedDelivery })
        .optional()
        .describe('ISO 8601 with Z or an offset, e.g. 2026-06-18T09:30:00.000Z'),
    ),
  })
  .refine((body) => body.status !== undefined || body.expected_delivery_time !== undefined, {
    error: SUPPLY_ORDER_MESSAGES.nothingToUpdate,
  });
export type UpdateSupplyOrderBody = z.infer<typeof updateSupplyOrderBodySchema>;

/**
 * POST /api/replenishment-orders/{id}/deliveries: the units of each product arriving now, any
 * number up to what is still to come (docs/product/business-rules.md#partial-deliveries).
 */
export const recordDeliveryBodySchema = z.object({
  lines: z
    .array(
      z.object({
        product_id: recordIdSchema,
        quantity: wholeQuantity('Delivered quantity').pipe(
          z.number().min(1, 'Delivered quantity must be at least 1'),
        ),
      }),
      { error: SUPPLY_ORDER_MESSAGES.deliveryRequired },
    )
    .min(1, SUPPLY_ORDER_MESSAGES.deliveryRequired)
    .max(SUPPLY_ORDER_ITEMS_MAX, SUPPLY_ORDER_MESSAGES.tooManyItems)
    .refine((lines) => new Set(lines.map((line) => line.product_id)).size === lines.length, {
      error: SUPPLY_ORDER_MESSAGES.deliveredTwice,
    }),
});
export type RecordDeliveryBody = z.infer<typeof recordDeliveryBodySchema>;
export type RecordDeliveryInput = z.input<typeof recordDeliveryBodySchema>;
export type UpdateSupplyOrderInput = z.input<typeof updateSupplyOrderBodySchema>;

/** A line of a supply order: name, price (dollars) and weight (kg) as they were when ordered. */
export const supplyOrderItemSchema = z
  .object({
    product_id: z.number().int(),
    product_name: z.string(),
    quantity: z.number().int(),
    /** Units delivered so far; the rest (quantity - delivered_quantity) is still to come. */
    delivered_quantity: z.number().int(),
    price: z.number(),
    weight: z.number(),
  })
  .meta({ id: 'SupplyOrderItem' });
export type SupplyOrderItem = z.infer<typeof supplyOrderItemSchema>;

/**
 * A supply order as its manager and its supplier read it (docs/product/data.md#supply-orders).
 * total_quantity is the sum of the quantities, total_cost the sum of price × quantity in dollars,
 * both worked out in integers on the server.
 */
export const supplyOrderSchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    inventory_manager_id: z.number().int(),
    /** Who ordered and from whom, for both parties' lists. */
    inventory_manager_name: z.string(),
    supplier_id: z.number().int(),
    supplier_name: z.string(),
    address: z.string(),
    mobile_number: z.string(),
    status: z.enum(SUPPLY_ORDER_STATUSES),
    expected_delivery_time: z.string().nullable(),
    order_items: z.array(supplyOrderItemSchema),
    total_quantity: z.number().int(),
    /** Units delivered so far over every line: partly delivered while above 0 and below total_quantity. */
    delivered_quantity: z.number().int(),
    total_cost: z.number(),
  })
  .meta({ id: 'SupplyOrder' });
export type SupplyOrder = z.infer<typeof supplyOrderSchema>;

export const supplyOrderListResponseSchema = z.array(supplyOrderSchema);

/**
 * GET /api/replenishment-orders/{id}: the order and how to reach both parties, for its purchase
 * order document (docs/product/business-rules.md#printed-documents). The supplier's phone and
 * address are null for an account that never had them.
 */
export const supplyOrderDetailSchema = supplyOrderSchema
  .extend({
    inventory_manager_email: z.string(),
    supplier_email: z.string(),
    supplier_phone_number: z.string().nullable(),
    supplier_address: z.string().nullable(),
  })
  .meta({ id: 'SupplyOrderDetail' });
export type SupplyOrderDetail = z.infer<typeof supplyOrderDetailSchema>;

/** A manager's own supply orders (My Orders) or those placed with a supplier (Supply Orders). */
export const SUPPLY_ORDER_LIST = defineList({
  sortFields: [
    'id',
    'created_at',
    'supplier_name',
    'inventory_manager_name',
    'total_quantity',
    'total_cost',
    'status',
    'expected_delivery_time',
  ],
  defaultSort: { field: 'created_at', order: 'desc' },
  searches: "the order number, the supplier's and the manager's names and the address",
});
export type SupplyOrderSortField = (typeof SUPPLY_ORDER_LIST.sortFields)[number];

/**
 * GET /api/replenishment-orders: search, sort and page; status, supplier, the days it was placed
 * (from/to) and the days it is expected (due_from/due_to: a supplier's "due this week" and
 * "overdue", docs/product/screens.md#overview).
 */
export const supplyOrderListQuerySchema = listQuerySchema(SUPPLY_ORDER_LIST, {
  status: oneOrMoreOf('status', SUPPLY_ORDER_STATUSES),
  supplier_id: recordIdSchema.optional(),
  ...dayRangeFilters,
  due_from: listDayFilter.describe('Expected on or after this UTC day, YYYY-MM-DD'),
  due_to: listDayFilter.describe('Expected on or before this UTC day, YYYY-MM-DD'),
})
  .refine(isDayRangeInOrder, DAY_RANGE_RULE)
  .refine((query) => isDayRangeInOrder({ from: query.due_from, to: query.due_to }), {
    message: LIST_MESSAGES.dueFromAfterTo,
    path: ['due_from'],
  });
export type SupplyOrderListQuery = z.infer<typeof supplyOrderListQuerySchema>;

/** POST and PUT /api/replenishment-orders answer the message and the order. */
export const supplyOrderResponseSchema = z.object({ message: z.string(), order: supplyOrderSchema });
export type SupplyOrderResponse = z.infer<typeof supplyOrderResponseSchema>;
