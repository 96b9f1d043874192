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

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dateOnly = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** A timestamp in local time, day/month/year hour:minute as en-GB writes it (SPEC §2): "22/11/2026, 14:05". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

/** A timestamp's local date as dd/mm/yyyy: "22/11/2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateOnly.format(date);
}
