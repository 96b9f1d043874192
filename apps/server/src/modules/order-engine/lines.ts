import { QUANTITY_MAX } from '@depot/contract';
import type { Executor } from '../../db/schema';
import { addExactly } from '../../lib/amounts';
import { type AppError, InvalidError } from '../../lib/errors';
import { refuseActingForAnother, type Scope } from '../auth/authenticate';

/**
 * What customer orders and supply orders have in common (docs/decisions/012-one-order-engine.md):
 * a draft's lines merged, each line's units taken from its source in one conditional statement,
 * and the totals added up exactly. What differs stays with each kind: where the units come from,
 * why a line is refused, what is written and who is told. Customer orders placed together settle
 * their lines against stock rows locked first instead, one statement for the batch
 * (docs/decisions/040-orders-placed-in-batches.md); supply orders and a reopened order take theirs
 * here, line by line.
 */

/** A draft's line: the id of the stock item or product, and the units wanted. */
export interface DraftLine {
  id: number;
  quantity: number;
}

/**
 * A draft's lines naming the same item (by `idOf`) become one, their quantities added up, in id
 * order: concurrent orders then lock rows in the same order and cannot deadlock on PostgreSQL.
 */
export function mergeLines<Item extends { quantity: number }>(
  items: readonly Item[],
  idOf: (item: Item) => number,
  invalidQuantity: string,
): DraftLine[] {
  const quantities = new Map<number, number>();
  for (const item of items) quantities.set(idOf(item), (quantities.get(idOf(item)) ?? 0) + item.quantity);
  const merged = [...quantities].map(([id, quantity]) => ({ id, quantity }));
  if (merged.some((line) => line.quantity > QUANTITY_MAX)) {
    throw new InvalidError(invalidQuantity, [{ path: 'body.items', message: invalidQuantity }]);
  }
  return merged.sort((a, b) => a.id - b.id);
}

/**
 * The lines a caller's draft asks for, merged: a draft that names its owner must name the caller
 * (`notYours` otherwise), and no merged line may pass the largest quantity (`invalidQuantity`).
 */
export function linesOfDraft<Item extends { quantity: number }>(
  scope: Scope,
  draft: { ownerId: number | null | undefined; items: readonly Item[]; idOf: (item: Item) => number },
  messages: { notYours: string; invalidQuantity: string },
): DraftLine[] {
  refuseActingForAnother(draft.ownerId, scope, messages.notYours);
  return mergeLines(draft.items, draft.idOf, messages.invalidQuantity);
}

/** A row whose units were taken: its values at that moment, copied onto the order's line. */
export interface TakenRow {
  id: number;
  name: string;
  price_cents: number;
  weight_grams: number;
}

/** Where an order's units come from: stock items for a customer, a supplier's products for a manager. */
export interface LineSource<Taken extends TakenRow> {
  /** Takes the line's units if the row has them, in one statement; undefined when it has not. */
  take(trx: Executor, line: DraftLine): Promise<Taken | undefined>;
  /** Why a line could not be taken, as the error that refuses the whole order. */
  refusal(trx: Executor, line: DraftLine): Promise<AppError>;
}

export interface TakenLines<Taken extends TakenRow> {
  lines: { row: Taken; quantity: number }[];
  totalCents: number;
  /** Not checked for exactness: a kind of order that ships by weight checks it (Number.isSafeInteger). */
  totalGrams: number;
}

/** Takes every line or refuses the order: the first line its source cannot give throws. */
export async function takeLines<Taken extends TakenRow>(
  trx: Executor,
  lines: readonly DraftLine[],
  source: LineSource<Taken>,
  tooLarge: string,
): Promise<TakenLines<Taken>> {
  const taken: TakenLines<Taken> = { lines: [], totalCents: 0, totalGrams: 0 };
  for (const line of lines) {
    const row = await source.take(trx, line);
    if (!row) throw await source.refusal(trx, line);
    taken.lines.push({ row, quantity: line.quantity });
    taken.totalCents = addExactly(taken.totalCents, row.price_cents * line.quantity, tooLarge);
    taken.totalGrams += row.weight_grams * line.quantity;
  }
  return taken;
}
