import { z } from 'zod';

/** Largest price in dollars: 1,000,000,000 cents. */
export const PRICE_MAX = 10_000_000;
/** Largest weight in kg: 1,000,000,000 grams. */
export const WEIGHT_MAX = 1_000_000;
export const QUANTITY_MAX = 1_000_000_000;

/** Plain decimal digits as a form input sends them: "3", "12.50", ".5"; no sign, no exponent. */
export const DECIMAL_STRING = /^(?:\d+\.?\d*|\.\d+)$/;
export const WHOLE_STRING = /^\d+$/;

/**
 * Control characters no text field holds: C0 (NUL to US), DEL and C1. PostgreSQL cannot store NUL
 * in text at all (SQLite can), and none of them belongs in a name, an email or a search.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but tab, line feed and carriage return, which a multi-line field (an address) may hold. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTER_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Whether the text is well-formed UTF-16 (no lone surrogate), so it has a UTF-8 form to store. */
const isWellFormed = (text: string) => !/\p{Cs}/u.test(text);

export interface TextOptions {
  /** `multi` lets tab and line breaks through (addresses); `single` (the default) refuses them. */
  lines?: 'single' | 'multi';
  /** The message when the value is absent or not a string (a form's "required" sentence). */
  error?: string;
  /** Trims surrounding whitespace first (the default); a password keeps what was typed. */
  trim?: boolean;
}

export const controlCharactersMessage = (label: string, lines: 'single' | 'multi' = 'single') =>
  lines === 'single'
    ? `${label} must not contain control characters such as tabs or line breaks`
    : `${label} must not contain control characters other than tabs and line breaks`;
export const malformedTextMessage = (label: string) => `${label} contains text that is not valid Unicode`;

/**
 * Every text field of the API's requests starts here, body, query and path alike: a string that
 * the databases can hold the same way. NUL and other control characters (tab and line breaks only
 * where `lines: 'multi'`) and lone surrogates are a 400 naming the field, on SQLite as on
 * PostgreSQL (docs/product/validation-and-messages.md#text-fields). Chain length, pattern and
 * other rules after it.
 */
export function text(label: string, options: TextOptions = {}) {
  const lines = options.lines ?? 'single';
  const forbidden = lines === 'single' ? CONTROL_CHARACTER : CONTROL_CHARACTER_BUT_LINE_BREAKS;
  const base = z.string(options.error === undefined ? undefined : { error: options.error });
  return (options.trim === false ? base : base.trim())
    .refine((value) => !forbidden.test(value), { error: controlCharactersMessage(label, lines), abort: true })
    .refine(isWellFormed, { error: malformedTextMessage(label), abort: true });
}

/** Digits with optional +, spaces, dots, dashes and brackets: what people type as a phone number. */
export const PHONE_PATTERN = /^\+?[\d\s().-]+$/;

const hasAtMostTwoDecimals = (value: number) => Number(value.toFixed(2)) === value;

/**
 * A decimal amount the API speaks (price 12.5 = $12.50, weight 1.25 = 1.25 kg): a number or a
 * numeric string, finite, from 0 to `max`, at most 2 decimals
 * (docs/product/business-rules.md#money-weights-and-numbers). The server keeps it as integer cents
 * or grams; the largest values here still fit a 32-bit integer column.
 */
export function decimalAmount(label: string, max: number) {
  const rule = `${label} must be a number from 0 to ${max.toLocaleString('en-US')} with at most 2 decimals`;
  const error = (issue: { input?: unknown }) => (issue.input === undefined ? `${label} is required` : rule);
  return z
    .union([z.number(), z.string().trim().regex(DECIMAL_STRING, rule)], { error })
    .transform(Number)
    .pipe(z.number({ error: rule }).min(0, rule).max(max, rule).refine(hasAtMostTwoDecimals, rule));
}

/**
 * A non-negative whole number of units, as a number or a string of digits
 * (docs/product/business-rules.md#money-weights-and-numbers).
 */
export function wholeQuantity(label: string, max = QUANTITY_MAX) {
  const rule = `${label} must be a whole number from 0 to ${max.toLocaleString('en-US')}`;
  const error = (issue: { input?: unknown }) => (issue.input === undefined ? `${label} is required` : rule);
  return z
    .union([z.number(), z.string().trim().regex(WHOLE_STRING, rule)], { error })
    .transform(Number)
    .pipe(z.number({ error: rule }).int({ error: rule, abort: true }).min(0, rule).max(max, rule));
}

/** Ids are positive 32-bit integers; a larger one could never match and must not reach the database. */
export const ID_MAX = 2_147_483_647;
const ID_RULE = 'must be a positive whole number';
export const recordIdSchema = z
  .union([z.number(), z.string().trim().regex(WHOLE_STRING, ID_RULE)], { error: ID_RULE })
  .transform(Number)
  .pipe(z.number().int({ error: ID_RULE, abort: true }).min(1, ID_RULE).max(ID_MAX, ID_RULE));

export const idParamsSchema = z.object({ id: recordIdSchema });
export type IdParams = z.infer<typeof idParamsSchema>;
