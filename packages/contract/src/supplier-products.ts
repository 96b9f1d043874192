import { z } from 'zod';
import { decimalAmount, PRICE_MAX, recordIdSchema, text, WEIGHT_MAX, wholeQuantity } from './common';
import { skuField } from './imports';
import { defineList, listQuerySchema } from './lists';

export const PRODUCT_NAME_MAX_LENGTH = 200;

/**
 * Messages about a supplier's catalogue that the browser and tests look for
 * (docs/product/validation-and-messages.md#replenishment).
 */
export const SUPPLIER_PRODUCT_MESSAGES = {
  added: 'Product added successfully',
  updated: 'Product updated successfully',
  notFound: 'Product not found',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${PRODUCT_NAME_MAX_LENGTH} characters`,
  discontinued: 'Product discontinued',
  resumed: 'Product resumed',
  deleted: 'Product deleted',
  /** DELETE of a product some supply order has: it stays, the supplier may discontinue it instead. */
  deleteOrdered: 'This product is on supply orders and cannot be deleted; discontinue it instead',
} as const;

/**
 * A supply order naming a product its supplier discontinued (docs/product/business-rules.md#supplier-products):
 * 409, nothing placed.
 */
export function productDiscontinuedMessage(name: string): string {
  return `${name} is discontinued by its supplier and can no longer be ordered`;
}

/** A product's fields as a form or an imported file gives them. */
export const productFields = {
  name: text('Name', { error: SUPPLIER_PRODUCT_MESSAGES.nameRequired })
    .min(1, SUPPLIER_PRODUCT_MESSAGES.nameRequired)
    .max(PRODUCT_NAME_MAX_LENGTH, SUPPLIER_PRODUCT_MESSAGES.nameTooLong),
  price: decimalAmount('Price', PRICE_MAX),
  weight: decimalAmount('Weight', WEIGHT_MAX),
  quantity: wholeQuantity('Quantity'),
};

/**
 * POST /api/stock-replenishment/products. The product is always filed under the calling supplier;
 * the supplier_id the browser sends is accepted and dropped
 * (docs/product/business-rules.md#supplier-products).
 */
export const createSupplierProductBodySchema = z
  .object({
    ...productFields,
    /** Optional, unique in the supplier's catalogue; blank or null is none. */
    sku: skuField,
    supplier_id: z.unknown().optional().describe('Ignored: the product belongs to the caller'),
  })
  .transform(({ name, price, weight, quantity, sku }) => ({ name, price, weight, quantity, sku }));
export type CreateSupplierProductBody = z.infer<typeof createSupplierProductBodySchema>;
export type CreateSupplierProductInput = z.input<typeof createSupplierProductBodySchema>;

/**
 * PUT /api/stock-replenishment/products/{id}: price, weight, quantity and SKU (left out: kept; null
 * or blank: taken off); a name or owner is dropped.
 */
export const updateSupplierProductBodySchema = z.object({
  price: productFields.price.optional(),
  weight: productFields.weight.optional(),
  quantity: productFields.quantity.optional(),
  sku: skuField,
});
export type UpdateSupplierProductBody = z.infer<typeof updateSupplierProductBodySchema>;
export type UpdateSupplierProductInput = z.input<typeof updateSupplierProductBodySchema>;

/** A supplier's catalogue, or every active supplier's for a manager. */
export const SUPPLIER_PRODUCT_LIST = defineList({
  sortFields: ['id', 'name', 'price', 'weight', 'quantity'],
  defaultSort: { field: 'id', order: 'desc' },
  searches: 'the product name',
});
export type SupplierProductSortField = (typeof SUPPLIER_PRODUCT_LIST.sortFields)[number];

/** GET /api/stock-replenishment/products: managers may narrow the list to one supplier. */
export const supplierProductListQuerySchema = listQuerySchema(SUPPLIER_PRODUCT_LIST, {
  supplier_id: recordIdSchema.optional(),
});
export type SupplierProductListQuery = z.infer<typeof supplierProductListQuerySchema>;

/** A product of a supplier's catalogue: price in dollars, weight in kg. */
/** The caller's stock item a supplier product is linked to by a reorder rule. */
export const linkedStockSchema = z.object({
  stock_id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  reorder_level: z.number().int(),
});
export type LinkedStock = z.infer<typeof linkedStockSchema>;

export const supplierProductSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    price: z.number(),
    weight: z.number(),
    quantity: z.number().int(),
    supplier_id: z.number().int(),
    /** The supplier's own code for the product, unique in their catalogue; null when none. */
    sku: z.string().nullable(),
    /** Discontinued by the supplier: hidden from managers' new orders, kept on old ones. */
    discontinued: z.boolean(),
    /**
     * In a manager's list only: their own stock item bought as this product (a reorder rule's
     * preferred supplier product), its quantity now and its reorder level; null when none is
     * linked (docs/product/screens.md#stock-replenishment).
     */
    my_stock: linkedStockSchema.nullable().optional(),
  })
  .meta({ id: 'SupplierProduct' });
export type SupplierProduct = z.infer<typeof supplierProductSchema>;

export const supplierProductListResponseSchema = z.array(supplierProductSchema);

export const supplierProductResponseSchema = z.object({
  product: supplierProductSchema,
  message: z.string(),
});
export type SupplierProductResponse = z.infer<typeof supplierProductResponseSchema>;
