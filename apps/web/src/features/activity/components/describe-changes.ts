import type { ActivityEvent } from '@depot/contract';

/** One field of an event: its value before and after (undefined when the side has none). */
export interface FieldChange {
  field: string;
  before?: string;
  after?: string;
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) {
    return value
      .map((item) =>
        item && typeof item === 'object' && 'product_name' in item && 'quantity' in item
          ? `${String(item.quantity)} × ${String(item.product_name)}`
          : formatValue(item),
      )
      .join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const fieldName = (key: string) => key.replaceAll('_', ' ');

/**
 * What an event changed, field by field: every field of a new or removed thing, and only the
 * fields that differ for a change.
 */
export function describeChanges(event: Pick<ActivityEvent, 'before' | 'after'>): FieldChange[] {
  const { before, after } = event;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: FieldChange[] = [];
  for (const key of keys) {
    const from = before && key in before ? formatValue(before[key]) : undefined;
    const to = after && key in after ? formatValue(after[key]) : undefined;
    if (before && after && from === to) continue;
    changes.push({
      field: fieldName(key),
      ...(from === undefined ? {} : { before: from }),
      ...(to === undefined ? {} : { after: to }),
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
