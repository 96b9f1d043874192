import { z } from 'zod';
import { PHONE_PATTERN, recordIdSchema, text, wholeQuantity } from './common';
import { SUPPLY_ORDER_ITEMS_MAX, SUPPLY_ORDER_MESSAGES } from './supply-orders';

/**
 * Reorder rules, suggestions and drafted supply orders (docs/product/business-rules.md#reorder-rules
 * and docs/decisions/026-reorder-rules-and-drafted-supply-orders.md).
 */
export const REORDER_MESSAGES = {
  ruleSaved: 'Reorder rule saved',
  ruleRemoved: 'Reorder rule removed',
  oneOfQuantityOrUpTo: 'Give either an order quantity or an order-up-to level',
  upToAboveLevel: 'The order-up-to level must be above the reorder level',
  productNotFound: 'Supplier product not found',
  draftsCreated: 'Draft supply orders created',
  noNeeds: 'Nothing to draft: every suggestion is already in a draft',
  draftNotFound: 'Draft supply order not found',
  draftSaved: 'Draft saved',
  draftDeleted: 'Draft deleted',
  draftEmpty: 'A draft needs at least one line',
  lineNotInDraft: 'That product is not in this draft',
  settingsSaved: 'Automatic drafting setting saved',
  stockNotLinked: 'Link a supplier product to this item first',
} as const;

/** Days of safety stock on top of the demand over the lead time (docs/product/business-rules.md#reorder-rules). */
export const SAFETY_STOCK_DAYS = 3;
/** The days of sales the demand is averaged over. */
export const DEMAND_WINDOW_DAYS = 30;

const optionalWhole = (label: string) => wholeQuantity(label).nullish();

/** PUT /api/stocks/{id}/reorder-rule. */
export const reorderRuleBodySchema = z
  .object({
    reorder_level: wholeQuantity('Reorder level'),
    order_quantity: optionalWhole('Order quantity').pipe(
      z.number().min(1, 'Order quantity must be at least 1').nullish(),
    ),
    order_up_to: optionalWhole('Order-up-to level'),
    supplier_product_id: recordIdSchema.nullish(),
  })
  .refine((body) => (body.order_quantity == null) !== (body.order_up_to == null), {
    error: REORDER_MESSAGES.oneOfQuantityOrUpTo,
    path: ['order_quantity'],
  })
  .refine((body) => body.order_up_to == null || body.order_up_to > body.reorder_level, {
    error: REORDER_MESSAGES.upToAboveLevel,
    path: ['order_up_to'],
  });
export type ReorderRuleBody = z.infer<typeof reorderRuleBodySchema>;
export type ReorderRuleInput = z.input<typeof reorderRuleBodySchema>;

/** A stock item's reorder rule and the level its demand suggests. */
export const reorderRuleSchema = z.object({
  stock_id: z.number().int(),
  stock_name: z.string(),
  quantity: z.number().int(),
  /** Null while the item has no rule. */
  reorder_level: z.number().int().nullable(),
  order_quantity: z.number().int().nullable(),
  order_up_to: z.number().int().nullable(),
  supplier_product_id: z.number().int().nullable(),
  supplier_product_name: z.string().nullable(),
  supplier_id: z.number().int().nullable(),
  supplier_name: z.string().nullable(),
  /** Units sold a day, averaged over the last DEMAND_WINDOW_DAYS days. */
  average_daily_units: z.number(),
  /** The linked supplier's average lead time in days; null before a delivery was measured. */
  lead_time_days: z.number().nullable(),
  /** Demand over the lead time plus safety stock; null without a measured lead time. */
  suggested_level: z.number().int().nullable(),
});
export type ReorderRule = z.infer<typeof reorderRuleSchema>;
export const reorderRuleResponseSchema = z.object({ message: z.string(), rule: reorderRuleSchema });

/** One item at or under its reorder level. */
export const reorderSuggestionSchema = z.object({
  stock_id: z.number().int(),
  stock_name: z.string(),
  quantity: z.number().int(),
  /** Units still to come on the manager's open supply orders of the linked product. */
  on_order: z.number().int(),
  reorder_level: z.number().int(),
  suggested_quantity: z.number().int(),
  product_id: z.number().int().nullable(),
  product_name: z.string().nullable(),
  /** The supplier's units of the product now. */
  available: z.number().int().nullable(),
  price: z.number().nullable(),
  /** Units of the product already in the manager's draft for the supplier; 0 when none. */
  in_draft: z.number().int(),
});
export type ReorderSuggestion = z.infer<typeof reorderSuggestionSchema>;

export const reorderSuggestionsResponseSchema = z.object({
  /** Items with a preferred supplier product, by supplier (name order). */
  groups: z.array(
    z.object({
      supplier_id: z.number().int(),
      supplier_name: z.string(),
      items: z.array(reorderSuggestionSchema),
    }),
  ),
  /** Items at or under their level with no preferred supplier product. */
  unlinked: z.array(reorderSuggestionSchema),
  /** The manager's automatic drafting setting. */
  automatic: z.boolean(),
});
export type ReorderSuggestions = z.infer<typeof reorderSuggestionsResponseSchema>;

/** POST /api/reorder-suggestions/drafts: the quantities the manager edited; the rest as suggested. */
export const createDraftsBodySchema = z.object({
  items: z
    .array(
      z.object({
        stock_id: recordIdSchema,
        quantity: wholeQuantity('Quantity').pipe(z.number().min(1, SUPPLY_ORDER_MESSAGES.invalidQuantity)),
      }),
    )
    .max(10_000)
    .optional(),
});
export type CreateDraftsBody = z.infer<typeof createDraftsBodySchema>;

export const supplyOrderDraftLineSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  stock_id: z.number().int().nullable(),
  quantity: z.number().int(),
  price: z.number(),
  available: z.number().int(),
});

/** A draft supply order: the manager's only; the supplier never sees it. */
export const supplyOrderDraftSchema = z.object({
  id: z.number().int(),
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  address: z.string().nullable(),
  mobile_number: z.string().nullable(),
  automatic: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  lines: z.array(supplyOrderDraftLineSchema),
  total_quantity: z.number().int(),
  total_cost: z.number(),
});
export type SupplyOrderDraft = z.infer<typeof supplyOrderDraftSchema>;
export const supplyOrderDraftListResponseSchema = z.object({ drafts: z.array(supplyOrderDraftSchema) });
export const createDraftsResponseSchema = z.object({
  message: z.string(),
  drafts: z.array(supplyOrderDraftSchema),
});
export const supplyOrderDraftResponseSchema = z.object({
  message: z.string(),
  draft: supplyOrderDraftSchema,
});

const optionalAddress = text('Address', { lines: 'multi' })
  .max(500, SUPPLY_ORDER_MESSAGES.addressTooLong)
  .optional();
const optionalMobile = text('Mobile number')
  .max(30, SUPPLY_ORDER_MESSAGES.mobileTooLong)
  .regex(PHONE_PATTERN, SUPPLY_ORDER_MESSAGES.invalidMobile)
  .optional();

/** PUT /api/supply-order-drafts/{id}: the delivery details and each line's quantity (0 removes it). */
export const updateDraftBodySchema = z.object({
  address: optionalAddress,
  mobile_number: optionalMobile,
  lines: z
    .array(z.object({ product_id: recordIdSchema, quantity: wholeQuantity('Quantity') }))
    .max(SUPPLY_ORDER_ITEMS_MAX, SUPPLY_ORDER_MESSAGES.tooManyItems)
    .optional(),
});
export type UpdateDraftBody = z.infer<typeof updateDraftBodySchema>;

/** POST /api/supply-order-drafts/{id}/place: delivery details to place with, if the draft lacks them. */
export const placeDraftBodySchema = z.object({
  address: optionalAddress,
  mobile_number: optionalMobile,
});
export type PlaceDraftBody = z.infer<typeof placeDraftBodySchema>;

/** PUT /api/reorder-settings. */
export const reorderSettingsBodySchema = z.object({ automatic: z.boolean() });
export const reorderSettingsResponseSchema = z.object({ message: z.string(), automatic: z.boolean() });
