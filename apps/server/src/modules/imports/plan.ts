import {
  type ImportProblem,
  type ImportReport,
  type ImportRow,
  importMessages,
  SKU_MAX_LENGTH,
} from '@depot/contract';
import type { ZodType } from 'zod';
import { toCents, toGrams } from '../../lib/amounts';
import type { CsvFile } from './csv-file';

/** An owner's item as an import compares it: a stock item or a catalogue product, in stored units. */
export interface ImportItem {
  id: number;
  name: string;
  sku: string | null;
  price_cents: number;
  quantity: number;
  weight_grams: number;
}

export type ItemValues = Omit<ImportItem, 'id'>;

/** The fields of one kind of item: the file's column for each, and the contract's check of it. */
export interface ImportFields {
  name: { column: string; schema: ZodType<string> };
  price: ZodType<number>;
  quantity: ZodType<number>;
  weight: ZodType<number>;
}

export interface ImportPlan {
  report: ImportReport;
  creates: { row: number; values: ItemValues }[];
  updates: { row: number; before: ImportItem; values: ItemValues }[];
}

const COMPARED = ['name', 'sku', 'price_cents', 'quantity', 'weight_grams'] as const;
const FIELD_NAMES: Record<(typeof COMPARED)[number], string> = {
  name: 'name',
  sku: 'sku',
  price_cents: 'price',
  quantity: 'quantity',
  weight_grams: 'weight',
};

const nameKey = (name: string) => name.toLowerCase();

/** The cell checked by the contract's schema: its value, or the schema's sentence as a problem. */
function checked<T>(schema: ZodType<T>, cell: string | undefined, problem: (reason: string) => void) {
  const result = schema.safeParse(cell ?? '');
  if (result.success) return result.data;
  problem(result.error.issues[0]?.message ?? 'is not valid');
  return undefined;
}

/**
 * What importing the file would do to the owner's items: each row matched by its SKU, else by
 * its name (any letter case), and created, updated or left unchanged; every problem with its row
 * and column. Rows with a problem do nothing (and a commit with any problem does nothing at all).
 */
export function planImport(file: CsvFile, existing: readonly ImportItem[], fields: ImportFields): ImportPlan {
  const problems: ImportProblem[] = [...file.problems];
  const rows: ImportRow[] = file.problems.map(({ row }) => ({
    row,
    action: 'error',
    name: '',
    sku: null,
    id: null,
    changes: [],
  }));
  const creates: ImportPlan['creates'] = [];
  const updates: ImportPlan['updates'] = [];
  const bySku = new Map<string, ImportItem>();
  const byName = new Map<string, ImportItem[]>();
  for (const item of existing) {
    if (item.sku !== null) bySku.set(item.sku, item);
    const key = nameKey(item.name);
    byName.set(key, [...(byName.get(key) ?? []), item]);
  }
  const skuRows = new Map<string, number>();
  const nameRows = new Map<string, number>();
  const itemRows = new Map<number, number>();

  for (const { row, cells } of file.rows) {
    const rowProblems: ImportProblem[] = [];
    const problem = (column: string | null) => (reason: string) => rowProblems.push({ row, column, reason });
    const name = checked(fields.name.schema, cells[fields.name.column], problem(fields.name.column));
    const price = checked(fields.price, cells.price, problem('price'));
    const quantity = checked(fields.quantity, cells.quantity, problem('quantity'));
    const weight = checked(fields.weight, cells.weight, problem('weight'));
    const sku = (cells.sku ?? '').trim() || null;
    if (sku !== null && [...sku].length > SKU_MAX_LENGTH) problem('sku')(importMessages.skuTooLong);

    if (sku !== null) {
      const earlier = skuRows.get(sku);
      if (earlier !== undefined) problem('sku')(importMessages.duplicateSku(sku, earlier));
      else skuRows.set(sku, row);
    }
    let match: ImportItem | undefined;
    if (name !== undefined) {
      const key = nameKey(name);
      const named = byName.get(key) ?? [];
      if (sku !== null) {
        // A SKU names its item; one not yet known may be given to the one item of that name that has none.
        const unnumbered = named.filter((item) => item.sku === null);
        match = bySku.get(sku) ?? (unnumbered.length === 1 ? unnumbered[0] : undefined);
      } else {
        if (named.length > 1) problem(fields.name.column)(importMessages.ambiguousName(named.length));
        match = named.length === 1 ? named[0] : undefined;
        const earlier = nameRows.get(key);
        if (earlier !== undefined) problem(fields.name.column)(importMessages.duplicateName(earlier));
        else nameRows.set(key, row);
      }
    }
    if (match && rowProblems.length === 0) {
      const earlier = itemRows.get(match.id);
      if (earlier !== undefined)
        problem(sku === null ? fields.name.column : 'sku')(importMessages.duplicateName(earlier));
      else itemRows.set(match.id, row);
    }

    if (
      rowProblems.length > 0 ||
      name === undefined ||
      price === undefined ||
      quantity === undefined ||
      weight === undefined
    ) {
      problems.push(...rowProblems);
      rows.push({
        row,
        action: 'error',
        name: name ?? cells[fields.name.column] ?? '',
        sku,
        id: null,
        changes: [],
      });
      continue;
    }
    const values: ItemValues = {
      name,
      // A file without a sku column leaves the items' SKUs as they are.
      sku: 'sku' in cells ? sku : (match?.sku ?? null),
      price_cents: toCents(price),
      quantity,
      weight_grams: toGrams(weight),
    };
    if (!match) {
      creates.push({ row, values });
      rows.push({ row, action: 'create', name, sku: values.sku, id: null, changes: [] });
      continue;
    }
    const before = match;
    const changes = COMPARED.filter((field) => before[field] !== values[field]).map(
      (field) => FIELD_NAMES[field],
    );
    if (changes.length > 0) updates.push({ row, before, values });
    rows.push({
      row,
      action: changes.length > 0 ? 'update' : 'unchanged',
      name,
      sku: values.sku,
      id: before.id,
      changes,
    });
  }

  problems.sort((a, b) => a.row - b.row);
  rows.sort((a, b) => a.row - b.row);
  const count = (action: ImportRow['action']) => rows.filter((row) => row.action === action).length;
  return {
    report: {
      committed: false,
      counts: {
        create: count('create'),
        update: count('update'),
        unchanged: count('unchanged'),
        error: count('error'),
      },
      rows,
      problems,
    },
    creates,
    updates,
  };
}
