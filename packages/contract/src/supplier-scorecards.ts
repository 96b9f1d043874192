import { z } from 'zod';

/**
 * How a supplier delivers, from the supply orders the caller reaches
 * (docs/product/business-rules.md#supplier-scorecards). Rates are fractions from 0 to 1, null
 * while nothing counts towards them.
 */
export const supplierScorecardSchema = z
  .object({
    supplier_id: z.number().int(),
    supplier_name: z.string(),
    /** Every supply order placed with the supplier. */
    orders: z.number().int(),
    delivered_orders: z.number().int(),
    /** Delivered by the expected delivery time the supplier had set, of the Delivered orders that had one. */
    on_time_rate: z.number().nullable(),
    /** Units delivered of units ordered, over Delivered and Canceled orders. */
    fill_rate: z.number().nullable(),
    /** Placed to Delivered, in hours, averaged over Delivered orders. */
    average_lead_time_hours: z.number().nullable(),
    /** Neither Delivered nor Canceled. */
    open_orders: z.number().int(),
    /** Open, with an expected delivery time already past. */
    overdue_orders: z.number().int(),
  })
  .meta({ id: 'SupplierScorecard' });
export type SupplierScorecard = z.infer<typeof supplierScorecardSchema>;

/** GET /api/supplier-scorecards: one scorecard per supplier with orders, by name. */
export const supplierScorecardsResponseSchema = z.object({ scorecards: z.array(supplierScorecardSchema) });
export type SupplierScorecardsResponse = z.infer<typeof supplierScorecardsResponseSchema>;
