/**
 * The one place where the API's decimals meet the database's integers (DESIGN §4). The contract
 * allows at most 2 decimals, so rounding only removes binary floating-point noise.
 */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const fromCents = (cents: number): number => cents / 100;
export const toGrams = (kilograms: number): number => Math.round(kilograms * 1000);
export const fromGrams = (grams: number): number => grams / 1000;
