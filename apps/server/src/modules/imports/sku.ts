import { importMessages } from '@depot/contract';
import { isUniqueViolation } from '../../db/errors';
import { SkuTakenError } from '../../lib/errors';

/**
 * Refuses a SKU another row of the same owner has (a manager's live stock items, a supplier's
 * catalogue: docs/decisions/034-skus-in-the-screens-and-exports-at-scale.md). `isTaken` is the
 * owner's repository asking its table; an empty SKU is never taken.
 */
export async function refuseTakenSku(
  sku: string | null | undefined,
  isTaken: (sku: string) => Promise<boolean>,
): Promise<void> {
  if (sku && (await isTaken(sku))) throw new SkuTakenError(importMessages.skuTaken);
}

/**
 * Runs a write that may set a SKU: two requests racing past `refuseTakenSku` are stopped by the
 * unique index, and the loser gets the same answer as if the check had caught it.
 */
export async function withSkuTaken<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw new SkuTakenError(importMessages.skuTaken);
    throw error;
  }
}
