import { PATHS } from '@depot/contract';

/** The documents the print page makes (docs/product/screens.md#printed-documents). */
export const PRINT_DOCUMENTS = ['packing-slips', 'purchase-orders'] as const;
export type PrintDocument = (typeof PRINT_DOCUMENTS)[number];

/** Most orders one print job holds: each is a request and an A4 page. */
export const PRINT_JOB_MAX = 50;

/** The print page of these orders' documents, one page each, in the order given. */
export function printPath(document: PrintDocument, ids: readonly number[]): string {
  return `${PATHS.print.replace(':document', document)}?ids=${ids.join(',')}`;
}

/**
 * The order ids of a print page's `?ids=`: positive whole numbers, each once, in the order given;
 * undefined when any part is not one or there are none or too many.
 */
export function printIdsOf(search: string | null): number[] | undefined {
  const parts = (search ?? '').split(',').filter((part) => part !== '');
  if (parts.length === 0 || parts.length > PRINT_JOB_MAX) return undefined;
  if (!parts.every((part) => /^[1-9]\d{0,14}$/.test(part))) return undefined;
  return [...new Set(parts.map(Number))];
}

export const isPrintDocument = (value: string | undefined): value is PrintDocument =>
  PRINT_DOCUMENTS.includes(value as PrintDocument);
