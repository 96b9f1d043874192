import {
  type CreateSupplyOrderBody,
  FINAL_SUPPLY_ORDER_STATUSES,
  finalSupplyOrderMessage,
  isFinalSupplyOrderStatus,
  NEW_SUPPLY_ORDER_STATUS,
  type Notification,
  notEnoughStockMessage,
  notInOrderMessage,
  notSuppliersProductMessage,
  ORDER_MESSAGES,
  overDeliveryMessage,
  productDiscontinuedMessage,
  QUANTITY_MAX,
  quantityLimitMessage,
  type RecordDeliveryBody,
  SUPPLY_ORDER_MESSAGES,
  type SupplyOrder,
  type SupplyOrderDetail,
  type SupplyOrderItem,
  type SupplyOrderListQuery,
  type SupplyOrderStatus,
  type UpdateSupplyOrderBody,
} from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database, Executor } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { ListPage } from '../../lib/list';
import type { AuditContext } from '../audit/context';
import { recordAuditEvent, relateManagerToSupplier } from '../audit/repository';
import type { Scope } from '../auth/authenticate';
import { createNotification } from '../notifications/repository';
import { type LineSource, linesOfDraft, takeLines } from '../order-engine/lines';
import { type Placing, recordPlaced } from '../order-engine/placing';
import type { RowTurns } from '../order-engine/row-turns';
import { linkedStockOf } from '../reorder/repository';
import { countSupplierDelivery, utcDay } from '../reports/summaries';
import { type NewMovement, recordMovements } from '../stocks/movements';
import * as stocksRepo from '../stocks/repository';
import * as productsRepo from '../supplier-products/repository';
import { getActiveSupplierById } from '../suppliers/repository';
import * as repo from './repository';
import { supplierScorecards } from './scorecards';

export interface SupplyOrderServiceDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  events: EventBus;
  /** Orders for the same row wait their turn here, not on a pool connection (row-turns.ts). */
  rowTurns: RowTurns;
}

export const supplyOrderReceivedMessage = (orderId: number, managerName: string) =>
  `Supply order #${orderId} has been received from ${managerName}`;
/** Title of the manager's notification when only the expected delivery time changed. */
export const EXPECTED_DELIVERY_TITLE = 'Expected Delivery';

/** What the manager is told about a change: the new status, the new expected time, or both. */
export function supplyOrderChangeNotice(
  orderId: number,
  changes: { status?: SupplyOrderStatus; expected_delivery_time?: string },
): { title: string; message: string } {
  const expected = changes.expected_delivery_time
    ? `expected by ${changes.expected_delivery_time.slice(0, 16).replace('T', ' ')} UTC`
    : undefined;
  if (!changes.status)
    return { title: EXPECTED_DELIVERY_TITLE, message: `Supply order #${orderId} is ${expected}` };
  const message = `Supply order #${orderId} is now ${changes.status}`;
  return { title: changes.status, message: expected ? `${message}, ${expected}` : message };
}

/** What the audit trail keeps of a supply order placed: its lines and totals, not the address. */
function supplyOrderSnapshot(order: SupplyOrder) {
  return {
    status: order.status,
    supplier_id: order.supplier_id,
    items: order.order_items.map(({ product_id, product_name, quantity, price }) => ({
      product_id,
      product_name,
      quantity,
      price,
    })),
    total_quantity: order.total_quantity,
    total_cost: order.total_cost,
  };
}

/** A supply order's units come from the catalogue of the supplier it is placed with. */
const productsOf = (supplierId: number, now: string): LineSource<productsRepo.TakenProduct> => ({
  take: (trx, line) => productsRepo.takeProduct(trx, line.id, supplierId, line.quantity, now),
  async refusal(trx, line) {
    const found = await productsRepo.getProductOwner(trx, line.id);
    if (found?.supplier_id === supplierId && found.discontinued_at !== null)
      return new ConflictError(productDiscontinuedMessage(found.name), 'product_discontinued');
    if (found?.supplier_id === supplierId)
      return new ConflictError(notEnoughStockMessage(found.name), 'not_enough_stock');
    const message = notSuppliersProductMessage(line.id);
    return new InvalidError(message, [{ path: 'body.items', message }]);
  },
});

/** Units of one stock item arriving with a delivery; price and weight for an item still to create. */
interface StockReceipt {
  name: string;
  price: number;
  weight: number;
  quantity: number;
}

function addReceipt<Key>(receipts: Map<Key, StockReceipt>, key: Key, name: string, item: SupplyOrderItem) {
  const previous = receipts.get(key);
  receipts.set(
    key,
    previous
      ? { ...previous, quantity: previous.quantity + item.quantity }
      : { name, price: item.price, weight: item.weight, quantity: item.quantity },
  );
}

/** Each line's units not yet delivered, as lines of that many units; lines delivered whole left out. */
function stillToCome(order: SupplyOrder): SupplyOrderItem[] {
  return order.order_items
    .map((item) => ({ ...item, quantity: item.quantity - item.delivered_quantity }))
    .filter((item) => item.quantity > 0);
}

const unitsOf = (lines: readonly SupplyOrderItem[]) =>
  lines.reduce((units, line) => units + line.quantity, 0);

/** What the manager is told of a delivery that leaves units still to come. */
export function partDeliveredNotice(order: SupplyOrder, units: number) {
  return {
    title: 'Delivery',
    message: `Supply order #${order.id}: ${units} units delivered, ${order.delivered_quantity} of ${order.total_quantity} so far`,
  };
}

/** The changes a request asks for that differ from the order as it is; the time normalized to UTC. */
function changesTo(order: SupplyOrder, body: UpdateSupplyOrderBody) {
  const expected =
    body.expected_delivery_time === undefined
      ? undefined
      : new Date(body.expected_delivery_time).toISOString();
  return {
    ...(body.status !== undefined && body.status !== order.status ? { status: body.status } : {}),
    ...(expected !== undefined && expected !== order.expected_delivery_time
      ? { expected_delivery_time: expected }
      : {}),
  };
}

export function createSupplyOrderService(deps: SupplyOrderServiceDeps) {
  const { db, clock, events } = deps;

  /**
   * A delivery (docs/product/business-rules.md#partial-deliveries): each line's units arriving
   * now go into the manager's stock item of the same name (ignoring case), or into a new item with
   * the price and weight the line was ordered at. Existing items are updated in id order, the
   * order customer orders lock them in.
   */
  async function receiveIntoStock(
    trx: Executor,
    order: SupplyOrder,
    arriving: readonly SupplyOrderItem[],
    now: string,
    actorId: number,
  ) {
    const managerId = order.inventory_manager_id;
    if (deps.dialect === 'postgres') await stocksRepo.lockStocksOfManager(trx, managerId);
    const intoExisting = new Map<number, StockReceipt>();
    const intoNew = new Map<string, StockReceipt>();
    for (const item of arriving) {
      // The item the product is linked to by a reorder rule first (docs/product/business-rules.md#reorder-rules).
      const stock =
        (await linkedStockOf(trx, managerId, item.product_id)) ??
        (await stocksRepo.findLiveStockByName(trx, managerId, item.product_name));
      if (stock) addReceipt(intoExisting, stock.id, stock.name, item);
      else addReceipt(intoNew, item.product_name.toLowerCase(), item.product_name, item);
    }
    // Each receipt is a movement of the item it went into (docs/product/business-rules.md#stock-history).
    const received: NewMovement[] = [];
    const receipt = (stockId: number, quantity: number, quantityAfter: number) =>
      received.push({
        stock_id: stockId,
        change: quantity,
        quantity_after: quantityAfter,
        reason: 'supply_delivery',
        actor_id: actorId,
        supply_order_id: order.id,
        created_at: now,
      });
    const create = async (stockReceipt: StockReceipt) => {
      if (stockReceipt.quantity > QUANTITY_MAX)
        throw new ConflictError(quantityLimitMessage(stockReceipt.name), 'quantity_limit');
      const stock = await stocksRepo.createStock(trx, {
        ...stockReceipt,
        inventory_manager_id: managerId,
        created_at: now,
      });
      receipt(stock.stock_id, stock.quantity, stock.quantity);
    };
    for (const [id, stockReceipt] of [...intoExisting].sort(([a], [b]) => a - b)) {
      const after = await stocksRepo.addToStock(trx, id, stockReceipt.quantity, now);
      if (after !== undefined) {
        receipt(id, stockReceipt.quantity, after);
        continue;
      }
      if (await stocksRepo.getStockById(trx, id, { field: 'inventory_manager_id', id: managerId })) {
        throw new ConflictError(quantityLimitMessage(stockReceipt.name), 'quantity_limit');
      }
      // Deleted by the manager since it was found: the goods still arrive, as a new item.
      await create(stockReceipt);
    }
    for (const stockReceipt of intoNew.values()) await create(stockReceipt);
    await recordMovements(trx, received);
  }

  /**
   * Canceled (docs/product/business-rules.md#supply-orders): the units not delivered go back to the
   * supplier's products, in product order.
   */
  async function returnToProducts(trx: Executor, order: SupplyOrder, now: string) {
    for (const item of stillToCome(order)) {
      if (!(await productsRepo.returnToProduct(trx, item.product_id, item.quantity, now))) {
        throw new ConflictError(quantityLimitMessage(item.product_name), 'quantity_limit');
      }
    }
  }

  /**
   * Delivers units of the order's lines (each line's units arriving now, in product order): adds
   * them to the lines' delivered counts, never past a line's quantity, stocks the manager's items
   * and counts the units in the day's deliveries. The caller holds the order's row.
   */
  async function deliver(
    trx: Executor,
    order: SupplyOrder,
    arriving: readonly SupplyOrderItem[],
    now: string,
    actorId: number,
  ) {
    for (const item of arriving) {
      if (!(await repo.deliverLine(trx, order.id, item.product_id, item.quantity))) {
        const open = order.order_items.find((line) => line.product_id === item.product_id);
        throw new ConflictError(
          overDeliveryMessage(item.product_name, open ? open.quantity - open.delivered_quantity : 0),
          'delivery_exceeds_order',
        );
      }
    }
    await receiveIntoStock(trx, order, arriving, now, actorId);
  }

  /** After commit: the notified party's notification, and the order to both parties' open pages. */
  function publish(order: SupplyOrder, notifiedUserId: number, notification: Notification) {
    events.publish(notifiedUserId, { type: 'notification', data: notification });
    for (const userId of [order.inventory_manager_id, order.supplier_id]) {
      events.publish(userId, { type: 'supply-order-updated', data: { order } });
    }
  }

  return {
    /**
     * Places a manager's order with one supplier in one transaction
     * (docs/product/business-rules.md#supply-orders): each product taken with a conditional update,
     * names, prices and weights copied from the product rows, the order, its lines and the
     * supplier's notification written; any bad or short line undoes all of it.
     */
    async place(
      body: CreateSupplyOrderBody,
      placing: Placing,
      /** More work of the same transaction, after the order is in (placing a draft deletes it). */
      alongside?: (trx: Executor) => Promise<void>,
    ): Promise<{ message: string; order: SupplyOrder }> {
      const { scope } = placing;
      const lines = linesOfDraft(
        scope,
        { ownerId: body.inventory_manager_id, items: body.items, idOf: (item) => item.product_id },
        {
          notYours: SUPPLY_ORDER_MESSAGES.notYourInventory,
          invalidQuantity: SUPPLY_ORDER_MESSAGES.invalidQuantity,
        },
      );
      const manager = scope.user;
      const now = clock.now().toISOString();
      const rows = lines.map((line) => `supplier_products ${line.id}`);
      const placeInTurn = () =>
        db.transaction().execute(async (trx) => {
          const supplier = await getActiveSupplierById(trx, body.supplier_id, {
            lock: deps.dialect === 'postgres',
          });
          if (!supplier) {
            throw new InvalidError(SUPPLY_ORDER_MESSAGES.invalidSupplier, [
              { path: 'body.supplier_id', message: SUPPLY_ORDER_MESSAGES.invalidSupplier },
            ]);
          }
          const taken = await takeLines(trx, lines, productsOf(supplier.id, now), ORDER_MESSAGES.tooLarge);
          // From the first order on, the manager reads this supplier's catalogue events in Activity.
          await relateManagerToSupplier(trx, manager.id, supplier.id);
          const order = await repo.createSupplyOrder(
            trx,
            {
              inventory_manager_id: manager.id,
              supplier_id: supplier.id,
              supplier_name: supplier.name,
              inventory_manager_name: manager.name,
              address: body.address,
              mobile_number: body.mobile_number,
              status: NEW_SUPPLY_ORDER_STATUS,
              total_quantity: lines.reduce((units, line) => units + line.quantity, 0),
              total_cost_cents: taken.totalCents,
              created_at: now,
            },
            taken.lines.map(({ row, quantity }) => ({
              product_id: row.id,
              product_name: row.name,
              quantity,
              price_cents: row.price_cents,
              weight_grams: row.weight_grams,
            })),
          );
          if (alongside) await alongside(trx);
          const notification = await recordPlaced(trx, placing, now, {
            notify: {
              user_id: supplier.id,
              title: NEW_SUPPLY_ORDER_STATUS,
              message: supplyOrderReceivedMessage(order.id, manager.name),
            },
            answer: { message: SUPPLY_ORDER_MESSAGES.placed, order },
            event: {
              action: 'supply_order.placed',
              entityType: 'supply_order',
              entityId: order.id,
              after: supplyOrderSnapshot(order),
              viewers: [order.inventory_manager_id, order.supplier_id],
            },
          });
          return { order, notification };
        });
      const { order, notification } = await deps.rowTurns.inTurn(rows, placeInTurn);

      publish(order, order.supplier_id, notification);
      return { message: SUPPLY_ORDER_MESSAGES.placed, order };
    },

    /**
     * The order's supplier sets a status and/or the expected delivery time
     * (docs/product/business-rules.md#supply-orders). Delivered stocks the manager's inventory and
     * Canceled returns the units to the catalogue, in the same transaction as the change; after
     * either, the order is final. A change notifies the manager; asking for what the order already
     * has changes nothing.
     */
    async update(
      scope: Scope,
      id: number,
      body: UpdateSupplyOrderBody,
      audit: AuditContext,
    ): Promise<SupplyOrder> {
      const { order, notification } = await db.transaction().execute(async (trx) => {
        const now = clock.now().toISOString();
        // An order out of reach answers 404, like a missing one: it never reveals that it exists.
        const current = await repo.getSupplyOrder(trx, id, scope.reach);
        if (!current) throw new NotFoundError(SUPPLY_ORDER_MESSAGES.notFound);
        if (isFinalSupplyOrderStatus(current.status)) {
          throw new ConflictError(finalSupplyOrderMessage(current.status), 'order_final');
        }
        const changes = changesTo(current, body);
        if (changes.status === undefined && changes.expected_delivery_time === undefined) {
          return { order: current, notification: undefined };
        }
        const changed = await repo.changeSupplyOrder(trx, id, scope.reach, FINAL_SUPPLY_ORDER_STATUSES, {
          ...changes,
          updated_at: now,
          ...(changes.status === 'Delivered' ? { delivered_at: now } : {}),
        });
        if (!changed) {
          // Made final by a concurrent request between the read and this write (PostgreSQL).
          const latest = await repo.getSupplyOrder(trx, id, scope.reach);
          throw new ConflictError(finalSupplyOrderMessage(latest?.status ?? current.status), 'order_final');
        }
        // The row is held now: what was delivered meanwhile is read as it stands.
        const held = (await repo.getSupplyOrder(trx, id, scope.reach)) ?? current;
        const remaining = stillToCome(held);
        if (changes.status === 'Delivered') await deliver(trx, held, remaining, now, scope.user.id);
        if (changes.status === 'Canceled') await returnToProducts(trx, held, now);

        const order = await repo.getSupplyOrder(trx, id, scope.reach);
        if (!order) throw new NotFoundError(SUPPLY_ORDER_MESSAGES.notFound);
        const notification = await createNotification(trx, {
          user_id: order.inventory_manager_id,
          ...supplyOrderChangeNotice(id, changes),
          created_at: now,
        });
        // Only the fields that changed; a delivery's stock arrivals are part of this one event.
        await recordAuditEvent(trx, audit, now, {
          action: 'supply_order.updated',
          entityType: 'supply_order',
          entityId: id,
          before: Object.fromEntries(
            Object.keys(changes).map((key) => [key, current[key as keyof typeof changes]]),
          ),
          after: changes,
          viewers: [order.inventory_manager_id, order.supplier_id],
        });
        // Last, as the report summaries' hot rows stay locked until commit.
        if (changes.status === 'Delivered' && remaining.length > 0) {
          await countSupplierDelivery(trx, utcDay(now), order.supplier_id, unitsOf(remaining));
        }
        return { order, notification };
      });

      if (notification) publish(order, order.inventory_manager_id, notification);
      return order;
    },

    /**
     * The order's supplier records units arriving (docs/product/business-rules.md#partial-deliveries):
     * each named line up to what is still to come, into the manager's stock, in one transaction. The
     * delivery that completes every line makes the order Delivered; until then it keeps its status
     * and reads as partly delivered.
     */
    async recordDelivery(
      scope: Scope,
      id: number,
      body: RecordDeliveryBody,
      audit: AuditContext,
    ): Promise<SupplyOrder> {
      const { order, notification } = await db.transaction().execute(async (trx) => {
        const now = clock.now().toISOString();
        const current = await repo.getSupplyOrder(trx, id, scope.reach);
        if (!current) throw new NotFoundError(SUPPLY_ORDER_MESSAGES.notFound);
        if (isFinalSupplyOrderStatus(current.status)) {
          throw new ConflictError(finalSupplyOrderMessage(current.status), 'order_final');
        }
        // Hold the order's row, as a status change does, so deliveries and changes take turns.
        if (
          !(await repo.changeSupplyOrder(trx, id, scope.reach, FINAL_SUPPLY_ORDER_STATUSES, {
            updated_at: now,
          }))
        ) {
          const latest = await repo.getSupplyOrder(trx, id, scope.reach);
          throw new ConflictError(finalSupplyOrderMessage(latest?.status ?? current.status), 'order_final');
        }
        const held = (await repo.getSupplyOrder(trx, id, scope.reach)) ?? current;
        const arriving: SupplyOrderItem[] = [];
        for (const [index, line] of body.lines.entries()) {
          const item = held.order_items.find((candidate) => candidate.product_id === line.product_id);
          if (!item) {
            const message = notInOrderMessage(line.product_id);
            throw new InvalidError(message, [{ path: `body.lines.${index}.product_id`, message }]);
          }
          arriving.push({ ...item, quantity: line.quantity });
        }
        arriving.sort((a, b) => a.product_id - b.product_id);
        await deliver(trx, held, arriving, now, scope.user.id);

        const complete = await repo.isFullyDelivered(trx, id);
        if (complete) {
          await repo.changeSupplyOrder(trx, id, scope.reach, FINAL_SUPPLY_ORDER_STATUSES, {
            status: 'Delivered',
            updated_at: now,
            delivered_at: now,
          });
        }
        const order = await repo.getSupplyOrder(trx, id, scope.reach);
        if (!order) throw new NotFoundError(SUPPLY_ORDER_MESSAGES.notFound);
        const units = unitsOf(arriving);
        const notification = await createNotification(trx, {
          user_id: order.inventory_manager_id,
          ...(complete
            ? supplyOrderChangeNotice(id, { status: 'Delivered' })
            : partDeliveredNotice(order, units)),
          created_at: now,
        });
        await recordAuditEvent(trx, audit, now, {
          action: 'supply_order.updated',
          entityType: 'supply_order',
          entityId: id,
          before: { status: held.status, delivered_quantity: held.delivered_quantity },
          after: { status: order.status, delivered_quantity: order.delivered_quantity },
          viewers: [order.inventory_manager_id, order.supplier_id],
        });
        // Last, as the report summaries' hot rows stay locked until commit.
        await countSupplierDelivery(trx, utcDay(now), order.supplier_id, units);
        return { order, notification };
      });

      publish(order, order.inventory_manager_id, notification);
      return order;
    },

    /**
     * A manager's own supply orders, or those placed with a supplier
     * (docs/product/business-rules.md#supply-orders).
     */
    /**
     * One supply order the caller reaches, with both parties' contact for its purchase order
     * (docs/product/business-rules.md#printed-documents); another's order is a 404.
     */
    async get(scope: Scope, id: number): Promise<SupplyOrderDetail> {
      const order = await repo.getSupplyOrder(db, id, scope.reach);
      if (!order) throw new NotFoundError(SUPPLY_ORDER_MESSAGES.notFound);
      const { manager, supplier } = await repo.getSupplyOrderParties(
        db,
        order.inventory_manager_id,
        order.supplier_id,
      );
      return {
        ...order,
        inventory_manager_email: manager.email,
        supplier_email: supplier.email,
        supplier_phone_number: supplier.phone_number,
        supplier_address: supplier.address,
      };
    },

    list(scope: Scope, query: SupplyOrderListQuery): Promise<ListPage<SupplyOrder>> {
      return repo.pageOfSupplyOrders(db, scope.reach, query);
    },

    /** Each supplier's scorecard over the orders the caller reaches: a supplier's own, or all. */
    scorecards(scope: Scope) {
      return supplierScorecards(db, scope.reach, clock.now().toISOString());
    },
  };
}

export type SupplyOrderService = ReturnType<typeof createSupplyOrderService>;
