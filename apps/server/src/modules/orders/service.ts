import {
  type LocationType,
  type Notification,
  notEnoughStockMessage,
  ORDER_MESSAGES,
  type Order,
  type OrderDraft,
  type OrderListQuery,
  type OrderStatus,
  productUnavailableMessage,
} from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { addExactly, fromCents, toGrams } from '../../lib/amounts';
import type { Clock } from '../../lib/clock';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { ListPage } from '../../lib/list';
import type { AuditContext } from '../audit/context';
import { recordAuditEvent } from '../audit/repository';
import type { Scope } from '../auth/authenticate';
import { isActiveCourier } from '../couriers/repository';
import { createNotification } from '../notifications/repository';
import { type LineSource, linesOfDraft, takeLines } from '../order-engine/lines';
import { type Placing, recordPlaced } from '../order-engine/placing';
import type { RowTurns } from '../order-engine/row-turns';
import type { PincodeService } from '../pincodes/service';
import { countDeliveredChange, countPlacedOrder, utcDay } from '../reports/summaries';
import { recordMovements } from '../stocks/movements';
import * as repo from './repository';
import { expectedDeliveryDate, shippingCostCents } from './shipping';

export interface OrderServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  events: EventBus;
  /** Orders for the same row wait their turn here, not on a pool connection (row-turns.ts). */
  rowTurns: RowTurns;
  pincodes: PincodeService;
}

const NEW_ORDER_STATUS: OrderStatus = 'Processing';

export const orderPlacedMessage = (orderId: number) =>
  `Order #${orderId} has been placed and is ${NEW_ORDER_STATUS}`;
export const orderStatusMessage = (orderId: number, status: OrderStatus) =>
  `Order #${orderId} is now ${status}`;

/** A customer order's units come from live stock items, whoever's they are. */
const stockAt = (now: string): LineSource<repo.TakenStock> => ({
  take: (trx, line) => repo.takeStock(trx, line.id, line.quantity, now),
  async refusal(trx, line) {
    const found = await repo.getStockName(trx, line.id);
    return found && found.deleted_at === null
      ? new ConflictError(notEnoughStockMessage(found.name), 'not_enough_stock')
      : new ConflictError(
          productUnavailableMessage(found?.name ?? `Product #${line.id}`),
          'product_unavailable',
        );
  },
});

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

export function createOrderService(deps: OrderServiceDeps) {
  const { db, clock, events } = deps;

  return {
    shippingCost(totalWeightKg: number, locationType: LocationType): number {
      return fromCents(shippingCostCents(toGrams(totalWeightKg), locationType));
    },

    /**
     * A courier's assigned orders, a customer's own, every order for a manager
     * (docs/product/business-rules.md#delivery).
     */
    list(scope: Scope, query: OrderListQuery): Promise<ListPage<Order>> {
      return repo.pageOfOrders(db, scope.reach, query);
    },

    /**
     * Places a customer's order in one transaction
     * (docs/product/business-rules.md#placing-an-order): stock taken line by line with conditional
     * updates, names, prices and weights copied from the stock rows, the order, its lines, the
     * customer's notification, the Idempotency-Key's answer and the report summaries written; any
     * short line undoes all of it.
     */
    async place(draft: OrderDraft, placing: Placing): Promise<{ message: string; order: Order }> {
      const { scope } = placing;
      const lines = linesOfDraft(
        scope,
        { ownerId: draft.customer_id, items: draft.items, idOf: (item) => item.stock_id },
        { notYours: ORDER_MESSAGES.notYourAccount, invalidQuantity: ORDER_MESSAGES.invalidQuantity },
      );
      const customer = scope.user;
      // Before the transaction: the check may ask the upstream lookup, which must not hold the write lock.
      if (!(await deps.pincodes.isValid(draft.pin_code))) {
        throw new InvalidError(ORDER_MESSAGES.invalidPinCode, [
          { path: 'body.pin_code', message: ORDER_MESSAGES.invalidPinCode },
        ]);
      }

      const placedAt = clock.now();
      const now = placedAt.toISOString();
      const rows = lines.map((line) => `stocks ${line.id}`);
      const placeInTurn = () =>
        db.transaction().execute(async (trx) => {
          if (!(await isActiveCourier(trx, draft.courier_service_id))) {
            throw new InvalidError(ORDER_MESSAGES.invalidCourier, [
              { path: 'body.courier_service_id', message: ORDER_MESSAGES.invalidCourier },
            ]);
          }
          const taken = await takeLines(trx, lines, stockAt(now), ORDER_MESSAGES.tooLarge);
          const weightGrams = addExactly(0, taken.totalGrams, ORDER_MESSAGES.tooLarge);
          const items = taken.lines.map(({ row, quantity }) => ({
            stock_id: row.id,
            product_name: row.name,
            quantity,
            price_cents: row.price_cents,
            weight_grams: row.weight_grams,
          }));
          const order = await repo.createOrder(
            trx,
            {
              customer_id: customer.id,
              customer_name: customer.name,
              courier_service_id: draft.courier_service_id,
              shipping_address: draft.shipping_address,
              pin_code: draft.pin_code,
              location_type: draft.location_type,
              phone_number: draft.phone_number,
              consignment_weight_grams: weightGrams,
              items_total_cents: taken.totalCents,
              shipping_cost_cents: addExactly(
                0,
                shippingCostCents(weightGrams, draft.location_type),
                ORDER_MESSAGES.tooLarge,
              ),
              status: NEW_ORDER_STATUS,
              delivery_date: expectedDeliveryDate(placedAt, draft.location_type),
              created_at: now,
            },
            items,
            customer.name,
          );
          await recordMovements(
            trx,
            taken.lines.map(({ row, quantity }) => ({
              stock_id: row.id,
              change: -quantity,
              quantity_after: row.quantity,
              reason: 'order' as const,
              actor_id: customer.id,
              order_id: order.id,
              created_at: now,
            })),
          );
          const notification = await recordPlaced(trx, placing, now, {
            notify: { user_id: customer.id, title: NEW_ORDER_STATUS, message: orderPlacedMessage(order.id) },
            answer: { message: ORDER_MESSAGES.placed, order },
            event: {
              action: 'order.placed',
              entityType: 'order',
              entityId: order.id,
              after: orderSnapshot(order),
              // Who may read it: the customer, the courier, and the managers of its stock items.
              viewers: [
                order.customer_id,
                order.courier_service_id,
                ...taken.lines.map(({ row }) => row.inventory_manager_id),
              ],
            },
          });
          await countPlacedOrder(trx, utcDay(now), items);
          return { order, notification };
        });
      const { order, notification } = await deps.rowTurns.inTurn(rows, placeInTurn);

      publishToCustomer(order, notification);
      events.publish(order.courier_service_id, { type: 'order-assigned', data: { order } });
      return { message: ORDER_MESSAGES.placed, order };
    },

    /**
     * Sets the status of an order the caller reaches (a courier: one assigned to them); any status
     * may follow any (docs/product/statuses.md#customer-orders). A change notifies the customer;
     * setting the status it already has changes nothing.
     */
    async updateStatus(scope: Scope, id: number, status: OrderStatus, audit: AuditContext): Promise<Order> {
      const { order, notification } = await db.transaction().execute(async (trx) => {
        const now = clock.now().toISOString();
        const changed = await repo.changeOrderStatus(trx, id, scope.reach, status, now);
        // An order out of reach answers 404, like a missing one: it never reveals that it exists.
        const order = await repo.getOrder(trx, id, scope.reach);
        if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
        if (!changed) return { order, notification: undefined };
        const notification = await createNotification(trx, {
          user_id: changed.customer_id,
          title: status,
          message: orderStatusMessage(id, status),
          created_at: now,
        });
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
        // Last, as the report summaries' hot rows stay locked until commit.
        if (changed.deliveredChange !== 0) {
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
