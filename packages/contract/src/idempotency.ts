import { z } from 'zod';

/**
 * Header that makes a retried POST return the first result instead of acting twice
 * (docs/product/business-rules.md#idempotency).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on an answer that is a replay of the first one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  keyReused: 'This Idempotency-Key was already used for a different request',
  inProgress: 'A request with this Idempotency-Key is still being processed. Try again shortly.',
} as const;

export const idempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY_MESSAGES.invalidKey)
    .optional()
    .describe('Any unique string per intended action, such as a UUID; kept 24 hours'),
});
