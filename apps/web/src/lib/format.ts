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

/** The business's currency and locale (docs/decisions/027-money-and-the-catalogue-lifecycle.md). */
export interface BusinessFormat {
  currency: string;
  /** Undefined: the SPEC's formats, en-US numbers and en-GB (dd/mm/yyyy) dates. */
  locale: string | undefined;
}

/**
 * The setting the server writes into index.html's meta elements (apps/server/src/plugins/web-app.ts);
 * without them (a component test, the dev server) the SPEC's dollars.
 */
export function readBusinessFormat(doc: Pick<Document, 'querySelector'> | undefined): BusinessFormat {
  const meta = (name: string) =>
    doc?.querySelector(`meta[name="${name}"]`)?.getAttribute('content') || undefined;
  const currency = meta('depot-currency') ?? 'USD';
  const locale = meta('depot-locale');
  // The SPEC's own setting needs no check: a phone's first Intl formatter costs tens of
  // milliseconds, which formatQuantity's counts on the first screen must not pay.
  if (currency === 'USD' && locale === undefined) return { currency, locale };
  try {
    // A value this browser cannot format falls back to the SPEC's, rather than breaking every screen.
    new Intl.NumberFormat(locale ?? 'en-US', { style: 'currency', currency });
    return { currency, locale };
  } catch {
    return { currency: 'USD', locale: undefined };
  }
}

const business = lazily(() => readBusinessFormat(typeof document === 'undefined' ? undefined : document));
const numberLocale = () => business().locale ?? 'en-US';
const dateLocale = () => business().locale ?? 'en-GB';
/** The business's date locale, for date fields that show and read dates as the tables do. */
export const businessDateLocale = dateLocale;

/** The SPEC's own setting: dollars, en-US numbers, en-GB dates (no business locale or currency set). */
const isSpecFormat = () => business().locale === undefined && business().currency === 'USD';

/**
 * A non-negative number with `decimals` decimals and its thousands grouped by commas, as en-US
 * writes it: 1234.5 → "1,234.50". Written out for the SPEC's setting: a phone's first Intl
 * formatter costs tens of milliseconds, which the Overview's money and counts paid after its first
 * paint.
 */
function groupedFixed(value: number, decimals: number): string {
  // toFixed writes 1e21 and more in exponent form; no amount here comes near it.
  if (!(value < 1e21))
    return new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals }).format(value);
  // Intl rounds the number as it is written (0.015 → 0.02), toFixed its binary value
  // (0.01499… → 0.01): round the written form, half away from zero, then write it.
  const rounded = value < 1e-6 ? 0 : Number(`${Math.round(Number(`${value}e${decimals}`))}e-${decimals}`);
  const [whole = '0', fraction] = rounded.toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** The minus sign of a negative number, unless it rounded to zero ("-0.00" reads as "0.00"). */
const minusOf = (value: number, digits: string) => (value < 0 && /[1-9]/.test(digits) ? '-' : '');

const money = lazily(
  () => new Intl.NumberFormat(numberLocale(), { style: 'currency', currency: business().currency }),
);
const twoDecimals = lazily(
  () => new Intl.NumberFormat(numberLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const wholeNumber = lazily(() => new Intl.NumberFormat(numberLocale(), { maximumFractionDigits: 0 }));

/**
 * An amount in the business's currency, two decimals, digits grouped as its locale groups them
 * (docs/product/screens.md#formats): 12.5 → "$12.50" by default, 100000 → "₹1,00,000.00" in en-IN.
 */
export function formatMoney(amount: number): string {
  if (!isSpecFormat()) return money().format(amount);
  const digits = groupedFixed(Math.abs(amount), 2);
  return `${minusOf(amount, digits)}$${digits}`;
}

/** The currency's symbol, for a field label ("Stock Price ($)"): "$" by default, "₹" for INR. */
export function currencySymbol(): string {
  if (isSpecFormat()) return '$';
  return (
    money()
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? business().currency
  );
}

/** Kilograms with two decimals (docs/product/screens.md#formats): 1.25 → "1.25 kg". */
export function formatWeight(kg: number): string {
  return `${formatWeightNumber(kg)} kg`;
}

/** Kilograms without the unit, for a column whose header names it ("Weight (kg)"): 0.5 → "0.50". */
export function formatWeightNumber(kg: number): string {
  if (business().locale !== undefined) return twoDecimals().format(kg);
  const digits = groupedFixed(Math.abs(kg), 2);
  return `${minusOf(kg, digits)}${digits}`;
}

/**
 * A count of units with thousands separators: 1200 → "1,200". Written out rather than with Intl: a
 * phone's first Intl formatter costs tens of milliseconds, and the Overview shows counts early.
 */
export function formatQuantity(units: number): string {
  // Another locale groups digits its own way (en-IN: 1,00,000): Intl, once the setting is read.
  if (business().locale !== undefined) return wholeNumber().format(units).replace(/^-0$/, '0');
  const whole = Math.round(Math.abs(units));
  const digits = groupedFixed(whole, 0);
  return `${minusOf(units, digits)}${digits}`;
}

const dateTime = lazily(
  () =>
    new Intl.DateTimeFormat(dateLocale(), {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);
const dateOnly = lazily(
  () => new Intl.DateTimeFormat(dateLocale(), { day: '2-digit', month: '2-digit', year: 'numeric' }),
);

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A local date as en-GB writes it (dd/mm/yyyy), written out like formatQuantity's counts: the
 * SPEC's format needs no Intl formatter, and a phone's first one cost the tracking page's timeline
 * about 35 ms before its first paint (140 ms in Lighthouse's 4× slower CPU).
 */
const spelledDate = (date: Date) =>
  `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${date.getFullYear()}`;

/**
 * A timestamp in local time, day/month/year hour:minute as en-GB writes it
 * (docs/product/screens.md#formats): "22/11/2026, 14:05".
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (business().locale !== undefined) return dateTime().format(date);
  return `${spelledDate(date)}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/** A timestamp's local date as dd/mm/yyyy: "22/11/2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return business().locale === undefined ? spelledDate(date) : dateOnly().format(date);
}

type DatePart = 'day' | 'month' | 'year';

/** The order of day, month and year and the separator the business's dates are written with. */
const dateShape = lazily(() => {
  // en-GB's, without building a formatter for it.
  if (business().locale === undefined)
    return { order: ['day', 'month', 'year'] as DatePart[], separator: '/' };
  const parts = dateOnly().formatToParts(new Date(2001, 10, 22));
  const order = parts
    .map((part) => part.type)
    .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
  const separator = parts.find((part) => part.type === 'literal')?.value ?? '/';
  return { order, separator };
});

const PATTERN_OF: Record<DatePart, string> = { day: 'dd', month: 'mm', year: 'yyyy' };

/**
 * How a date field reads and shows a day, as the tables write it
 * (docs/product/screens.md#formats): "dd/mm/yyyy" by default and in en-IN, "mm/dd/yyyy" in en-US.
 */
export function dateFieldPattern(): string {
  const { order, separator } = dateShape();
  return order.map((part) => PATTERN_OF[part]).join(separator);
}

/** A YYYY-MM-DD day as a date field shows it: "2026-11-22" → "22/11/2026"; '' for anything else. */
export function formatDateField(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return '';
  const values: Record<DatePart, string> = {
    year: match[1] ?? '',
    month: match[2] ?? '',
    day: match[3] ?? '',
  };
  const { order, separator } = dateShape();
  return order.map((part) => values[part]).join(separator);
}

/**
 * What a date field holds as YYYY-MM-DD: "22/11/2026" (or "22-11-2026", "22.11.2026", "2/3/2026",
 * or ISO's "2026-11-22") → "2026-11-22"; undefined for text that names no real day.
 */
export function parseDateField(text: string): string | undefined {
  const numbers = text.trim().split(/[^0-9]+/);
  // Four digits first is ISO's year-month-day, unambiguous whatever the locale (a pasted 2026-11-22).
  const order: DatePart[] = numbers[0]?.length === 4 ? ['year', 'month', 'day'] : dateShape().order;
  if (numbers.length !== 3 || numbers.some((value) => value === '')) return undefined;
  const values = Object.fromEntries(order.map((part, index) => [part, numbers[index] ?? ''])) as Record<
    DatePart,
    string
  >;
  if (values.year.length !== 4 || values.month.length > 2 || values.day.length > 2) return undefined;
  const day = `${values.year}-${values.month.padStart(2, '0')}-${values.day.padStart(2, '0')}`;
  const date = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day ? day : undefined;
}

/** A calendar day (YYYY-MM-DD, such as a next attempt's) as day/month/year, the same day in any time zone. */
export function formatDay(day: string): string {
  return formatDate(`${day}T12:00:00`);
}
