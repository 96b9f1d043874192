import { type ConfirmStockCountBody, STOCK_MESSAGES, type StockCount, type StockItem } from '@depot/contract';
import type { Reach } from '../../db/reach';
import type { Executor } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { AuditContext } from '../audit/context';
import { recordAuditEvent } from '../audit/repository';
import { recordMovements } from './movements';
import * as repo from './repository';

/** The sentence of a count refused because items changed since it was shown. */
export function staleCountMessage(stale: readonly { item: StockItem; expected: number }[]): string {
  const items = stale.map(({ item, expected }) => `${item.stock_name} (${expected}, now ${item.quantity})`);
  return `${stale.length === 1 ? 'A quantity' : 'Quantities'} changed since the count was shown: ${items.join(', ')}. Check ${stale.length === 1 ? 'its count' : 'their counts'} and confirm again.`;
}

/**
 * Confirms a stock count (docs/product/business-rules.md#stock-counts) in the caller's transaction:
 * locks the counted items in id order (the lock order orders and edits use), refuses the whole count
 * when any item no longer holds the quantity the manager was shown, then sets each item to its
 * counted quantity with a 'count' movement linked to the count (a movement of 0 records an item
 * counted right).
 */
export async function confirmCount(
  trx: Executor,
  actor: { id: number; reach: Reach },
  body: ConfirmStockCountBody,
  audit: AuditContext,
  now: string,
): Promise<StockCount> {
  const lines = [...body.lines].sort((a, b) => a.stock_id - b.stock_id);
  const locked: { item: StockItem; expected: number; counted: number }[] = [];
  for (const line of lines) {
    const item = await repo.lockStock(trx, line.stock_id, actor.reach);
    if (!item) throw new NotFoundError(STOCK_MESSAGES.notFound);
    locked.push({ item, expected: line.expected_quantity, counted: line.counted_quantity });
  }
  const stale = locked.filter(({ item, expected }) => item.quantity !== expected);
  if (stale.length > 0) throw new ConflictError(staleCountMessage(stale), 'stock_count_stale');

  const { id: countId } = await trx
    .insertInto('stock_counts')
    .values({ inventory_manager_id: actor.id, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const { item, counted } of locked) {
    if (counted === item.quantity) continue;
    await repo.updateStock(trx, item.stock_id, actor.reach, { quantity: counted, updated_at: now });
    await recordAuditEvent(trx, audit, now, {
      action: 'stock.updated',
      entityType: 'stock',
      entityId: item.stock_id,
      before: { name: item.stock_name, price: item.price, quantity: item.quantity, weight: item.weight },
      after: { name: item.stock_name, price: item.price, quantity: counted, weight: item.weight },
      viewers: [item.inventory_manager_id],
    });
  }
  await recordMovements(
    trx,
    locked.map(({ item, counted }) => ({
      stock_id: item.stock_id,
      change: counted - item.quantity,
      quantity_after: counted,
      reason: 'count' as const,
      actor_id: actor.id,
      stock_count_id: countId,
      created_at: now,
    })),
  );
  return {
    id: countId,
    created_at: now,
    lines: locked.map(({ item, expected, counted }) => ({
      stock_id: item.stock_id,
      stock_name: item.stock_name,
      expected_quantity: expected,
      counted_quantity: counted,
      variance: counted - expected,
    })),
  };
}
