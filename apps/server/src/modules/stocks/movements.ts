import type { StockMovement, StockMovementReason, StockMovementSortField } from '@depot/contract';
import type { Insertable } from 'kysely';
import { compiledRowsQuery } from '../../db/compiled-query';
import { countRows, type ListColumns, orderedPage } from '../../db/list-query';
import type { Executor, StockMovementsTable } from '../../db/schema';
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
      created_at: movement.created_at,
    })),
  ),
);

/** Movements written per statement: an import's thousands stay under SQLite's limit of parameters. */
const MOVEMENTS_PER_INSERT = 1000;

/** Writes the movements; call it in the transaction that changed the quantities. */
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
  }));
  await insertMovementsQuery.execute(db, rows);
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

/** One page of an item's movements; the caller has checked that the item is theirs. */
export async function listMovements(
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
    created_at: row.created_at,
  }));
}

export function countMovements(db: Executor, stockId: number, filters: MovementFilters): Promise<number> {
  return countRows(movementsOf(db, stockId, filters));
}
