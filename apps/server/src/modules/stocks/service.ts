import {
  type ConfirmStockCountBody,
  type CreateStockBody,
  STOCK_LIST,
  STOCK_MESSAGES,
  STOCK_MOVEMENT_LIST,
  type StockCount,
  type StockItem,
  type StockListQuery,
  type StockMovement,
  type StockMovementQuery,
  type UpdateStockBody,
} from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { NotFoundError } from '../../lib/errors';
import { type ListPage, listPage } from '../../lib/list';
import type { AuditContext } from '../audit/context';
import { recordAuditEvent } from '../audit/repository';
import { refuseActingForAnother, type Scope } from '../auth/authenticate';
import { refuseTakenSku, withSkuTaken } from '../imports/sku';
import { confirmCount } from './counts';
import * as movements from './movements';
import * as repo from './repository';

export interface StockServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** What the audit trail keeps of a stock item (its SKU when it has one). */
export function stockSnapshot(item: StockItem) {
  const { stock_name: name, price, quantity, weight, sku } = item;
  return { name, price, quantity, weight, ...(sku === null ? {} : { sku }) };
}

export function createStockService(deps: StockServiceDeps) {
  const { db, clock } = deps;
  const isoNow = () => clock.now().toISOString();

  return {
    /**
     * A manager's own items, or every manager's for a customer
     * (docs/product/business-rules.md#stock).
     */
    async list(scope: Scope, query: StockListQuery): Promise<ListPage<StockItem>> {
      return listPage(
        STOCK_LIST,
        query,
        (list) => repo.listStocks(db, scope.reach, list),
        (q) => repo.countStocks(db, scope.reach, q),
        (list) => repo.listStocksJson(db, scope.reach, list),
      );
    },

    async get(scope: Scope, id: number): Promise<StockItem> {
      const item = await repo.getStockById(db, id, scope.reach);
      if (!item) throw new NotFoundError(STOCK_MESSAGES.notFound);
      return item;
    },

    /** An item's history, newest first; another manager's item answers 404, like a missing one. */
    async movements(scope: Scope, id: number, query: StockMovementQuery): Promise<ListPage<StockMovement>> {
      if (!(await repo.getStockById(db, id, scope.reach))) throw new NotFoundError(STOCK_MESSAGES.notFound);
      const filters = { reason: query.reason };
      return listPage(
        STOCK_MOVEMENT_LIST,
        query,
        (list) => movements.listMovements(db, id, filters, list),
        () => movements.countMovements(db, id, filters),
      );
    },

    /** The caller owns what they create. */
    async create(scope: Scope, body: CreateStockBody, audit: AuditContext): Promise<StockItem> {
      refuseActingForAnother(body.inventory_manager_id, scope, STOCK_MESSAGES.notYourInventory);
      const managerId = scope.user.id;
      const now = isoNow();
      return withSkuTaken(
        db.transaction().execute(async (trx) => {
          await refuseTakenSku(body.sku, (sku) => repo.isSkuTaken(trx, managerId, sku));
          const item = await repo.createStock(trx, {
            name: body.name,
            price: body.price,
            quantity: body.quantity,
            weight: body.weight,
            sku: body.sku ?? null,
            inventory_manager_id: managerId,
            created_at: now,
          });
          await movements.recordMovements(trx, [
            {
              stock_id: item.stock_id,
              change: item.quantity,
              quantity_after: item.quantity,
              reason: 'created',
              actor_id: managerId,
              created_at: now,
            },
          ]);
          await recordAuditEvent(trx, audit, now, {
            action: 'stock.created',
            entityType: 'stock',
            entityId: item.stock_id,
            after: stockSnapshot(item),
            viewers: [managerId],
          });
          return item;
        }),
      );
    },

    /** Another manager's item answers 404, like a missing one: it never reveals that it exists. */
    async update(scope: Scope, id: number, changes: UpdateStockBody, audit: AuditContext): Promise<void> {
      const now = isoNow();
      await withSkuTaken(
        db.transaction().execute(async (trx) => {
          const before = await repo.lockStock(trx, id, scope.reach);
          if (!before) throw new NotFoundError(STOCK_MESSAGES.notFound);
          await refuseTakenSku(changes.sku, (sku) =>
            repo.isSkuTaken(trx, before.inventory_manager_id, sku, id),
          );
          if (!(await repo.updateStock(trx, id, scope.reach, { ...changes, updated_at: now }))) {
            throw new NotFoundError(STOCK_MESSAGES.notFound);
          }
          const after = await repo.getStockById(trx, id, scope.reach);
          if (!after) throw new NotFoundError(STOCK_MESSAGES.notFound);
          if (after.quantity !== before.quantity) {
            await movements.recordMovements(trx, [
              {
                stock_id: id,
                change: after.quantity - before.quantity,
                quantity_after: after.quantity,
                reason: 'edit',
                actor_id: scope.user.id,
                created_at: now,
              },
            ]);
          }
          await recordAuditEvent(trx, audit, now, {
            action: 'stock.updated',
            entityType: 'stock',
            entityId: id,
            before: stockSnapshot(before),
            after: stockSnapshot(after),
            viewers: [before.inventory_manager_id],
          });
        }),
      );
    },

    /** A stock count confirmed: every counted item set to its count, or nothing when one changed. */
    async confirmCount(scope: Scope, body: ConfirmStockCountBody, audit: AuditContext): Promise<StockCount> {
      const now = isoNow();
      return db
        .transaction()
        .execute((trx) => confirmCount(trx, { id: scope.user.id, reach: scope.reach }, body, audit, now));
    },

    async remove(scope: Scope, id: number, audit: AuditContext): Promise<void> {
      const now = isoNow();
      await db.transaction().execute(async (trx) => {
        const before = await repo.lockStock(trx, id, scope.reach);
        if (!before || !(await repo.softDeleteStock(trx, id, scope.reach, now))) {
          throw new NotFoundError(STOCK_MESSAGES.notFound);
        }
        await recordAuditEvent(trx, audit, now, {
          action: 'stock.deleted',
          entityType: 'stock',
          entityId: id,
          before: stockSnapshot(before),
          viewers: [before.inventory_manager_id],
        });
      });
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
