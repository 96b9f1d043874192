import type { SupplyOrderStatus } from '@depot/contract';

/**
 * The value a datetime-local input shows for a UTC timestamp: the browser's local date and time.
 */
export function toLocalInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * docs/product/validation-and-messages.md#supply-order-update: the local date-time entered, as a
 * UTC ISO timestamp ("2026-06-18T15:00" read as local time). A value that is no date-time at all is
 * passed on as it is, for the schema to refuse.
 */
export function toUtcIso(localValue: string): string {
  const date = new Date(localValue);
  return Number.isNaN(date.getTime()) ? localValue : date.toISOString();
}

/** Mantine colours of the statuses: final ones green or grey, trouble orange. */
export const STATUS_COLORS: Record<SupplyOrderStatus, string> = {
  'Order Received': 'blue',
  Processing: 'cyan',
  'In Transit': 'indigo',
  Delivered: 'green',
  Delayed: 'orange',
  Canceled: 'gray',
};
