import {
  IMPORT_MESSAGES,
  type ImportColumns,
  type ImportReport,
  PRODUCT_IMPORT_COLUMNS,
  productFields,
  STOCK_IMPORT_COLUMNS,
  stockFields,
} from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Scope } from '../auth/authenticate';
import { recordMovements } from '../stocks/movements';
import { readCsvFile } from './csv-file';
import { type ImportFields, planImport } from './plan';
import {
  type ItemTable,
  insertItems,
  itemsOf,
  lockItemsOf,
  PRODUCT_TABLE,
  STOCK_TABLE,
  updateItem,
} from './repository';

export interface ImportServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** A commit found problems: nothing was written; each is listed with its row and column. */
export class ImportProblemsError extends AppError {
  constructor(report: ImportReport) {
    super(
      400,
      'import_has_problems',
      IMPORT_MESSAGES.hasProblems,
      report.problems.map((problem) => ({
        path: `row ${problem.row}${problem.column ? `.${problem.column}` : ''}`,
        message: problem.reason,
      })),
    );
  }
}

interface ImportKind {
  table: ItemTable;
  columns: ImportColumns;
  fields: ImportFields;
  /** Quantity changes write stock movements (stock items have a history; catalogues do not). */
  movements: boolean;
}

const KINDS = {
  stocks: {
    table: STOCK_TABLE,
    columns: STOCK_IMPORT_COLUMNS,
    fields: {
      name: { column: 'stock_name', schema: stockFields.name },
      price: stockFields.price,
      quantity: stockFields.quantity,
      weight: stockFields.weight,
    },
    movements: true,
  },
  products: {
    table: PRODUCT_TABLE,
    columns: PRODUCT_IMPORT_COLUMNS,
    fields: {
      name: { column: 'name', schema: productFields.name },
      price: productFields.price,
      quantity: productFields.quantity,
      weight: productFields.weight,
    },
    movements: false,
  },
} satisfies Record<string, ImportKind>;
export type ImportKindName = keyof typeof KINDS;

/**
 * Imports a CSV file into the caller's stock items or catalogue (docs/decisions/019-data-in-and-out.md):
 * a dry run reports what each row would do; a commit does it all in one transaction, or nothing
 * when any row has a problem.
 */
export function createImportService(deps: ImportServiceDeps) {
  const { db, clock } = deps;

  return {
    async dryRun(scope: Scope, kindName: ImportKindName, file: Buffer): Promise<ImportReport> {
      const kind: ImportKind = KINDS[kindName];
      const csv = readCsvFile(file, kind.columns);
      return planImport(csv, await itemsOf(db, kind.table, scope.user.id), kind.fields).report;
    },

    async commit(scope: Scope, kindName: ImportKindName, file: Buffer): Promise<ImportReport> {
      const kind: ImportKind = KINDS[kindName];
      const csv = readCsvFile(file, kind.columns);
      const ownerId = scope.user.id;
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        // Compared again inside the transaction, with the rows locked: what is written is what the file says now.
        const plan = planImport(csv, await lockItemsOf(trx, kind.table, ownerId), kind.fields);
        if (plan.report.problems.length > 0) throw new ImportProblemsError(plan.report);
        const created = await insertItems(
          trx,
          kind.table,
          ownerId,
          plan.creates.map((create) => create.values),
          now,
        );
        for (const update of plan.updates)
          await updateItem(trx, kind.table, update.before.id, update.values, now);
        if (kind.movements) {
          const movement = { reason: 'import' as const, actor_id: ownerId, created_at: now };
          await recordMovements(trx, [
            ...created.map((item) => ({
              ...movement,
              stock_id: item.id,
              change: item.quantity,
              quantity_after: item.quantity,
            })),
            ...plan.updates
              .filter((update) => update.values.quantity !== update.before.quantity)
              .map((update) => ({
                ...movement,
                stock_id: update.before.id,
                change: update.values.quantity - update.before.quantity,
                quantity_after: update.values.quantity,
              })),
          ]);
        }
        return { ...plan.report, committed: true };
      });
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
