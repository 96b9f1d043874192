/**
 * A formatter made on first use: building an Intl formatter takes milliseconds on a phone, and the
 * module loads with screens that may not format anything before their first paint.
 */
function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const money = lazily(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));
const twoDecimals = lazily(
  () => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/** Dollars with a $ sign and two decimals (docs/product/screens.md#formats): 12.5 → "$12.50". */
export function formatMoney(dollars: number): string {
  return money().format(dollars);
}

/** Kilograms with two decimals (docs/product/screens.md#formats): 1.25 → "1.25 kg". */
export function formatWeight(kg: number): string {
  return `${formatWeightNumber(kg)} kg`;
}

/** Kilograms without the unit, for a column whose header names it ("Weight (kg)"): 0.5 → "0.50". */
export function formatWeightNumber(kg: number): string {
  return twoDecimals().format(kg);
}

/**
 * A count of units with thousands separators: 1200 → "1,200". Written out rather than with Intl: a
 * phone's first Intl formatter costs tens of milliseconds, and the Overview shows counts early.
 */
export function formatQuantity(units: number): string {
  const whole = Math.round(Math.abs(units));
  const digits = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return units < 0 && whole !== 0 ? `-${digits}` : digits;
}

const dateTime = lazily(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);
const dateOnly = lazily(
  () => new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' }),
);

/**
 * A timestamp in local time, day/month/year hour:minute as en-GB writes it
 * (docs/product/screens.md#formats): "22/11/2026, 14:05".
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime().format(date);
}

/** A timestamp's local date as dd/mm/yyyy: "22/11/2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateOnly().format(date);
}
