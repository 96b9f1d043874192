import {
  AUTH_MESSAGES,
  type CreateStockBody,
  type ListQuery,
  type SessionUser,
  STOCK_MESSAGES,
  type StockItem,
  type UpdateStockBody,
} from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { listWithTotal, pageOf } from '../../lib/page';
import type { AuditContext } from '../audit/context';
import { recordAuditEvent } from '../audit/repository';
import * as repo from './repository';

export interface StockServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** A manager sees only their own stock; a customer sees everyone's (DESIGN §5). */
function visibleTo(user: SessionUser): repo.StockScope {
  if (user.role === 'Inventory Manager') return { managerId: user.id };
  if (user.role === 'Customer') return {};
  throw new ForbiddenError(AUTH_MESSAGES.wrongRole);
}

/** What the audit trail keeps of a stock item. */
export function stockSnapshot(item: StockItem) {
  return { name: item.stock_name, price: item.price, quantity: item.quantity, weight: item.weight };
}

/** Only the manager who owns a stock item may change it. */
function ownedBy(user: SessionUser): number {
  if (user.role !== 'Inventory Manager') throw new ForbiddenError(AUTH_MESSAGES.wrongRole);
  return user.id;
}

export function createStockService(deps: StockServiceDeps) {
  const { db, clock } = deps;
  const isoNow = () => clock.now().toISOString();

  return {
    async list(user: SessionUser, page: ListQuery): Promise<{ items: StockItem[]; total: number }> {
      const scope = visibleTo(user);
      return listWithTotal(
        pageOf(page),
        (wanted) => repo.listStocks(db, scope, wanted),
        () => repo.countStocks(db, scope),
      );
    },

    async get(user: SessionUser, id: number): Promise<StockItem> {
      const item = await repo.getStockById(db, id, visibleTo(user));
      if (!item) throw new NotFoundError(STOCK_MESSAGES.notFound);
      return item;
    },

    async create(user: SessionUser, body: CreateStockBody, audit: AuditContext): Promise<StockItem> {
      const managerId = ownedBy(user);
      // Refused rather than ignored: a client naming another owner has a bug worth seeing.
      if (body.inventory_manager_id != null && body.inventory_manager_id !== managerId) {
        throw new ForbiddenError(STOCK_MESSAGES.notYourInventory);
      }
      const now = isoNow();
      return db.transaction().execute(async (trx) => {
        const item = await repo.createStock(trx, {
          name: body.name,
          price: body.price,
          quantity: body.quantity,
          weight: body.weight,
          inventory_manager_id: managerId,
          created_at: now,
        });
        await recordAuditEvent(trx, audit, now, {
          action: 'stock.created',
          entityType: 'stock',
          entityId: item.stock_id,
          after: stockSnapshot(item),
          viewers: [managerId],
        });
        return item;
      });
    },

    /** Another manager's item answers 404, like a missing one: it never reveals that it exists. */
    async update(
      user: SessionUser,
      id: number,
      changes: UpdateStockBody,
      audit: AuditContext,
    ): Promise<void> {
      const managerId = ownedBy(user);
      const now = isoNow();
      await db.transaction().execute(async (trx) => {
        const before = await repo.lockStock(trx, id, managerId);
        if (!before || !(await repo.updateStock(trx, id, managerId, { ...changes, updated_at: now }))) {
          throw new NotFoundError(STOCK_MESSAGES.notFound);
        }
        const after = await repo.getStockById(trx, id, { managerId });
        if (!after) throw new NotFoundError(STOCK_MESSAGES.notFound);
        await recordAuditEvent(trx, audit, now, {
          action: 'stock.updated',
          entityType: 'stock',
          entityId: id,
          before: stockSnapshot(before),
          after: stockSnapshot(after),
          viewers: [managerId],
        });
      });
    },

    async remove(user: SessionUser, id: number, audit: AuditContext): Promise<void> {
      const managerId = ownedBy(user);
      const now = isoNow();
      await db.transaction().execute(async (trx) => {
        const before = await repo.lockStock(trx, id, managerId);
        if (!before || !(await repo.softDeleteStock(trx, id, managerId, now))) {
          throw new NotFoundError(STOCK_MESSAGES.notFound);
        }
        await recordAuditEvent(trx, audit, now, {
          action: 'stock.deleted',
          entityType: 'stock',
          entityId: id,
          before: stockSnapshot(before),
          viewers: [managerId],
        });
      });
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
