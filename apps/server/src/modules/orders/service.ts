import {
  AUTH_MESSAGES,
  type ListQuery,
  type LocationType,
  type Notification,
  notEnoughStockMessage,
  ORDER_MESSAGES,
  type Order,
  type OrderDraft,
  type OrderStatus,
  productUnavailableMessage,
  QUANTITY_MAX,
  type SessionUser,
} from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { addExactly as addCentsOrGrams, fromCents, toGrams } from '../../lib/amounts';
import type { Clock } from '../../lib/clock';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { listWithTotal, pageOf } from '../../lib/page';
import type { AuditContext } from '../audit/context';
import { recordAuditEvent } from '../audit/repository';
import { isActiveCourier } from '../couriers/repository';
import { createNotification } from '../notifications/repository';
import type { PincodeService } from '../pincodes/service';
import { countDeliveredChange, countPlacedOrder, utcDay } from '../reports/summaries';
import * as repo from './repository';
import { expectedDeliveryDate, shippingCostCents } from './shipping';

export interface OrderServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  events: EventBus;
  pincodes: PincodeService;
}

/** Runs inside the placing transaction, after the order is written (an Idempotency-Key stores its answer here). */
export type BeforeCommit = (trx: repo.Executor, order: Order) => Promise<void>;

const NEW_ORDER_STATUS: OrderStatus = 'Processing';

export const orderPlacedMessage = (orderId: number) =>
  `Order #${orderId} has been placed and is ${NEW_ORDER_STATUS}`;
export const orderStatusMessage = (orderId: number, status: OrderStatus) =>
  `Order #${orderId} is now ${status}`;

/** A courier sees the orders assigned to them, a customer their own, a manager all (DESIGN §6). */
function visibleTo(user: SessionUser): repo.OrderScope {
  switch (user.role) {
    case 'Courier Service':
      return { courierId: user.id };
    case 'Customer':
      return { customerId: user.id };
    case 'Inventory Manager':
      return {};
    default:
      throw new ForbiddenError(AUTH_MESSAGES.wrongRole);
  }
}

/** Lines naming the same stock item are one line with the quantities added up, in stock_id order. */
function mergeLines(items: OrderDraft['items']): { stock_id: number; quantity: number }[] {
  const quantities = new Map<number, number>();
  for (const item of items)
    quantities.set(item.stock_id, (quantities.get(item.stock_id) ?? 0) + item.quantity);
  const lines = [...quantities].map(([stock_id, quantity]) => ({ stock_id, quantity }));
  if (lines.some((line) => line.quantity > QUANTITY_MAX)) {
    throw new InvalidError(ORDER_MESSAGES.invalidQuantity, [
      { path: 'body.items', message: ORDER_MESSAGES.invalidQuantity },
    ]);
  }
  // Always locking rows in the same order keeps concurrent orders from deadlocking on PostgreSQL.
  return lines.sort((a, b) => a.stock_id - b.stock_id);
}

/** What the audit trail keeps of a customer order: what was bought and where it stands, not the address. */
function orderSnapshot(order: Order) {
  return {
    status: order.status,
    customer_id: order.customer_id,
    courier_service_id: order.courier_service_id,
    items: order.order_items.map(({ stock_id, product_name, quantity, price }) => ({
      stock_id,
      product_name,
      quantity,
      price,
    })),
    items_total: order.items_total,
    shipping_cost: order.shipping_cost,
  };
}

const addExactly = (total: number, amount: number) => addCentsOrGrams(total, amount, ORDER_MESSAGES.tooLarge);

export function createOrderService(deps: OrderServiceDeps) {
  const { db, clock, events } = deps;

  return {
    shippingCost(totalWeightKg: number, locationType: LocationType): number {
      return fromCents(shippingCostCents(toGrams(totalWeightKg), locationType));
    },

    async list(user: SessionUser, page: ListQuery): Promise<{ items: Order[]; total: number }> {
      const scope = visibleTo(user);
      return listWithTotal(
        pageOf(page),
        (wanted) => repo.listOrders(db, scope, wanted),
        () => repo.countOrders(db, scope),
      );
    },

    /**
     * Places a customer's order in one transaction (DESIGN §5): stock taken line by line with
     * conditional updates, names, prices and weights copied from the stock rows, the order, its
     * lines, the customer's notification and the report summaries written; any short line undoes
     * all of it.
     */
    async place(
      user: SessionUser,
      draft: OrderDraft,
      audit: AuditContext,
      beforeCommit?: BeforeCommit,
    ): Promise<Order> {
      if (user.role !== 'Customer') throw new ForbiddenError(AUTH_MESSAGES.wrongRole);
      // Refused rather than ignored: a client naming another customer has a bug worth seeing.
      if (draft.customer_id !== undefined && draft.customer_id !== user.id) {
        throw new ForbiddenError(ORDER_MESSAGES.notYourAccount);
      }
      const lines = mergeLines(draft.items);
      // Before the transaction: the check may ask the upstream lookup, which must not hold the write lock.
      if (!(await deps.pincodes.isValid(draft.pin_code))) {
        throw new InvalidError(ORDER_MESSAGES.invalidPinCode, [
          { path: 'body.pin_code', message: ORDER_MESSAGES.invalidPinCode },
        ]);
      }

      const placedAt = clock.now();
      const now = placedAt.toISOString();
      const { order, notification } = await db.transaction().execute(async (trx) => {
        if (!(await isActiveCourier(trx, draft.courier_service_id))) {
          throw new InvalidError(ORDER_MESSAGES.invalidCourier, [
            { path: 'body.courier_service_id', message: ORDER_MESSAGES.invalidCourier },
          ]);
        }
        const items: Parameters<typeof repo.createOrder>[2] = [];
        // Who may read the order's audit event: the managers of its stock items.
        const managerIds = new Set<number>();
        let itemsTotalCents = 0;
        let weightGrams = 0;
        for (const line of lines) {
          const stock = await repo.takeStock(trx, line.stock_id, line.quantity, now);
          if (!stock) {
            const found = await repo.getStockName(trx, line.stock_id);
            throw new ConflictError(
              found && found.deleted_at === null
                ? notEnoughStockMessage(found.name)
                : productUnavailableMessage(found?.name ?? `Product #${line.stock_id}`),
            );
          }
          managerIds.add(stock.inventory_manager_id);
          itemsTotalCents = addExactly(itemsTotalCents, stock.price_cents * line.quantity);
          weightGrams = addExactly(weightGrams, stock.weight_grams * line.quantity);
          items.push({
            stock_id: stock.id,
            product_name: stock.name,
            quantity: line.quantity,
            price_cents: stock.price_cents,
            weight_grams: stock.weight_grams,
          });
        }
        const order = await repo.createOrder(
          trx,
          {
            customer_id: user.id,
            courier_service_id: draft.courier_service_id,
            shipping_address: draft.shipping_address,
            pin_code: draft.pin_code,
            location_type: draft.location_type,
            phone_number: draft.phone_number,
            consignment_weight_grams: weightGrams,
            items_total_cents: itemsTotalCents,
            shipping_cost_cents: addExactly(0, shippingCostCents(weightGrams, draft.location_type)),
            status: NEW_ORDER_STATUS,
            delivery_date: expectedDeliveryDate(placedAt, draft.location_type),
            created_at: now,
          },
          items,
        );
        const notification = await createNotification(trx, {
          user_id: user.id,
          title: NEW_ORDER_STATUS,
          message: orderPlacedMessage(order.id),
          created_at: now,
        });
        await beforeCommit?.(trx, order);
        await recordAuditEvent(trx, audit, now, {
          action: 'order.placed',
          entityType: 'order',
          entityId: order.id,
          after: orderSnapshot(order),
          viewers: [order.customer_id, order.courier_service_id, ...managerIds],
        });
        await countPlacedOrder(trx, utcDay(now), items);
        return { order, notification };
      });

      publishToCustomer(order, notification);
      events.publish(order.courier_service_id, { type: 'order-assigned', data: { order } });
      return order;
    },

    /**
     * Sets the status of an order assigned to the courier; any status may follow any (SPEC §4).
     * A change notifies the customer; setting the status it already has changes nothing.
     */
    async updateStatus(
      user: SessionUser,
      id: number,
      status: OrderStatus,
      audit: AuditContext,
    ): Promise<Order> {
      if (user.role !== 'Courier Service') throw new ForbiddenError(AUTH_MESSAGES.wrongRole);
      const scope = { courierId: user.id };
      const { order, notification } = await db.transaction().execute(async (trx) => {
        const now = clock.now().toISOString();
        const changed = await repo.changeOrderStatus(trx, id, user.id, status, now);
        // Another courier's order answers 404, like a missing one: it never reveals that it exists.
        const order = await repo.getOrder(trx, id, scope);
        if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
        const notification = changed
          ? await createNotification(trx, {
              user_id: changed.customer_id,
              title: status,
              message: orderStatusMessage(id, status),
              created_at: now,
            })
          : undefined;
        if (changed) {
          await recordAuditEvent(trx, audit, now, {
            action: 'order.status_changed',
            entityType: 'order',
            entityId: id,
            before: { status: changed.previous_status },
            after: { status },
            viewers: [
              order.customer_id,
              order.courier_service_id,
              ...(await repo.listManagersOfOrder(trx, id)),
            ],
          });
        }
        // Last, as the report summaries' hot rows stay locked until commit.
        if (changed && changed.deliveredChange !== 0) {
          await countDeliveredChange(trx, utcDay(changed.created_at), changed.deliveredChange);
        }
        return { order, notification };
      });

      if (notification) {
        publishToCustomer(order, notification);
        events.publish(order.courier_service_id, { type: 'order-updated', data: { order } });
      }
      return order;
    },
  };

  function publishToCustomer(order: Order, notification: Notification) {
    events.publish(order.customer_id, { type: 'notification', data: notification });
    events.publish(order.customer_id, { type: 'order-updated', data: { order } });
  }
}

export type OrderService = ReturnType<typeof createOrderService>;
