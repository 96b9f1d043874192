const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Dollars with a $ sign and two decimals (SPEC §9): 12.5 → "$12.50". */
export function formatMoney(dollars: number): string {
  return money.format(dollars);
}

/** Kilograms with two decimals (SPEC §9): 1.25 → "1.25 kg". */
export function formatWeight(kg: number): string {
  return `${twoDecimals.format(kg)} kg`;
}

/** A count of units with thousands separators: 1200 → "1,200". */
export function formatQuantity(units: number): string {
  return wholeNumber.format(units);
}
