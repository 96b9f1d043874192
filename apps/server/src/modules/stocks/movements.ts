import type { StockMovement, StockMovementReason, StockMovementSortField } from '@depot/contract';
import { type Insertable, sql } from 'kysely';
import { compiledRowsQuery } from '../../db/compiled-query';
import { type ListColumns, orderedPage } from '../../db/list-query';
import type { Executor, StockMovementsTable } from '../../db/schema';
import { together } from '../../db/together';
import type { ListRequest } from '../../lib/list';

/**
 * Stock history (docs/product/business-rules.md#stock-history): every change of an item's quantity
 * writes a movement in the changing transaction, with the quantity the change left, so the item's
 * quantity is always the sum of its movements.
 */
export type NewMovement = Insertable<StockMovementsTable>;

const insertMovementsQuery = compiledRowsQuery((db, movements: NewMovement[]) =>
  db.insertInto('stock_movements').values(
    movements.map((movement) => ({
      stock_id: movement.stock_id,
      change: movement.change,
      quantity_after: movement.quantity_after,
      reason: movement.reason,
      actor_id: movement.actor_id,
      order_id: movement.order_id,
      supply_order_id: movement.supply_order_id,
      stock_count_id: movement.stock_count_id,
      created_at: movement.created_at,
    })),
  ),
);

interface Tally {
  stock_id: number;
  reason: StockMovementReason;
  movements: number;
}

const addToTalliesQuery = compiledRowsQuery((db, tallies: Tally[]) =>
  db
    .insertInto('stock_movement_tallies')
    .values(
      tallies.map((tally) => ({
        stock_id: tally.stock_id,
        reason: tally.reason,
        movements: tally.movements,
      })),
    )
    .onConflict((conflict) =>
      conflict
        .columns(['stock_id', 'reason'])
        .doUpdateSet({ movements: sql`stock_movement_tallies.movements + excluded.movements` }),
    ),
);

/** The movements counted per item and reason, in item id order (the order the items were locked in). */
function talliesOf(movements: readonly NewMovement[]): Tally[] {
  const byKey = new Map<string, Tally>();
  for (const { stock_id, reason } of movements) {
    const key = `${stock_id} ${reason}`;
    const tally = byKey.get(key);
    if (tally) tally.movements += 1;
    else byKey.set(key, { stock_id, reason, movements: 1 });
  }
  return [...byKey.values()].sort((a, b) => a.stock_id - b.stock_id || a.reason.localeCompare(b.reason));
}

/** Movements written per statement: an import's thousands stay under SQLite's limit of parameters. */
const MOVEMENTS_PER_INSERT = 1000;

/**
 * Writes the movements and adds them to their items' tallies; call it in the transaction that
 * changed the quantities, after it locked the items' rows (so no other writer waits on a tally).
 */
export async function recordMovements(db: Executor, movements: readonly NewMovement[]): Promise<void> {
  if (movements.length === 0) return;
  if (movements.length > MOVEMENTS_PER_INSERT) {
    for (let from = 0; from < movements.length; from += MOVEMENTS_PER_INSERT) {
      await recordMovements(db, movements.slice(from, from + MOVEMENTS_PER_INSERT));
    }
    return;
  }
  // A compiled statement takes every column's value, a missing link as null.
  const rows = movements.map((movement) => ({
    ...movement,
    actor_id: movement.actor_id ?? null,
    order_id: movement.order_id ?? null,
    supply_order_id: movement.supply_order_id ?? null,
    stock_count_id: movement.stock_count_id ?? null,
  }));
  await together(
    () => insertMovementsQuery.execute(db, rows),
    () => addToTalliesQuery.execute(db, talliesOf(movements)),
  );
}

export interface MovementFilters {
  reason?: readonly StockMovementReason[] | undefined;
}

const LIST_COLUMNS: ListColumns<StockMovementSortField> = {
  sort: { created_at: { column: 'm.created_at' } },
  search: [],
  id: 'm.id',
};

function movementsOf(db: Executor, stockId: number, filters: MovementFilters) {
  const query = db.selectFrom('stock_movements as m').where('m.stock_id', '=', stockId);
  return filters.reason?.length ? query.where('m.reason', 'in', filters.reason) : query;
}

/**
 * Several reasons: each reason's rows are read in order from its own index, as many as the page
 * needs, and merged; one query over all of them would read the item's whole history by time and
 * drop the other reasons (SQLite), or sort every row of the reasons. A page deeper than this reads
 * them with one query.
 */
const MERGED_PAGE_DEPTH = 5_000;

/** One page of an item's movements; the caller has checked that the item is theirs. */
export async function listMovements(
  db: Executor,
  stockId: number,
  filters: MovementFilters,
  list: ListRequest<StockMovementSortField>,
): Promise<StockMovement[]> {
  const reasons = filters.reason ?? [];
  const { page, sort } = list;
  const depth = page.offset + page.limit;
  if (reasons.length < 2 || depth > MERGED_PAGE_DEPTH) return listMovementsAtOnce(db, stockId, filters, list);
  // Each reason's first `depth` rows (its last, from the end) hold the page's rows.
  const perReason = await Promise.all(
    reasons.map((reason) =>
      listMovementsAtOnce(
        db,
        stockId,
        { reason: [reason] },
        { ...list, page: { limit: depth, offset: 0, ...(page.fromEnd ? { fromEnd: true } : {}) } },
      ),
    ),
  );
  const sign = sort.order === 'asc' ? 1 : -1;
  const merged = perReason
    .flat()
    .sort(
      (a, b) => sign * (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id),
    );
  return page.fromEnd
    ? merged.slice(Math.max(0, merged.length - depth), merged.length - page.offset)
    : merged.slice(page.offset, depth);
}

async function listMovementsAtOnce(
  db: Executor,
  stockId: number,
  filters: MovementFilters,
  list: ListRequest<StockMovementSortField>,
): Promise<StockMovement[]> {
  const rows = db
    .selectFrom('stock_movements as m')
    .leftJoin('users as u', 'u.id', 'm.actor_id')
    .select([
      'm.id',
      'm.stock_id',
      'm.change',
      'm.quantity_after',
      'm.reason',
      'm.actor_id',
      'u.name as actor_name',
      'm.order_id',
      'm.supply_order_id',
      'm.stock_count_id',
      'm.created_at',
    ]);
  const page = await orderedPage(
    db,
    rows,
    movementsOf(db, stockId, filters),
    LIST_COLUMNS,
    list.sort,
    list.page,
  ).execute();
  return page.map((row) => ({
    id: row.id,
    stock_id: row.stock_id,
    change: row.change,
    quantity_after: row.quantity_after,
    reason: row.reason,
    actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? '' },
    order_id: row.order_id,
    supply_order_id: row.supply_order_id,
    stock_count_id: row.stock_count_id,
    created_at: row.created_at,
  }));
}

/** How many movements the item has (of the reasons asked), from its tallies. */
export async function countMovements(
  db: Executor,
  stockId: number,
  filters: MovementFilters,
): Promise<number> {
  let query = db
    .selectFrom('stock_movement_tallies')
    .where('stock_id', '=', stockId)
    .select(sql<number>`coalesce(sum(movements), 0)`.as('movements'));
  if (filters.reason?.length) query = query.where('reason', 'in', filters.reason);
  const row = await query.executeTakeFirst();
  return Number(row?.movements ?? 0);
}
