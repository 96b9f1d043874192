import { z } from 'zod';
import { text } from './common';

/**
 * Importing a CSV file of stock items (a manager's) or catalogue products (a supplier's)
 * (docs/decisions/019-data-in-and-out.md): the body is the file itself, `Content-Type: text/csv`,
 * UTF-8. A dry run reports what each row would do and every problem; a commit does all of it or,
 * with any problem, nothing.
 */

/** The largest file taken: 5 MB, about 80,000 rows of a stock list. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most rows a file may hold (besides its header). */
export const IMPORT_MAX_ROWS = 20_000;
export const SKU_MAX_LENGTH = 64;

/** What a file holds: the columns it must have, may have, and may carry unused (an export's ids). */
export interface ImportColumns {
  required: readonly string[];
  optional: readonly string[];
  /** Columns an export writes that an import reads past: the row's id and owner are never taken from a file. */
  ignored: readonly string[];
  /** Other names a column may go by, e.g. name for stock_name. */
  aliases: Readonly<Record<string, string>>;
}

/** A stock file: what GET /api/stocks exports, or just name, price, quantity and weight. */
export const STOCK_IMPORT_COLUMNS: ImportColumns = {
  required: ['stock_name', 'price', 'quantity', 'weight'],
  optional: ['sku'],
  ignored: ['stock_id', 'inventory_manager_id'],
  aliases: { name: 'stock_name' },
};

/** A catalogue file: what GET /api/stock-replenishment/products exports, or the product's fields. */
export const PRODUCT_IMPORT_COLUMNS: ImportColumns = {
  required: ['name', 'price', 'weight', 'quantity'],
  optional: ['sku'],
  // A file neither discontinues nor resumes a product: only the catalogue's buttons do. A manager's
  // export carries their own linked stock item beside each product (my_stock), which is not the product's.
  ignored: [
    'id',
    'supplier_id',
    'discontinued',
    'my_stock_stock_id',
    'my_stock_name',
    'my_stock_quantity',
    'my_stock_reorder_level',
  ],
  aliases: { product_name: 'name' },
};

export const IMPORT_MESSAGES = {
  notUtf8: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.',
  utf16: 'The file is UTF-16 text. Save it as "CSV UTF-8" and upload it again.',
  empty: 'The file is empty: it needs a header row and at least one row.',
  noRows: 'The file has a header row but no rows.',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows; split it into smaller files.`,
  unreadable: 'The file is not valid CSV',
  hasProblems: 'Nothing was imported: fix the problems listed and try again.',
  committed: 'Import complete',
} as const;

export const importMessages = {
  missingColumns: (columns: readonly string[]) =>
    `The file has no ${columns.join(', ')} column${columns.length > 1 ? 's' : ''}.`,
  unknownColumns: (columns: readonly string[], known: readonly string[]) =>
    `Unknown column${columns.length > 1 ? 's' : ''} ${columns.join(', ')}; the columns are ${known.join(', ')}.`,
  repeatedColumn: (column: string) => `The column ${column} appears twice.`,
  cellCount: (cells: number, columns: number) => `The row has ${cells} cells; the header has ${columns}.`,
  duplicateSku: (sku: string, row: number) => `SKU ${sku} is also on row ${row}.`,
  duplicateName: (row: number) => `The same name is on row ${row}; give each a SKU to tell them apart.`,
  ambiguousName: (count: number) =>
    `${count} existing items have this name; add a sku column to say which one.`,
  skuTaken: 'Another item already has this SKU.',
  skuTooLong: `SKU must be at most ${SKU_MAX_LENGTH} characters`,
};

/**
 * An item's SKU as a form sends it (docs/decisions/034-skus-in-the-screens-and-exports-at-scale.md):
 * optional, trimmed, at most 64 characters; blank or null is "no SKU". Unique per owner, which only
 * the server can check (409 `sku_taken`, its message on `body.sku`).
 */
export const skuField = text('SKU')
  .refine((value) => [...value].length <= SKU_MAX_LENGTH, importMessages.skuTooLong)
  .transform((value) => (value === '' ? null : value))
  .nullish();

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** A problem with one cell (or a whole row: column null); rows as a spreadsheet numbers them, the header being row 1. */
export const importProblemSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  reason: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importRowSchema = z.object({
  row: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
  name: z.string(),
  sku: z.string().nullable(),
  /** The existing item it matched (update, unchanged). */
  id: z.number().int().nullable(),
  /** The fields an update changes. */
  changes: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** The answer of a dry run, and of a commit. */
export const importReportSchema = z
  .object({
    committed: z.boolean(),
    counts: z.object({
      create: z.number().int(),
      update: z.number().int(),
      unchanged: z.number().int(),
      error: z.number().int(),
    }),
    rows: z.array(importRowSchema),
    problems: z.array(importProblemSchema),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof importReportSchema>;
