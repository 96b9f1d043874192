import {
  type CreateDraftsBody,
  DEMAND_WINDOW_DAYS,
  type PlaceDraftBody,
  REORDER_MESSAGES,
  type ReorderRule,
  type ReorderRuleBody,
  type ReorderSuggestion,
  type ReorderSuggestions,
  SAFETY_STOCK_DAYS,
  STOCK_MESSAGES,
  SUPPLY_ORDER_ITEMS_MAX,
  SUPPLY_ORDER_MESSAGES,
  type SupplyOrder,
  type SupplyOrderDraft,
  type UpdateDraftBody,
} from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../db/schema';
import { fromCents } from '../../lib/amounts';
import type { Clock } from '../../lib/clock';
import { InvalidError, NotFoundError } from '../../lib/errors';
import type { AuditContext } from '../audit/context';
import { recordAuditEvent } from '../audit/repository';
import type { Scope } from '../auth/authenticate';
import type { Placing } from '../order-engine/placing';
import type { SupplyOrderService } from '../supply-orders/service';
import * as repo from './repository';

export interface ReorderServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  supplyOrders: SupplyOrderService;
}

const DAY_MS = 86_400_000;

/**
 * The level demand suggests (docs/product/business-rules.md#reorder-rules): the units sold a day
 * over the lead time, plus SAFETY_STOCK_DAYS of them, rounded up.
 */
export function suggestedLevel(dailyUnits: number, leadTimeDays: number | null): number | null {
  if (leadTimeDays === null) return null;
  return Math.ceil(dailyUnits * (leadTimeDays + SAFETY_STOCK_DAYS));
}

/** The quantity to order: the rule's order quantity, or up to its order-up-to level (at least 1). */
export function suggestedQuantity(row: {
  quantity: number;
  on_order: number;
  order_quantity: number | null;
  order_up_to: number | null;
}): number {
  if (row.order_quantity !== null) return row.order_quantity;
  return Math.max(1, (row.order_up_to ?? 0) - row.quantity - row.on_order);
}

type SuggestionRow = Awaited<ReturnType<typeof repo.itemsAtOrUnderLevel>>[number];

function toSuggestion(row: SuggestionRow, drafted: Map<number, number>): ReorderSuggestion {
  const onOrder = Number(row.on_order);
  const productId = row.product_id === null ? null : Number(row.product_id);
  return {
    stock_id: row.stock_id,
    stock_name: row.stock_name,
    quantity: row.quantity,
    on_order: onOrder,
    reorder_level: row.reorder_level,
    suggested_quantity: suggestedQuantity({ ...row, on_order: onOrder }),
    product_id: productId,
    product_name: productId === null ? null : row.product_name,
    available: productId === null ? null : row.available,
    price: productId === null || row.price_cents === null ? null : fromCents(row.price_cents),
    in_draft: productId === null ? 0 : (drafted.get(productId) ?? 0),
  };
}

/** The items at or under their level, grouped by the supplier of their linked product. */
async function suggestionsOf(
  db: Executor,
  managerId: number,
): Promise<Omit<ReorderSuggestions, 'automatic'>> {
  const [rows, drafted] = await Promise.all([
    repo.itemsAtOrUnderLevel(db, managerId),
    repo.draftedProducts(db, managerId),
  ]);
  const inDraft = new Map(drafted.map((line) => [line.product_id, line.quantity]));
  const groups = new Map<number, ReorderSuggestions['groups'][number]>();
  const unlinked: ReorderSuggestion[] = [];
  for (const row of rows) {
    const suggestion = toSuggestion(row, inDraft);
    if (suggestion.product_id === null || row.supplier_id === null) {
      unlinked.push(suggestion);
      continue;
    }
    const group = groups.get(row.supplier_id) ?? {
      supplier_id: row.supplier_id,
      supplier_name: row.supplier_name ?? '',
      items: [],
    };
    group.items.push(suggestion);
    groups.set(row.supplier_id, group);
  }
  return {
    groups: [...groups.values()].sort(
      (a, b) => a.supplier_name.localeCompare(b.supplier_name) || a.supplier_id - b.supplier_id,
    ),
    unlinked,
  };
}

type DraftRow = Awaited<ReturnType<typeof repo.listDrafts>>[number];

function toDraft(row: DraftRow): SupplyOrderDraft {
  const lines = row.lines.map((line) => ({
    product_id: line.product_id,
    product_name: line.product_name,
    stock_id: line.stock_id,
    quantity: line.quantity,
    price: fromCents(line.price_cents),
    available: line.available,
  }));
  return {
    id: row.id,
    supplier_id: row.supplier_id,
    supplier_name: row.supplier_name,
    address: row.address,
    mobile_number: row.mobile_number,
    automatic: row.automatic === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
    lines,
    total_quantity: row.lines.reduce((units, line) => units + line.quantity, 0),
    total_cost: fromCents(row.lines.reduce((cents, line) => cents + line.price_cents * line.quantity, 0)),
  };
}

/**
 * Drafts the manager's needs (docs/product/business-rules.md#drafted-supply-orders): for each item
 * at or under its level with a linked product not yet in a draft, a line in the manager's one
 * draft for that supplier. The unique keys make a second run, or one running at the same time, add
 * nothing. Answers the drafts it added lines to.
 */
export async function draftNeeds(
  db: Executor,
  managerId: number,
  now: string,
  options: { quantities?: Map<number, number>; automatic: boolean; audit: AuditContext },
): Promise<number[]> {
  const { groups } = await suggestionsOf(db, managerId);
  const details = await repo.latestDeliveryDetails(db, managerId);
  const touched: number[] = [];
  for (const group of groups) {
    const needs = group.items.filter(
      (item) =>
        item.in_draft === 0 && (options.quantities === undefined || options.quantities.has(item.stock_id)),
    );
    if (needs.length === 0) continue;
    const draftId = await repo.ensureDraft(db, {
      inventory_manager_id: managerId,
      supplier_id: group.supplier_id,
      address: details?.address ?? null,
      mobile_number: details?.mobile_number ?? null,
      automatic: options.automatic ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
    const added: { product_id: number; stock_id: number; quantity: number }[] = [];
    for (const item of needs) {
      if (item.product_id === null) continue;
      const quantity = options.quantities?.get(item.stock_id) ?? item.suggested_quantity;
      const line = { draft_id: draftId, product_id: item.product_id, stock_id: item.stock_id, quantity };
      if (await repo.addDraftLine(db, line)) added.push({ ...line });
    }
    if (added.length > 0) {
      touched.push(draftId);
      // docs/product/business-rules.md#audit-trail: the lines drafted, by the manager or the job.
      await recordAuditEvent(db, options.audit, now, {
        action: 'supply_order_draft.saved',
        entityType: 'supply_order_draft',
        entityId: draftId,
        after: {
          supplier_id: group.supplier_id,
          automatic: options.automatic,
          added: added.map(({ product_id, stock_id, quantity }) => ({ product_id, stock_id, quantity })),
        },
        viewers: [managerId],
      });
    }
  }
  return touched;
}

/** What the audit trail keeps of a draft: its supplier, delivery details and lines. */
function draftSnapshot(draft: SupplyOrderDraft) {
  return {
    supplier_id: draft.supplier_id,
    address: draft.address,
    mobile_number: draft.mobile_number,
    lines: draft.lines.map((line) => ({ product_id: line.product_id, quantity: line.quantity })),
  };
}

export function createReorderService(deps: ReorderServiceDeps) {
  const { db, clock } = deps;

  async function ruleOf(db: Executor, managerId: number, stockId: number): Promise<ReorderRule> {
    const row = await repo.getRuleOfStock(db, stockId, managerId);
    if (!row) throw new NotFoundError(STOCK_MESSAGES.notFound);
    const now = clock.now().getTime();
    const since = new Date(now - DEMAND_WINDOW_DAYS * DAY_MS).toISOString();
    const sold = await repo.unitsSoldSince(db, stockId, since);
    const daily = sold / DEMAND_WINDOW_DAYS;
    let leadTimeDays: number | null = null;
    if (row.supplier_id !== null) {
      const deliveries = await repo.recentDeliveries(db, row.supplier_id);
      if (deliveries.length > 0) {
        const total = deliveries.reduce(
          (sum, order) => sum + (Date.parse(order.delivered_at ?? '') - Date.parse(order.created_at)),
          0,
        );
        leadTimeDays = total / deliveries.length / DAY_MS;
      }
    }
    return {
      stock_id: row.stock_id,
      stock_name: row.stock_name,
      quantity: row.quantity,
      reorder_level: row.reorder_level,
      order_quantity: row.order_quantity,
      order_up_to: row.order_up_to,
      supplier_product_id: row.supplier_product_id,
      supplier_product_name: row.supplier_product_name,
      supplier_id: row.supplier_id,
      supplier_name: row.supplier_name,
      average_daily_units: Math.round(daily * 100) / 100,
      lead_time_days: leadTimeDays === null ? null : Math.round(leadTimeDays * 10) / 10,
      suggested_level: suggestedLevel(daily, leadTimeDays),
    };
  }

  async function draftOf(executor: Executor, managerId: number, id: number): Promise<SupplyOrderDraft> {
    const [row] = await repo.listDrafts(executor, managerId, id);
    if (!row) throw new NotFoundError(REORDER_MESSAGES.draftNotFound);
    return toDraft(row);
  }

  return {
    /** A stock item's rule and the level its demand suggests. */
    getRule(scope: Scope, stockId: number) {
      return ruleOf(db, scope.user.id, stockId);
    },

    /** Sets a stock item's rule; the product linked may be any supplier's (docs/product/business-rules.md#reorder-rules). */
    async saveRule(scope: Scope, stockId: number, body: ReorderRuleBody, audit: AuditContext) {
      const managerId = scope.user.id;
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const current = await repo.getRuleOfStock(trx, stockId, managerId);
        if (!current) throw new NotFoundError(STOCK_MESSAGES.notFound);
        const productId = body.supplier_product_id ?? null;
        if (productId !== null && !(await repo.getSupplierProduct(trx, productId))) {
          throw new InvalidError(REORDER_MESSAGES.productNotFound, [
            { path: 'body.supplier_product_id', message: REORDER_MESSAGES.productNotFound },
          ]);
        }
        const rule = {
          reorder_level: body.reorder_level,
          order_quantity: body.order_quantity ?? null,
          order_up_to: body.order_up_to ?? null,
          supplier_product_id: productId,
        };
        await repo.saveRule(trx, {
          stock_id: stockId,
          inventory_manager_id: managerId,
          ...rule,
          updated_at: now,
        });
        await recordAuditEvent(trx, audit, now, {
          action: 'stock.updated',
          entityType: 'stock',
          entityId: stockId,
          before: {
            reorder_level: current.reorder_level,
            order_quantity: current.order_quantity,
            order_up_to: current.order_up_to,
            supplier_product_id: current.supplier_product_id,
          },
          after: rule,
          viewers: [managerId],
        });
      });
      return { message: REORDER_MESSAGES.ruleSaved, rule: await ruleOf(db, managerId, stockId) };
    },

    async removeRule(scope: Scope, stockId: number, audit: AuditContext) {
      const managerId = scope.user.id;
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const current = await repo.getRuleOfStock(trx, stockId, managerId);
        if (!current) throw new NotFoundError(STOCK_MESSAGES.notFound);
        if (await repo.deleteRule(trx, stockId, managerId)) {
          await recordAuditEvent(trx, audit, now, {
            action: 'stock.updated',
            entityType: 'stock',
            entityId: stockId,
            before: {
              reorder_level: current.reorder_level,
              supplier_product_id: current.supplier_product_id,
            },
            after: { reorder_level: null, supplier_product_id: null },
            viewers: [managerId],
          });
        }
      });
      return { message: REORDER_MESSAGES.ruleRemoved, rule: await ruleOf(db, managerId, stockId) };
    },

    /** The Reorder Suggestions screen (docs/product/screens.md#reorder-suggestions). */
    async suggestions(scope: Scope): Promise<ReorderSuggestions> {
      const [suggestions, automatic] = await Promise.all([
        suggestionsOf(db, scope.user.id),
        repo.isAutomatic(db, scope.user.id),
      ]);
      return { ...suggestions, automatic };
    },

    /** "Create drafts": one draft per supplier, the edited quantities where given. */
    async createDrafts(scope: Scope, body: CreateDraftsBody, audit: AuditContext) {
      const managerId = scope.user.id;
      const now = clock.now().toISOString();
      const quantities = body.items
        ? new Map(body.items.map((item) => [item.stock_id, item.quantity]))
        : undefined;
      const touched = await db
        .transaction()
        .execute((trx) =>
          draftNeeds(trx, managerId, now, { automatic: false, audit, ...(quantities ? { quantities } : {}) }),
        );
      const drafts = (await repo.listDrafts(db, managerId)).map(toDraft);
      return {
        message: touched.length > 0 ? REORDER_MESSAGES.draftsCreated : REORDER_MESSAGES.noNeeds,
        drafts,
      };
    },

    async listDrafts(scope: Scope) {
      return { drafts: (await repo.listDrafts(db, scope.user.id)).map(toDraft) };
    },

    /** Edits a draft's delivery details and line quantities; a quantity of 0 removes the line. */
    async updateDraft(scope: Scope, id: number, body: UpdateDraftBody, audit: AuditContext) {
      const managerId = scope.user.id;
      const now = clock.now().toISOString();
      const draft = await db.transaction().execute(async (trx) => {
        const current = await draftOf(trx, managerId, id);
        await repo.updateDraftDetails(trx, id, managerId, {
          ...(body.address === undefined ? {} : { address: body.address }),
          ...(body.mobile_number === undefined ? {} : { mobile_number: body.mobile_number }),
          updated_at: now,
        });
        for (const [index, line] of (body.lines ?? []).entries()) {
          if (!current.lines.some((held) => held.product_id === line.product_id)) {
            throw new InvalidError(REORDER_MESSAGES.lineNotInDraft, [
              { path: `body.lines.${index}.product_id`, message: REORDER_MESSAGES.lineNotInDraft },
            ]);
          }
          await repo.setDraftLineQuantity(trx, id, line.product_id, line.quantity);
        }
        const changed = await draftOf(trx, managerId, id);
        if (changed.lines.length === 0) {
          throw new InvalidError(REORDER_MESSAGES.draftEmpty, [
            { path: 'body.lines', message: REORDER_MESSAGES.draftEmpty },
          ]);
        }
        await recordAuditEvent(trx, audit, now, {
          action: 'supply_order_draft.saved',
          entityType: 'supply_order_draft',
          entityId: id,
          before: draftSnapshot(current),
          after: draftSnapshot(changed),
          viewers: [managerId],
        });
        return changed;
      });
      return { message: REORDER_MESSAGES.draftSaved, draft };
    },

    async deleteDraft(scope: Scope, id: number, audit: AuditContext) {
      const managerId = scope.user.id;
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const [row] = await repo.listDrafts(trx, managerId, id);
        if (!row || !(await repo.deleteDraft(trx, id, managerId))) {
          throw new NotFoundError(REORDER_MESSAGES.draftNotFound);
        }
        await recordAuditEvent(trx, audit, now, {
          action: 'supply_order_draft.deleted',
          entityType: 'supply_order_draft',
          entityId: id,
          before: draftSnapshot(toDraft(row)),
          viewers: [managerId],
        });
      });
      return { message: REORDER_MESSAGES.draftDeleted };
    },

    /**
     * Places a draft through the order engine, as Stock Replenishment places an order, and deletes
     * the draft in the same transaction: a second place of the same draft finds none (404).
     */
    async placeDraft(
      id: number,
      body: PlaceDraftBody,
      placing: Placing,
    ): Promise<{ message: string; order: SupplyOrder }> {
      const managerId = placing.scope.user.id;
      const draft = await draftOf(db, managerId, id);
      const address = body.address ?? draft.address ?? '';
      const mobile = body.mobile_number ?? draft.mobile_number ?? '';
      if (address.trim() === '' || mobile.trim() === '') {
        throw new InvalidError(SUPPLY_ORDER_MESSAGES.addressAndMobileRequired, [
          { path: 'body', message: SUPPLY_ORDER_MESSAGES.addressAndMobileRequired },
        ]);
      }
      if (draft.lines.length > SUPPLY_ORDER_ITEMS_MAX) {
        throw new InvalidError(SUPPLY_ORDER_MESSAGES.tooManyItems, [
          { path: 'body', message: SUPPLY_ORDER_MESSAGES.tooManyItems },
        ]);
      }
      return deps.supplyOrders.place(
        {
          supplier_id: draft.supplier_id,
          address,
          mobile_number: mobile,
          items: draft.lines.map((line) => ({ product_id: line.product_id, quantity: line.quantity })),
        },
        placing,
        async (trx) => {
          if (!(await repo.deleteDraft(trx, id, managerId)))
            throw new NotFoundError(REORDER_MESSAGES.draftNotFound);
        },
      );
    },

    async setAutomatic(scope: Scope, automatic: boolean, audit: AuditContext) {
      const managerId = scope.user.id;
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const before = await repo.isAutomatic(trx, managerId);
        await repo.setAutomatic(trx, managerId, automatic, now);
        if (before !== automatic) {
          await recordAuditEvent(trx, audit, now, {
            action: 'reorder.automatic_changed',
            entityType: 'user',
            entityId: managerId,
            before: { automatic: before },
            after: { automatic },
            viewers: [managerId],
          });
        }
      });
      return { message: REORDER_MESSAGES.settingsSaved, automatic };
    },
  };
}

export type ReorderService = ReturnType<typeof createReorderService>;
