import { z } from 'zod';
import { decimalAmount, PRICE_MAX, recordIdSchema, text, WEIGHT_MAX, wholeQuantity } from './common';
import { skuField } from './imports';
import { defineList, listQuerySchema, oneOrMoreOf } from './lists';

export const STOCK_NAME_MAX_LENGTH = 200;

/** Messages the server sends about stock that the browser and tests look for. */
export const STOCK_MESSAGES = {
  added: 'Stock added successfully',
  updated: 'Stock updated successfully',
  deleted: 'Stock deleted successfully',
  notFound: 'Stock not found',
  notYourInventory: 'You can only add stock to your own inventory',
  nameRequired: 'Stock name is required',
  nameTooLong: `Stock name must be at most ${STOCK_NAME_MAX_LENGTH} characters`,
} as const;

const stockNameSchema = text('Stock name', { error: STOCK_MESSAGES.nameRequired })
  .min(1, STOCK_MESSAGES.nameRequired)
  .max(STOCK_NAME_MAX_LENGTH, STOCK_MESSAGES.nameTooLong);

/** Price in dollars (12.5 = $12.50), weight in kg, quantity in units; numbers or numeric strings. */
export const stockFields = {
  name: stockNameSchema,
  price: decimalAmount('Price', PRICE_MAX),
  quantity: wholeQuantity('Quantity'),
  weight: decimalAmount('Weight', WEIGHT_MAX),
};

/**
 * POST /api/stocks. The owner is always the caller; the browser also sends its own id as
 * inventory_manager_id, which is accepted when it names the caller and refused otherwise.
 */
export const createStockBodySchema = z.object({
  ...stockFields,
  /** Optional, unique among the manager's live items; blank or null is none. */
  sku: skuField,
  inventory_manager_id: recordIdSchema.nullish(),
});
export type CreateStockBody = z.infer<typeof createStockBodySchema>;
export type CreateStockInput = z.input<typeof createStockBodySchema>;

/**
 * PUT /api/stocks/{id}: any of the fields; others (an owner, an id) are dropped. A SKU left out
 * stays; `null` or blank takes it off.
 */
export const updateStockBodySchema = z.object({
  name: stockFields.name.optional(),
  price: stockFields.price.optional(),
  quantity: stockFields.quantity.optional(),
  weight: stockFields.weight.optional(),
  sku: skuField,
});
export type UpdateStockBody = z.infer<typeof updateStockBodySchema>;
export type UpdateStockInput = z.input<typeof updateStockBodySchema>;

/**
 * A stock item as the API answers it (docs/product/data.md#stock-item): price in dollars, weight in
 * kg.
 */
export const stockItemSchema = z
  .object({
    stock_id: z.number().int(),
    stock_name: z.string(),
    price: z.number(),
    quantity: z.number().int(),
    weight: z.number(),
    inventory_manager_id: z.number().int(),
    /** The manager's own code for the item, unique among their live items; null when none. */
    sku: z.string().nullable(),
  })
  .meta({ id: 'StockItem' });
export type StockItem = z.infer<typeof stockItemSchema>;

export const stockListResponseSchema = z.array(stockItemSchema);

/** A manager's own stock items, or every manager's for a customer (the Products screen). */
export const STOCK_LIST = defineList({
  sortFields: ['stock_id', 'stock_name', 'price', 'quantity', 'weight'],
  defaultSort: { field: 'stock_id', order: 'desc' },
  searches: 'the stock name',
});
export type StockSortField = (typeof STOCK_LIST.sortFields)[number];
export const stockListQuerySchema = listQuerySchema(STOCK_LIST);
export type StockListQuery = z.infer<typeof stockListQuerySchema>;

export const createStockResponseSchema = z.object({ stock: stockItemSchema, message: z.string() });
export type CreateStockResponse = z.infer<typeof createStockResponseSchema>;

/**
 * Why a stock item's quantity changed (docs/product/business-rules.md#stock-history): its opening
 * balance when history began, the quantity it was created with, an edit on Update Stock, a
 * customer order, a customer order cancelled or returned (its units back), a returned order
 * reopened (its units taken again), a supply order delivered, a stock
 * count confirmed, a file imported (docs/decisions/019-data-in-and-out.md).
 */
export const STOCK_MOVEMENT_REASONS = [
  'opening',
  'created',
  'edit',
  'order',
  'order_cancelled',
  'order_returned',
  'order_reopened',
  'supply_delivery',
  'count',
  'import',
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

/** Each reason in words, as the History page and its filter show it. */
export const STOCK_MOVEMENT_REASON_LABELS: Record<StockMovementReason, string> = {
  opening: 'Opening balance',
  created: 'Item created',
  edit: 'Edited on Update Stock',
  order: 'Customer order',
  order_cancelled: 'Customer order cancelled',
  order_returned: 'Customer order returned',
  order_reopened: 'Customer order reopened',
  supply_delivery: 'Supply delivery',
  count: 'Stock count',
  import: 'Imported from a file',
};

/** One change of a stock item's quantity: the quantity is always the sum of its item's changes. */
export const stockMovementSchema = z
  .object({
    id: z.number().int(),
    stock_id: z.number().int(),
    /** Units added (positive) or taken (negative). */
    change: z.number().int(),
    quantity_after: z.number().int(),
    reason: z.enum(STOCK_MOVEMENT_REASONS),
    /** Who made it: null for the opening balance. */
    actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    order_id: z.number().int().nullable(),
    supply_order_id: z.number().int().nullable(),
    /** The stock count a 'count' movement belongs to. */
    stock_count_id: z.number().int().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'StockMovement' });
export type StockMovement = z.infer<typeof stockMovementSchema>;
export const stockMovementListResponseSchema = z.array(stockMovementSchema);

/** GET /api/stocks/{id}/movements: an item's history, newest first. */
export const STOCK_MOVEMENT_LIST = defineList({
  sortFields: ['created_at'],
  defaultSort: { field: 'created_at', order: 'desc' },
  searches: 'nothing (the history has no text to search; q is ignored)',
});
export type StockMovementSortField = (typeof STOCK_MOVEMENT_LIST.sortFields)[number];
export const stockMovementQuerySchema = listQuerySchema(STOCK_MOVEMENT_LIST, {
  reason: oneOrMoreOf('reason', STOCK_MOVEMENT_REASONS),
});
export type StockMovementQuery = z.infer<typeof stockMovementQuerySchema>;
