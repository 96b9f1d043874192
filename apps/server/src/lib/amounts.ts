import { InvalidError } from './errors';

/**
 * The one place where the API's decimals meet the database's integers
 * (docs/product/business-rules.md#money-weights-and-numbers). The contract allows at most 2
 * decimals, so rounding only removes binary floating-point noise.
 */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const fromCents = (cents: number): number => cents / 100;
export const toGrams = (kilograms: number): number => Math.round(kilograms * 1000);
export const fromGrams = (grams: number): number => grams / 1000;

/** Adds integer cents or grams; past 2^53 sums are no longer exact, so that is refused with `tooLarge`. */
export function addExactly(total: number, amount: number, tooLarge: string): number {
  const sum = total + amount;
  if (!Number.isSafeInteger(sum)) throw new InvalidError(tooLarge);
  return sum;
}
