import type { ActivityEvent } from '@depot/contract';
import { formatDateTime, formatMoney, formatQuantity, formatWeight } from '@/lib/format';

/** One field of an event: its value before and after (undefined when the side has none). */
export interface FieldChange {
  field: string;
  before?: string;
  after?: string;
}

/** How a field's value is shown, read from its name: the snapshots carry plain JSON numbers and strings. */
type FieldKind = 'money' | 'weight' | 'quantity' | 'dateTime' | 'plain';

const WEIGHT_WORDS = new Set(['weight', 'kg']);
const QUANTITY_WORDS = new Set(['quantity', 'count', 'units']);
const MONEY_WORDS = new Set(['price', 'cost', 'total', 'subtotal', 'amount']);
const TIME_WORDS = new Set(['at', 'date', 'time']);

/** The words of a field name, snake_case or camelCase: "expected_delivery_time", "occurredAt". */
const wordsOf = (key: string) =>
  key
    .split(/_|(?=[A-Z])/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());

/**
 * The kind of a field by its name. Order matters: "total_quantity" is a count and "total_weight" a
 * weight though both say total; a time is named by its last word ("created_at", "delivery_date").
 */
export function fieldKind(key: string): FieldKind {
  const words = wordsOf(key);
  if (words.some((word) => WEIGHT_WORDS.has(word))) return 'weight';
  if (words.some((word) => QUANTITY_WORDS.has(word))) return 'quantity';
  if (words.some((word) => MONEY_WORDS.has(word))) return 'money';
  if (TIME_WORDS.has(words.at(-1) ?? '')) return 'dateTime';
  return 'plain';
}

/** A number as the API sends it, or a numeric string (the API accepts "3" for 3). */
function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}

/** A value of a known kind with the app's own formatters; anything unexpected as it came. */
function formatKnown(kind: FieldKind, value: unknown): string | undefined {
  if (kind === 'dateTime') return typeof value === 'string' ? formatDateTime(value) || undefined : undefined;
  if (kind === 'plain') return undefined;
  const number = asNumber(value);
  if (number === undefined) return undefined;
  if (kind === 'money') return formatMoney(number);
  if (kind === 'weight') return formatWeight(number);
  return formatQuantity(number);
}

/** An order line: "2 × Bolt at $1.50". */
function formatLine(item: object): string | undefined {
  if (!('product_name' in item) || !('quantity' in item)) return undefined;
  const line = `${formatValue('quantity', item.quantity)} × ${String(item.product_name)}`;
  return 'price' in item && asNumber(item.price) !== undefined
    ? `${line} at ${formatValue('price', item.price)}`
    : line;
}

function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) {
    return value
      .map((item) => (item && typeof item === 'object' && formatLine(item)) || formatValue(key, item))
      .join(', ');
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return formatKnown(fieldKind(key), value) ?? String(value);
}

const fieldName = (key: string) => key.replaceAll('_', ' ');

/** Whether two snapshot values are the same (1.5 and "1.50" both read as $1.50: no change). */
const sameValue = (key: string, a: unknown, b: unknown) =>
  JSON.stringify(a) === JSON.stringify(b) || formatValue(key, a) === formatValue(key, b);

/**
 * What an event changed, field by field: every field of a new or removed thing, and only the
 * fields that differ for a change. Values read as the rest of the app shows them: money in dollars,
 * weights in kg, counts with separators, times as dd/mm/yyyy, hh:mm.
 */
export function describeChanges(event: Pick<ActivityEvent, 'before' | 'after'>): FieldChange[] {
  const { before, after } = event;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: FieldChange[] = [];
  for (const key of keys) {
    const hasBefore = before != null && key in before;
    const hasAfter = after != null && key in after;
    if (before && after && hasBefore && hasAfter && sameValue(key, before[key], after[key])) continue;
    changes.push({
      field: fieldName(key),
      ...(hasBefore ? { before: formatValue(key, before[key]) } : {}),
      ...(hasAfter ? { after: formatValue(key, after[key]) } : {}),
    });
  }
  return changes;
}

/** A change as one line of text: "quantity: 40 → 35", "name: Copper wire". */
export function changeText(change: FieldChange): string {
  if (change.before !== undefined && change.after !== undefined) {
    return `${change.field}: ${change.before} → ${change.after}`;
  }
  return `${change.field}: ${change.after ?? change.before}`;
}
