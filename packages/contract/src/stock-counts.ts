import { z } from 'zod';
import { recordIdSchema, wholeQuantity } from './common';

/** The most items one stock count may hold. */
export const STOCK_COUNT_MAX_LINES = 500;

/** Messages about stock counts that the browser and tests look for. */
export const STOCK_COUNT_MESSAGES = {
  confirmed: 'Stock count confirmed',
  noLines: 'Count at least one stock item',
  tooManyLines: `A stock count holds at most ${STOCK_COUNT_MAX_LINES} items`,
  countedTwice: 'Each stock item may be counted once',
} as const;

/**
 * One counted item: the quantity the manager was shown (expected) and the one they counted. The
 * server refuses the count when the item no longer holds the expected quantity.
 */
export const stockCountLineSchema = z.object({
  stock_id: recordIdSchema,
  expected_quantity: wholeQuantity('Expected quantity'),
  counted_quantity: wholeQuantity('Counted quantity'),
});

/** POST /api/stock-counts: the counted items, each once. */
export const confirmStockCountBodySchema = z.object({
  lines: z
    .array(stockCountLineSchema, { error: STOCK_COUNT_MESSAGES.noLines })
    .min(1, STOCK_COUNT_MESSAGES.noLines)
    .max(STOCK_COUNT_MAX_LINES, STOCK_COUNT_MESSAGES.tooManyLines)
    .refine((lines) => new Set(lines.map((line) => line.stock_id)).size === lines.length, {
      error: STOCK_COUNT_MESSAGES.countedTwice,
    }),
});
export type ConfirmStockCountBody = z.infer<typeof confirmStockCountBodySchema>;
export type ConfirmStockCountInput = z.input<typeof confirmStockCountBodySchema>;

/** A confirmed count: each item's variance (counted - expected) became a 'count' movement. */
export const stockCountSchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    lines: z.array(
      z.object({
        stock_id: z.number().int(),
        stock_name: z.string(),
        expected_quantity: z.number().int(),
        counted_quantity: z.number().int(),
        variance: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'StockCount' });
export type StockCount = z.infer<typeof stockCountSchema>;

export const confirmStockCountResponseSchema = z.object({ message: z.string(), count: stockCountSchema });
export type ConfirmStockCountResponse = z.infer<typeof confirmStockCountResponseSchema>;
