import { groupBy } from '../../lib/group-by';

/**
 * Orders of either kind, each with its lines: one query for the lines of the whole page, grouped
 * by order, so a page costs two queries however many orders it holds.
 */
export async function withLines<Row extends { id: number }, Line extends { order_id: number }, Order>(
  rows: readonly Row[],
  linesOf: (orderIds: number[]) => Promise<Line[]>,
  toOrder: (row: Row, lines: Line[]) => Order,
): Promise<Order[]> {
  const lines =
    rows.length === 0
      ? new Map<number, Line[]>()
      : groupBy(await linesOf(rows.map((row) => row.id)), (line) => line.order_id);
  return rows.map((row) => toOrder(row, lines.get(row.id) ?? []));
}
