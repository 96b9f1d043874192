import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  ATTEMPT_REASON_LABELS,
  type AttemptReason,
  type BulkStatusResult,
  bulkStatusMessage,
  CANCELLED_ORDER_STATUS,
  type CourierOrderStatus,
  DELIVERY_CODE_MAX_TRIES,
  DEVICE_TIME_MAX_AGE_DAYS,
  DEVICE_TIME_MAX_AHEAD_MS,
  type DeliveryProof,
  isFinalOrderStatus,
  isReopenableOrderStatus,
  type LocationType,
  NEXT_ATTEMPT_MAX_DAYS,
  type Notification,
  notEnoughStockMessage,
  ORDER_MESSAGES,
  ORDER_STATUSES,
  type Order,
  type OrderDetail,
  type OrderDraft,
  type OrderListQuery,
  type OrderProof,
  type OrderStatus,
  type OrderStatusCounts,
  orderIsFinalMessage,
  PROOF_MESSAGES,
  PROOF_PHOTO_MAX_BYTES,
  type ProofPhotoType,
  productUnavailableMessage,
  proofPhotoPath,
  RETURNED_ORDER_STATUS,
  type Tracking,
  trackingPath,
  wrongDeliveryCodeMessage,
} from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database';
import type { GroupCommit } from '../../db/group-commit';
import type { Database, Executor } from '../../db/schema';
import { together } from '../../db/together';
import { addExactly, fromCents, toGrams } from '../../lib/amounts';
import type { Clock } from '../../lib/clock';
import { AppError, ConflictError, InvalidError, NotFoundError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { ListPage } from '../../lib/list';
import { randomBytesPooled } from '../../lib/tokens';
import { markUsed as markAddressesUsed } from '../addresses/repository';
import type { AuditContext } from '../audit/context';
import { recordAuditEvent, recordAuditEvents, recordAuditEventsOf } from '../audit/repository';
import type { Scope } from '../auth/authenticate';
import { activeCouriersAmong, isActiveCourier } from '../couriers/repository';
import { type IdempotencyKey, NO_IDEMPOTENCY_KEY, storeIdempotentAnswers } from '../idempotency/service';
import { enqueueOrderMail, enqueueOrderMails, type MailOutbox } from '../mail-outbox/service';
import type { MailKind } from '../mail-outbox/templates';
import { createNotification, createNotifications } from '../notifications/repository';
import { type BatchOptions, createBatches, type Settled } from '../order-engine/batches';
import { type DraftLine, type LineSource, linesOfDraft, takeLines } from '../order-engine/lines';
import type { Placing } from '../order-engine/placing';
import type { RowTurns } from '../order-engine/row-turns';
import type { PincodeService } from '../pincodes/service';
import { countDeliveredChange, countPlacedOrders, countSoldChange, utcDay } from '../reports/summaries';
import { recordMovements } from '../stocks/movements';
import * as repo from './repository';
import { expectedDeliveryDate, shippingCostCents } from './shipping';

export interface OrderServiceDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  events: EventBus;
  /** Orders for the same row wait their turn here, not on a pool connection (row-turns.ts). */
  rowTurns: RowTurns;
  /** Placing and status changes commit together with others of the moment on SQLite (group-commit.ts). */
  groupCommit: GroupCommit;
  pincodes: PincodeService;
  /** The site's address, which tracking links start with. */
  publicUrl: string;
  /** Woken after a change whose mail is in the outbox has committed. */
  mailOutbox: Pick<MailOutbox, 'wake'>;
}

const NEW_ORDER_STATUS: OrderStatus = 'Processing';

/**
 * Orders written together at most (order-engine/batches.ts), and how arrivals are held while
 * batches run, per database. Chosen with `npm run bench` (decision 040). On PostgreSQL a second
 * batch mostly waited for the first one's stock rows (row turns) while arrivals went to a third:
 * one batch under way, and arrivals held for it up to 20 ms, placed 1,273–1,332 orders a second with
 * p99 67–78 ms where two under way and 5 ms placed 1,168–1,314 with p99 80–98 ms. On SQLite, which
 * commits the orders of a moment together anyway (group-commit.ts), batches of 32 placed no more than
 * 16 and raised the server's peak memory by about 7 MiB.
 */
const PLACING_BATCHES: Record<Dialect, BatchOptions> = {
  sqlite: { most: 16, underWay: 2, holdMs: 5 },
  postgres: { most: 32, underWay: 1, holdMs: 20 },
};

/** A customer's order checked before the database, waiting for its batch. */
interface OrderToPlace {
  draft: OrderDraft;
  placing: Placing;
  /** The draft's lines merged, in stock id order. */
  lines: DraftLine[];
}

interface PlacedOrder {
  order: Order;
  /** The customer's notification, published once the order has committed. */
  notification: Notification;
}

/** The stock items a batch of orders takes from, each once, in id order (the lock order). */
const stockIdsOf = (batch: readonly OrderToPlace[]) =>
  [...new Set(batch.flatMap(({ lines }) => lines.map((line) => line.id)))].sort((a, b) => a - b);

/**
 * The mail a courier's status change sends the customer (docs/product/business-rules.md#mail-to-customers):
 * on its way and delivered. Back to Processing, a courier's correction, sends none.
 */
const MAIL_OF_STATUS: Partial<Record<CourierOrderStatus, MailKind>> = {
  'In Transit': 'order_in_transit',
  Delivered: 'order_delivered',
  Returned: 'order_returned',
};

/** Where a reopened order goes back to (docs/decisions/031-failed-attempts-and-returns.md). */
const REOPENED_STATUS = { Delivered: 'In Transit', Returned: 'Processing' } as const;

export const orderPlacedMessage = (orderId: number) =>
  `Order #${orderId} has been placed and is ${NEW_ORDER_STATUS}`;
export const orderStatusMessage = (orderId: number, status: OrderStatus) =>
  `Order #${orderId} is now ${status}`;
export const courierChangedMessage = (orderId: number, courierName: string) =>
  `Order #${orderId} will be delivered by ${courierName}`;
/** dd/mm/yyyy, as the SPEC writes dates, of a YYYY-MM-DD day. */
const dayInWords = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
export const attemptFailedMessage = (orderId: number, reason: AttemptReason, nextDay: string) =>
  `Order #${orderId} could not be delivered (${ATTEMPT_REASON_LABELS[reason]}); next attempt on ${dayInWords(nextDay)}`;
export const ATTEMPT_FAILED_TITLE = 'Delivery Attempt Failed';

/**
 * A tracking token: the time in hex, then 128 random bits (base64url). The random part makes it
 * unguessable and not worked out from the order; the rising prefix makes each new token land at
 * the end of its unique index, one page an order's commit writes rather than a random one (the
 * time it gives away, the page shows anyway).
 */
export const newTrackingToken = (now: Date) =>
  `${now.getTime().toString(16).padStart(12, '0')}${randomBytesPooled(16).toString('base64url')}`;

/** Four random digits: the code a customer gives the courier at the door (docs/decisions/032). */
export const newDeliveryCode = () => String(randomInt(0, 10_000)).padStart(4, '0');

/**
 * A proof photo's bytes once they are within the size limit and start as a JPEG or a WebP file
 * does (the type is read from the bytes, never from what the browser says).
 */
export function checkedProofPhoto(base64: string): { bytes: Buffer; type: ProofPhotoType } {
  const bytes = Buffer.from(base64, 'base64');
  const field = (message: string) => new InvalidError(message, [{ path: 'proof.photo', message }]);
  if (bytes.length > PROOF_PHOTO_MAX_BYTES) throw field(PROOF_MESSAGES.photoTooLarge);
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { bytes, type: 'image/jpeg' };
  }
  if (
    bytes.length > 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return { bytes, type: 'image/webp' };
  }
  throw field(PROOF_MESSAGES.invalidPhoto);
}

const codesMatch = (given: string, kept: string | null) =>
  kept !== null && given.length === kept.length && timingSafeEqual(Buffer.from(given), Buffer.from(kept));

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

/** How a courier's status change was sent: from a queue kept offline, with its device time and key. */
export interface SentChange {
  /** When the courier's device made the change (ISO 8601 with an offset). */
  deviceTime?: string;
  idempotencyKey?: IdempotencyKey;
  /** With Delivered: the recipient and the delivery code or a photo. */
  proof?: DeliveryProof | undefined;
}

/**
 * The device time of a change made offline, in UTC, once it is neither ahead of the server's
 * clock by more than the allowed drift nor older than the queue may hold a change
 * (docs/product/validation-and-messages.md#delivery-status).
 */
export function checkedDeviceTime(deviceTime: string, now: Date): string {
  const at = new Date(deviceTime).getTime();
  const field = (message: string) => new InvalidError(message, [{ path: 'device_time', message }]);
  if (!Number.isFinite(at)) throw field(ORDER_MESSAGES.invalidDeviceTime);
  if (at > now.getTime() + DEVICE_TIME_MAX_AHEAD_MS) throw field(ORDER_MESSAGES.deviceTimeInFuture);
  if (at < now.getTime() - DEVICE_TIME_MAX_AGE_DAYS * 24 * 60 * 60_000) {
    throw field(ORDER_MESSAGES.deviceTimeTooOld);
  }
  return new Date(at).toISOString();
}

/**
 * The next attempt's day: from the day the attempt was made (the device's, offline) to
 * NEXT_ATTEMPT_MAX_DAYS after it (docs/product/validation-and-messages.md#failed-attempts).
 */
export function checkedNextAttemptDate(day: string, madeAt: string): string {
  const field = (message: string) => new InvalidError(message, [{ path: 'next_attempt_date', message }]);
  const today = utcDay(madeAt);
  const last = utcDay(
    new Date(Date.parse(`${today}T00:00:00Z`) + NEXT_ATTEMPT_MAX_DAYS * 86_400_000).toISOString(),
  );
  if (day < today) throw field(ORDER_MESSAGES.nextAttemptDateInPast);
  if (day > last) throw field(ORDER_MESSAGES.nextAttemptDateTooFar);
  return day;
}

/** Stock rows an order's return or re-taking touches, as row-turns name them (row-turns.ts). */
const stockRowsOf = (units: readonly { stock_id: number }[]) =>
  units.map((line) => `stocks ${line.stock_id}`);

/**
 * Every unit of an order back to its stock item with a movement: the one return that a
 * cancellation and a Returned order share (docs/product/business-rules.md#cancelling-an-order).
 * Answers the managers whose items they are.
 */
async function returnUnits(
  trx: Parameters<typeof repo.getOrder>[0],
  returning: {
    orderId: number;
    units: readonly { stock_id: number; quantity: number }[];
    reason: 'order_cancelled' | 'order_returned';
    actorId: number;
    now: string;
  },
): Promise<number[]> {
  const returned = [];
  for (const line of returning.units) {
    const row = await repo.returnStock(trx, line.stock_id, line.quantity, returning.now);
    returned.push({ ...line, quantity_after: row.quantity, manager_id: row.inventory_manager_id });
  }
  await recordMovements(
    trx,
    returned.map((line) => ({
      stock_id: line.stock_id,
      change: line.quantity,
      quantity_after: line.quantity_after,
      reason: returning.reason,
      actor_id: returning.actorId,
      order_id: returning.orderId,
      created_at: returning.now,
    })),
  );
  return [...new Set(returned.map((line) => line.manager_id))];
}

export function createOrderService(deps: OrderServiceDeps) {
  const { db, clock, events } = deps;
  const trackingUrl = (token: string) => `${deps.publicUrl}${trackingPath(token)}`;

  /**
   * An order with what its page shows besides: courier's name, status timeline, tracking link, its
   * proof of delivery, and for its customer (`viewerId`) the delivery code while it is open.
   */
  async function detailOf(
    executor: Kysely<Database> | Parameters<typeof repo.getOrder>[0],
    order: Order,
    viewerId: number,
  ) {
    // Four reads that need only the order's id, side by side: on PostgreSQL one round trip of
    // waiting instead of four (in a pipelined transaction, one write too).
    const [facts, history, attempts, proof] = await together(
      () => repo.getFollowingFacts(executor, order.id),
      () => repo.listStatusChanges(executor, order.id),
      () => repo.listAttempts(executor, order.id),
      () => repo.getProof(executor, order.id),
    );
    const showsCode = viewerId === order.customer_id && !isFinalOrderStatus(order.status);
    return {
      ...order,
      courier_name: facts?.courier_name ?? '',
      status_history: history,
      attempts,
      tracking_url: trackingUrl(facts?.tracking_token ?? ''),
      delivery_code: showsCode ? (facts?.delivery_code ?? null) : null,
      proof: proof
        ? ({
            recipient_name: proof.recipient_name,
            method: proof.method,
            at: proof.created_at,
            device_at: proof.device_at,
            photo_url: proof.method === 'photo' ? proofPhotoPath(order.id) : null,
          } satisfies OrderProof)
        : null,
    } satisfies OrderDetail;
  }

  /**
   * Checks the proof of a change to Delivered on the locked order (docs/decisions/032): none is a
   * 422; a wrong code is counted, and answered once the count is committed (the refusal returned);
   * the fifth wrong one, and every code after it, finds code proof locked. An order already final
   * needs none: the change itself answers unchanged or refused.
   */
  async function checkProof(
    trx: Parameters<typeof repo.getOrder>[0],
    scope: Scope,
    id: number,
    proof: DeliveryProof | undefined,
  ): Promise<AppError | undefined> {
    const locked = await lockReached(trx, scope, id);
    if (isFinalOrderStatus(locked.status)) return undefined;
    if (!proof) throw new AppError(422, 'proof_required', PROOF_MESSAGES.proofRequired);
    if (proof.code === undefined) return undefined;
    const codeLocked = new AppError(423, 'delivery_code_locked', PROOF_MESSAGES.codeLocked);
    const kept = await repo.getDeliveryCode(trx, id);
    if (!kept || kept.delivery_code_failures >= DELIVERY_CODE_MAX_TRIES) throw codeLocked;
    if (codesMatch(proof.code, kept.delivery_code)) return undefined;
    const tries = await repo.countWrongCode(trx, id, DELIVERY_CODE_MAX_TRIES);
    if (tries === undefined || tries >= DELIVERY_CODE_MAX_TRIES) return codeLocked;
    return new AppError(
      422,
      'wrong_delivery_code',
      wrongDeliveryCodeMessage(DELIVERY_CODE_MAX_TRIES - tries),
    );
  }

  /**
   * An order the caller reaches, locked: a customer their own, a manager one holding their stock
   * (the access map). Out of reach reads as missing.
   */
  async function lockReached(trx: Parameters<typeof repo.getOrder>[0], scope: Scope, id: number) {
    const locked = await repo.lockOrder(trx, id, scope.reach);
    if (!locked) throw new NotFoundError(ORDER_MESSAGES.notFound);
    return locked;
  }

  /** One order's status change as asked, checked before any transaction: what `applyStatusChanges` does. */
  interface StatusChangeWork {
    id: number;
    deviceAt: string | null;
    key: IdempotencyKey;
    proof: DeliveryProof | undefined;
    photo: ReturnType<typeof checkedProofPhoto> | undefined;
    /** A Returned order's units, read before its turn at their stock rows (as a cancel does). */
    units: repo.OrderUnits[];
  }

  /**
   * What became of one order's change: made (its notification and managers), none to make (no
   * notification), or refused (not in reach, final, a wrong delivery code).
   */
  type StatusChangeOutcome =
    | { refusal: AppError }
    | { notification: Notification | undefined; managers: number[] };

  /** The changes asked for `ids`, in their order; a Returned reads all their units in one query. */
  async function statusChangeWorks(
    ids: readonly number[],
    status: CourierOrderStatus,
    sent: SentChange,
  ): Promise<StatusChangeWork[]> {
    const proof = status === 'Delivered' ? sent.proof : undefined;
    const deviceAt = sent.deviceTime === undefined ? null : checkedDeviceTime(sent.deviceTime, clock.now());
    // Decoded and checked before the transaction: a bad photo holds no lock.
    const photo = proof?.photo === undefined ? undefined : checkedProofPhoto(proof.photo);
    const units = status === RETURNED_ORDER_STATUS ? await repo.listUnitsOfOrders(db, ids) : undefined;
    return ids.map((id) => ({
      id,
      deviceAt,
      key: sent.idempotencyKey ?? NO_IDEMPOTENCY_KEY,
      proof,
      photo,
      units: units?.get(id) ?? [],
    }));
  }

  /**
   * A courier's change of one status on one order or several (a bulk), inside the caller's
   * transaction: the orders' rows, timelines, proof, stock returns, notifications, audit events,
   * mails and summaries. Each step is one statement for all the orders (the rows locked first, in
   * id order), so fifty orders cost about what one does. An order out of reach or final is refused
   * before anything is written for it; a wrong delivery code is refused after its count is written,
   * which the transaction must commit.
   */
  async function applyStatusChanges(
    trx: Executor,
    scope: Scope,
    audit: AuditContext,
    status: CourierOrderStatus,
    works: readonly StatusChangeWork[],
  ): Promise<Map<number, StatusChangeOutcome>> {
    const now = clock.now().toISOString();
    const outcomes = new Map<number, StatusChangeOutcome>();
    let asked = works;
    if (status === 'Delivered') {
      // Only one order at a time is delivered, with its proof (bulk refuses Delivered).
      asked = [];
      for (const work of works) {
        try {
          const refusal = await checkProof(trx, scope, work.id, work.proof);
          if (refusal) outcomes.set(work.id, { refusal });
          else asked = [...asked, work];
        } catch (error) {
          // Refused before anything is written for it (out of reach, no proof, code locked).
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          outcomes.set(work.id, { refusal: error });
        }
      }
    }
    const met = await repo.changeOrderStatuses(
      trx,
      asked.map((work) => work.id),
      scope.reach,
      status,
      now,
    );
    const changes: { work: StatusChangeWork; change: repo.StatusChange }[] = [];
    for (const work of asked) {
      const change = met.get(work.id) ?? 'missing';
      // An order out of reach answers 404, like a missing one: it never reveals that it exists.
      if (change === 'missing')
        outcomes.set(work.id, { refusal: new NotFoundError(ORDER_MESSAGES.notFound) });
      else if (change === 'unchanged') outcomes.set(work.id, { notification: undefined, managers: [] });
      else if ('final' in change) {
        outcomes.set(work.id, {
          refusal: new ConflictError(orderIsFinalMessage(change.final), 'order_final'),
        });
      } else changes.push({ work, change });
    }
    if (changes.length === 0) return outcomes;
    const ids = changes.map(({ work }) => work.id);
    if (status === RETURNED_ORDER_STATUS) {
      for (const { work } of changes) {
        await returnUnits(trx, {
          orderId: work.id,
          units: work.units,
          reason: 'order_returned',
          actorId: scope.user.id,
          now,
        });
      }
    }
    const mailKind = MAIL_OF_STATUS[status];
    // Independent of each other: sent together (db/together.ts).
    const [managersOf, notifications] = await together(
      () => repo.listManagersOfOrders(trx, ids),
      () =>
        createNotifications(
          trx,
          changes.map(({ work, change }) => ({
            user_id: change.customer_id,
            title: status,
            message: orderStatusMessage(work.id, status),
            order_id: work.id,
            created_at: now,
          })),
        ),
      () =>
        repo.recordStatusChanges(
          trx,
          changes.map(({ work }) => ({
            order_id: work.id,
            status,
            actor_id: scope.user.id,
            created_at: now,
            device_at: work.deviceAt,
          })),
        ),
      ...changes.map(({ work }) => async () => {
        const { proof, photo } = work;
        if (!proof) return;
        await repo.recordProof(trx, {
          order_id: work.id,
          recipient_name: proof.recipient_name,
          method: photo ? 'photo' : 'code',
          photo: photo?.bytes ?? null,
          photo_type: photo?.type ?? null,
          actor_id: scope.user.id,
          created_at: now,
          device_at: work.deviceAt,
        });
      }),
      async () => {
        if (mailKind) await enqueueOrderMails(trx, { orderIds: ids, kind: mailKind, now });
      },
    );
    await recordAuditEvents(
      trx,
      audit,
      now,
      changes.map(({ work, change }) => ({
        action: 'order.status_changed',
        entityType: 'order',
        entityId: work.id,
        before: { status: change.previous_status },
        after:
          status === RETURNED_ORDER_STATUS
            ? { status, returned: work.units }
            : work.proof
              ? { status, proof: work.photo ? 'photo' : 'code' }
              : { status },
        viewers: [change.customer_id, change.courier_service_id, ...managersOf(work.id)],
      })),
    );
    // Last, as the report summaries' hot rows stay locked until commit.
    for (const { work, change } of changes) {
      if (change.deliveredChange !== 0) {
        await countDeliveredChange(trx, utcDay(change.created_at), change.deliveredChange);
      }
      if (status === RETURNED_ORDER_STATUS)
        await countSoldChange(trx, utcDay(change.created_at), work.units, change.items_total_cents, false);
    }
    for (const [index, { work }] of changes.entries()) {
      outcomes.set(work.id, { notification: notifications[index], managers: managersOf(work.id) });
    }
    return outcomes;
  }

  /** After commit: the mail sender woken, the customer, the courier and (a return) the managers told. */
  function announceStatusChange(
    status: CourierOrderStatus,
    order: Order,
    { notification, managers }: { notification: Notification | undefined; managers: number[] },
  ): boolean {
    if (!notification) return false;
    if (MAIL_OF_STATUS[status]) deps.mailOutbox.wake();
    publishToCustomer(order, notification);
    events.publish(order.courier_service_id, { type: 'order-updated', data: { order } });
    // A return changes the managers' stock: their desks follow (docs/decisions/025).
    if (status === RETURNED_ORDER_STATUS) {
      for (const managerId of managers) events.publish(managerId, { type: 'order-updated', data: { order } });
    }
    return true;
  }

  /**
   * A courier's status change of one order, and whether it changed anything (updateStatus): with
   * the device time of a change made offline and its Idempotency-Key when it came alone.
   */
  async function changeStatus(
    scope: Scope,
    id: number,
    status: CourierOrderStatus,
    audit: AuditContext,
    sent: SentChange = {},
  ): Promise<{ order: Order; changed: boolean }> {
    const [work] = await statusChangeWorks([id], status, sent);
    if (!work) throw new NotFoundError(ORDER_MESSAGES.notFound);
    const outcome = await deps.rowTurns.inTurn(stockRowsOf(work.units), () =>
      deps.groupCommit.transaction(async (trx) => {
        const change = (await applyStatusChanges(trx, scope, audit, status, [work])).get(id);
        if (!change) throw new NotFoundError(ORDER_MESSAGES.notFound);
        if ('refusal' in change) return change;
        const order = await repo.getOrder(trx, id, scope.reach);
        if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
        // With the change, in its transaction: a replay of the key answers this (docs/decisions/006).
        await work.key.store(trx, {
          statusCode: 200,
          body: { message: ORDER_MESSAGES.statusUpdated, order },
        });
        return { ...change, order };
      }),
    );
    if ('refusal' in outcome) throw outcome.refusal;
    return { order: outcome.order, changed: announceStatusChange(status, outcome.order, outcome) };
  }

  /**
   * Writes the orders of a batch (order-engine/batches.ts) in the transaction `trx`, one statement
   * per table for all of them, and answers each order's outcome in the order given. Each order is
   * settled on its own, in that order, against the stock rows locked first: an order whose courier
   * is not active, or one of whose lines its item cannot give, is refused with the error it would
   * get alone (the first such line in stock id order), and takes nothing. `stockIds` are the
   * batch's stock items in id order (stockIdsOf), whose turns the caller holds.
   */
  async function placeTogether(
    trx: Executor,
    batch: readonly OrderToPlace[],
    stockIds: readonly number[],
  ): Promise<Settled<PlacedOrder>[]> {
    const placedAt = clock.now();
    const now = placedAt.toISOString();
    const [couriers, stocks] = await together(
      () => activeCouriersAmong(trx, [...new Set(batch.map(({ draft }) => draft.courier_service_id))]),
      () => repo.lockStocks(trx, stockIds),
    );
    const left = new Map([...stocks.values()].map((row) => [row.id, row.quantity]));
    const outcomes: (Settled<PlacedOrder> | undefined)[] = [];
    const accepted: (OrderToPlace &
      repo.OrderToWrite & { index: number; managers: number[]; quantitiesAfter: number[] })[] = [];
    for (const [index, toPlace] of batch.entries()) {
      const { draft, placing } = toPlace;
      try {
        if (!couriers.has(draft.courier_service_id)) {
          throw new InvalidError(ORDER_MESSAGES.invalidCourier, [
            { path: 'body.courier_service_id', message: ORDER_MESSAGES.invalidCourier },
          ]);
        }
        const taken = toPlace.lines.map((line) => {
          const row = stocks.get(line.id);
          if (!row || row.deleted_at !== null) {
            throw new ConflictError(
              productUnavailableMessage(row?.name ?? `Product #${line.id}`),
              'product_unavailable',
            );
          }
          if ((left.get(line.id) ?? 0) < line.quantity) {
            throw new ConflictError(notEnoughStockMessage(row.name), 'not_enough_stock');
          }
          return { row, quantity: line.quantity };
        });
        let totalCents = 0;
        let totalGrams = 0;
        for (const { row, quantity } of taken) {
          totalCents = addExactly(totalCents, row.price_cents * quantity, ORDER_MESSAGES.tooLarge);
          totalGrams += row.weight_grams * quantity;
        }
        const weightGrams = addExactly(0, totalGrams, ORDER_MESSAGES.tooLarge);
        const shippingCents = addExactly(
          0,
          shippingCostCents(weightGrams, draft.location_type),
          ORDER_MESSAGES.tooLarge,
        );
        // Every check passed: the order takes its units, after those placed before it in the batch.
        const quantitiesAfter = taken.map(({ row, quantity }) => {
          const after = (left.get(row.id) as number) - quantity;
          left.set(row.id, after);
          return after;
        });
        const customer = placing.scope.user;
        accepted.push({
          ...toPlace,
          index,
          order: {
            customer_id: customer.id,
            customer_name: customer.name,
            courier_service_id: draft.courier_service_id,
            shipping_address: draft.shipping_address,
            pin_code: draft.pin_code,
            location_type: draft.location_type,
            phone_number: draft.phone_number,
            consignment_weight_grams: weightGrams,
            items_total_cents: totalCents,
            shipping_cost_cents: shippingCents,
            status: NEW_ORDER_STATUS,
            delivery_date: expectedDeliveryDate(placedAt, draft.location_type),
            created_at: now,
            tracking_token: newTrackingToken(placedAt),
            last_attempt_reason: null,
            next_attempt_date: null,
            delivery_code: newDeliveryCode(),
          },
          items: taken.map(({ row, quantity }) => ({
            stock_id: row.id,
            product_name: row.name,
            quantity,
            price_cents: row.price_cents,
            weight_grams: row.weight_grams,
          })),
          managers: taken.map(({ row }) => row.inventory_manager_id),
          quantitiesAfter,
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes[index] = { ok: false, error };
      }
    }
    if (accepted.length === 0) return outcomes as Settled<PlacedOrder>[];

    const [, { orders, writeLines }] = await together(
      () =>
        repo.setStockQuantities(
          trx,
          stockIds
            .filter((id) => left.get(id) !== stocks.get(id)?.quantity)
            .map((id) => ({ id, quantity: left.get(id) as number })),
          now,
        ),
      () => repo.createOrders(trx, accepted),
    );
    const placed = accepted.map((toPlace, index) => ({ ...toPlace, placedOrder: orders[index] as Order }));
    // The orders' ids are all the rest needs: it goes to the server together.
    const [notifications] = await together(
      () =>
        createNotifications(
          trx,
          placed.map(({ placedOrder }) => ({
            user_id: placedOrder.customer_id,
            title: NEW_ORDER_STATUS,
            message: orderPlacedMessage(placedOrder.id),
            order_id: placedOrder.id,
            created_at: now,
          })),
        ),
      () =>
        storeIdempotentAnswers(
          trx,
          placed.map(({ placing, placedOrder }) => ({
            key: placing.key,
            answer: { statusCode: 201, body: { message: ORDER_MESSAGES.placed, order: placedOrder } },
          })),
        ),
      () =>
        recordAuditEventsOf(
          trx,
          placed.map(({ placing, placedOrder, managers }) => ({
            context: placing.audit,
            occurredAt: now,
            event: {
              action: 'order.placed' as const,
              entityType: 'order' as const,
              entityId: placedOrder.id,
              after: orderSnapshot(placedOrder),
              // Who may read it: the customer, the courier, and the managers of its stock items.
              viewers: [placedOrder.customer_id, placedOrder.courier_service_id, ...managers],
            },
          })),
        ),
      writeLines,
      () =>
        repo.recordOrderManagers(
          trx,
          placed.map(({ placedOrder, managers }) => ({ orderId: placedOrder.id, managerIds: managers })),
        ),
      () =>
        recordMovements(
          trx,
          placed.flatMap(({ placedOrder, items, quantitiesAfter }) =>
            items.map((item, line) => ({
              stock_id: item.stock_id,
              change: -item.quantity,
              quantity_after: quantitiesAfter[line] as number,
              reason: 'order' as const,
              actor_id: placedOrder.customer_id,
              order_id: placedOrder.id,
              created_at: now,
            })),
          ),
        ),
      () =>
        repo.recordStatusChanges(
          trx,
          placed.map(({ placedOrder }) => ({
            order_id: placedOrder.id,
            status: NEW_ORDER_STATUS,
            actor_id: placedOrder.customer_id,
            created_at: now,
          })),
        ),
      () =>
        markAddressesUsed(
          trx,
          placed.map(({ draft, placedOrder }) => ({ customerId: placedOrder.customer_id, address: draft })),
          now,
        ),
      () =>
        enqueueOrderMails(trx, {
          orderIds: placed.map(({ placedOrder }) => placedOrder.id),
          kind: 'order_placed',
          now,
        }),
    );
    // Last, alone: on PostgreSQL the day's row stays locked from here to the commit.
    await countPlacedOrders(
      trx,
      utcDay(now),
      placed.map(({ items, order }) => ({ lines: items, revenueCents: order.items_total_cents })),
    );
    placed.forEach(({ index, placedOrder }, at) => {
      outcomes[index] = {
        ok: true,
        value: { order: placedOrder, notification: notifications[at] as Notification },
      };
    });
    return outcomes as Settled<PlacedOrder>[];
  }

  const placings = createBatches<OrderToPlace, PlacedOrder>((batch) => {
    const stockIds = stockIdsOf(batch);
    return deps.rowTurns.inTurn(
      stockIds.map((id) => `stocks ${id}`),
      () => deps.groupCommit.transaction((trx) => placeTogether(trx, batch, stockIds)),
    );
  }, PLACING_BATCHES[deps.dialect]);

  return {
    shippingCost(totalWeightKg: number, locationType: LocationType): number {
      return fromCents(shippingCostCents(toGrams(totalWeightKg), locationType));
    },

    /**
     * A courier's assigned orders, a customer's own, a manager's those holding their stock
     * (docs/product/business-rules.md#delivery).
     */
    list(scope: Scope, query: OrderListQuery): Promise<ListPage<Order>> {
      return repo.pageOfOrders(db, scope.reach, query);
    },

    /**
     * Places a customer's order (docs/product/business-rules.md#placing-an-order): checked here,
     * then written with the orders that arrive with it (placeTogether): stock taken, names, prices
     * and weights copied from the stock rows, the order, its lines, the customer's notification,
     * the Idempotency-Key's answer and the report summaries written; a short line refuses the order.
     */
    async place(draft: OrderDraft, placing: Placing): Promise<{ message: string; order: Order }> {
      const lines = linesOfDraft(
        placing.scope,
        { ownerId: draft.customer_id, items: draft.items, idOf: (item) => item.stock_id },
        { notYours: ORDER_MESSAGES.notYourAccount, invalidQuantity: ORDER_MESSAGES.invalidQuantity },
      );
      // Before the transaction: the check may ask the upstream lookup, which must not hold the write lock.
      if (!(await deps.pincodes.isValid(draft.pin_code))) {
        throw new InvalidError(ORDER_MESSAGES.invalidPinCode, [
          { path: 'body.pin_code', message: ORDER_MESSAGES.invalidPinCode },
        ]);
      }
      const { order, notification } = await placings.submit({ draft, placing, lines });
      deps.mailOutbox.wake();
      publishToCustomer(order, notification);
      events.publish(order.courier_service_id, { type: 'order-assigned', data: { order } });
      return { message: ORDER_MESSAGES.placed, order };
    },

    /** Orders placed and the batches they were written in, so far (tests and benches read them). */
    placingStatistics: () => placings.statistics(),

    /** One order the caller reaches, with its courier's name, status timeline and tracking link. */
    async get(scope: Scope, id: number): Promise<OrderDetail> {
      const order = await repo.getOrder(db, id, scope.reach);
      if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
      return detailOf(db, order, scope.user.id);
    },

    /** The proof photo of an order the caller reaches (its customer, courier, managers); else 404. */
    async proofPhoto(scope: Scope, id: number): Promise<{ bytes: Buffer; type: string }> {
      const found = await repo.getProofPhoto(db, id, scope.reach);
      if (!found?.photo || !found.photo_type) throw new NotFoundError(PROOF_MESSAGES.photoNotFound);
      return { bytes: Buffer.from(found.photo), type: found.photo_type };
    },

    /**
     * What a tracking link shows anyone (docs/product/business-rules.md#following-an-order): no
     * address but its town and PIN code, no phone, no items, no prices. Unknown tokens are 404.
     */
    async track(token: string): Promise<Tracking> {
      const found = await repo.getTrackedOrder(db, token);
      if (!found) throw new NotFoundError(ORDER_MESSAGES.trackingNotFound);
      const [lookup] = await deps.pincodes.lookup(found.pin_code);
      return {
        order_id: found.id,
        status: found.status,
        status_history: await repo.listPublicStatusChanges(db, found.id),
        delivery_date: found.delivery_date,
        courier_name: found.courier_name,
        town: lookup?.PostOffice?.[0]?.District ?? '',
        pin_code: found.pin_code,
        delivery_code: isFinalOrderStatus(found.status) ? null : found.delivery_code,
      };
    },

    /**
     * Sets the status of an order the caller reaches (a courier: one assigned to them); any courier
     * status may follow any (docs/product/statuses.md#customer-orders), but a Cancelled order is
     * final (409). A change notifies the customer; setting the status it already has changes nothing.
     */
    async updateStatus(
      scope: Scope,
      id: number,
      status: CourierOrderStatus,
      audit: AuditContext,
      sent: SentChange = {},
    ): Promise<Order> {
      return (await changeStatus(scope, id, status, audit, sent)).order;
    },

    /**
     * One status for several orders (docs/product/business-rules.md#bulk-status-changes): all in
     * one transaction, by the change that `updateStatus` makes for one (applyStatusChanges, a
     * statement per step for all of them); a refused order (another's, a final one) is reported
     * and the others are changed all the same. Answers each order's outcome in the order asked.
     */
    async bulkUpdateStatus(
      scope: Scope,
      ids: number[],
      status: CourierOrderStatus,
      audit: AuditContext,
    ): Promise<{ message: string; results: BulkStatusResult[] }> {
      const works = await statusChangeWorks(ids, status, {});
      // Every stock row the returns touch, each once, in one order: the turns cannot deadlock.
      const rows = [...new Set(works.flatMap((work) => stockRowsOf(work.units)))].sort();
      const { outcomes, orders } = await deps.rowTurns.inTurn(rows, () =>
        db.transaction().execute(async (trx) => {
          const outcomes = await applyStatusChanges(trx, scope, audit, status, works);
          const changed = ids.filter((id) => {
            const outcome = outcomes.get(id);
            return outcome !== undefined && !('refusal' in outcome);
          });
          const orders = new Map(
            (await repo.getOrders(trx, changed, scope.reach)).map((order) => [order.id, order]),
          );
          return { outcomes, orders };
        }),
      );
      const results = ids.map((id): BulkStatusResult => {
        const outcome = outcomes.get(id);
        const order = orders.get(id);
        if (!outcome || 'refusal' in outcome || !order) {
          const refusal =
            (outcome && 'refusal' in outcome && outcome.refusal) ||
            new NotFoundError(ORDER_MESSAGES.notFound);
          return { id, outcome: 'refused', code: refusal.code, message: refusal.message };
        }
        return { id, outcome: announceStatusChange(status, order, outcome) ? 'updated' : 'unchanged', order };
      });
      const refused = results.filter((result) => result.outcome === 'refused').length;
      return { message: bulkStatusMessage(results.length - refused, refused), results };
    },

    /** The caller's orders per status, those due by a day when one is given (the board's counts). */
    async statusCounts(
      scope: Scope,
      days: { from?: string | undefined; to?: string | undefined },
    ): Promise<OrderStatusCounts> {
      const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
        OrderStatus,
        number
      >;
      for (const row of await repo.countOrdersByStatus(db, scope.reach, days)) counts[row.status] = row.count;
      return { counts, total: Object.values(counts).reduce((sum, count) => sum + count, 0) };
    },

    /**
     * Cancels an order while it is Processing (docs/product/business-rules.md#cancelling-an-order):
     * its customer, or an Inventory Manager. In one transaction: the status,
     * every unit back to its stock item with an `order_cancelled` movement, the timeline, the
     * customer's notification, the audit event and the sales summaries. The order's row lock makes
     * a racing cancel or courier change wait and then see Cancelled: units return exactly once.
     */
    async cancel(scope: Scope, id: number, audit: AuditContext): Promise<OrderDetail> {
      // The stock rows the return touches, known before the transaction (an order's lines never
      // change), so it takes its turn at them as placing does (row-turns.ts).
      const units = await repo.listOrderUnits(db, id);
      const cancelInTurn = () =>
        db.transaction().execute(async (trx) => {
          const now = clock.now().toISOString();
          const locked = await lockReached(trx, scope, id);
          if (locked.status === CANCELLED_ORDER_STATUS || locked.status === RETURNED_ORDER_STATUS) {
            throw new ConflictError(orderIsFinalMessage(locked.status), 'order_final');
          }
          if (locked.status !== 'Processing') {
            throw new ConflictError(ORDER_MESSAGES.onlyProcessingCancels, 'order_not_cancellable');
          }
          await repo.markCancelled(trx, id, now);
          const managers = await returnUnits(trx, {
            orderId: id,
            units,
            reason: 'order_cancelled',
            actorId: scope.user.id,
            now,
          });
          await repo.recordStatusChange(trx, {
            order_id: id,
            status: CANCELLED_ORDER_STATUS,
            actor_id: scope.user.id,
            created_at: now,
          });
          const notification = await createNotification(trx, {
            user_id: locked.customer_id,
            title: CANCELLED_ORDER_STATUS,
            message: orderStatusMessage(id, CANCELLED_ORDER_STATUS),
            order_id: id,
            created_at: now,
          });
          await recordAuditEvent(trx, audit, now, {
            action: 'order.cancelled',
            entityType: 'order',
            entityId: id,
            before: { status: locked.status },
            after: { status: CANCELLED_ORDER_STATUS, returned: units },
            viewers: [locked.customer_id, locked.courier_service_id, ...managers],
          });
          await enqueueOrderMail(trx, { orderId: id, kind: 'order_cancelled', now });
          const order = await repo.getOrder(trx, id, 'all');
          if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
          const detail = await detailOf(trx, order, scope.user.id);
          // Last, as the report summaries' hot rows stay locked until commit.
          await countSoldChange(trx, utcDay(locked.created_at), units, locked.items_total_cents, false);
          return { detail, notification, managers };
        });
      const { detail, notification, managers } = await deps.rowTurns.inTurn(stockRowsOf(units), cancelInTurn);
      deps.mailOutbox.wake();
      publishToCustomer(detail, notification);
      for (const userId of new Set([detail.courier_service_id, ...managers])) {
        events.publish(userId, { type: 'order-updated', data: { order: detail } });
      }
      return detail;
    },

    /**
     * A courier's failed delivery attempt (docs/product/business-rules.md#failed-attempts), of an
     * order of theirs that is not final: in one transaction the attempt, the order's last reason
     * and next date, the customer's notification and mail, the audit event and the
     * Idempotency-Key's answer. The order's row lock comes first, so a racing Delivered, Returned
     * or cancel either waits for it or refuses it (409 `order_final`).
     */
    async recordAttempt(
      scope: Scope,
      id: number,
      attempt: { reason: AttemptReason; note: string; next_attempt_date: string },
      audit: AuditContext,
      sent: SentChange = {},
    ): Promise<OrderDetail> {
      const receivedAt = clock.now();
      const deviceAt = sent.deviceTime === undefined ? null : checkedDeviceTime(sent.deviceTime, receivedAt);
      const nextDay = checkedNextAttemptDate(attempt.next_attempt_date, deviceAt ?? receivedAt.toISOString());
      const key = sent.idempotencyKey ?? NO_IDEMPOTENCY_KEY;
      const { detail, notification } = await db.transaction().execute(async (trx) => {
        const now = clock.now().toISOString();
        const locked = await lockReached(trx, scope, id);
        if (isFinalOrderStatus(locked.status)) {
          throw new ConflictError(orderIsFinalMessage(locked.status), 'order_final');
        }
        await repo.recordAttempt(trx, {
          order_id: id,
          courier_id: scope.user.id,
          reason: attempt.reason,
          note: attempt.note,
          next_attempt_date: nextDay,
          created_at: now,
          device_at: deviceAt,
        });
        const notification = await createNotification(trx, {
          user_id: locked.customer_id,
          title: ATTEMPT_FAILED_TITLE,
          message: attemptFailedMessage(id, attempt.reason, nextDay),
          order_id: id,
          created_at: now,
        });
        await recordAuditEvent(trx, audit, now, {
          action: 'order.attempt_failed',
          entityType: 'order',
          entityId: id,
          after: {
            reason: attempt.reason,
            note: attempt.note,
            next_attempt_date: nextDay,
            device_at: deviceAt,
          },
          viewers: [
            locked.customer_id,
            locked.courier_service_id,
            ...(await repo.listManagersOfOrder(trx, id)),
          ],
        });
        await enqueueOrderMail(trx, { orderId: id, kind: 'order_attempt_failed', now });
        const order = await repo.getOrder(trx, id, 'all');
        if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
        const detail = await detailOf(trx, order, scope.user.id);
        // With the attempt, in its transaction: a replay of the key answers this (docs/decisions/006).
        await key.store(trx, {
          statusCode: 201,
          body: { message: ORDER_MESSAGES.attemptRecorded, order: detail },
        });
        return { detail, notification };
      });
      deps.mailOutbox.wake();
      publishToCustomer(detail, notification);
      events.publish(detail.courier_service_id, { type: 'order-updated', data: { order: detail } });
      return detail;
    },

    /**
     * A manager reopens a Delivered or Returned order holding their stock, with a reason
     * (docs/product/business-rules.md#reopening-an-order): Delivered goes back to In Transit,
     * Returned to Processing with its units taken again (409 and nothing changed when an item no
     * longer has them). Row lock first: a racing courier change or a second reopen waits and then
     * sees the order as this left it, so stock is taken once.
     */
    async reopen(scope: Scope, id: number, reason: string, audit: AuditContext): Promise<OrderDetail> {
      const units = await repo.listOrderUnits(db, id);
      const reopenInTurn = () =>
        db.transaction().execute(async (trx) => {
          const now = clock.now().toISOString();
          const locked = await lockReached(trx, scope, id);
          if (!isReopenableOrderStatus(locked.status)) {
            throw new ConflictError(ORDER_MESSAGES.onlyFinalReopens, 'order_not_reopenable');
          }
          const previous = locked.status as keyof typeof REOPENED_STATUS;
          const status = REOPENED_STATUS[previous];
          let taken: { stock_id: number; quantity: number }[] = [];
          if (previous === RETURNED_ORDER_STATUS) {
            // The order engine's taking, as placing does: a short or deleted item refuses it all.
            const lines = units.map((line) => ({ id: line.stock_id, quantity: line.quantity }));
            const took = await takeLines(trx, lines, stockAt(now), ORDER_MESSAGES.tooLarge);
            await recordMovements(
              trx,
              took.lines.map(({ row, quantity }) => ({
                stock_id: row.id,
                change: -quantity,
                quantity_after: row.quantity,
                reason: 'order_reopened' as const,
                actor_id: scope.user.id,
                order_id: id,
                created_at: now,
              })),
            );
            taken = units;
          }
          await repo.setStatus(trx, id, status, now);
          await repo.recordStatusChange(trx, {
            order_id: id,
            status,
            actor_id: scope.user.id,
            created_at: now,
            reopen_reason: reason,
          });
          const notification = await createNotification(trx, {
            user_id: locked.customer_id,
            title: status,
            message: orderStatusMessage(id, status),
            order_id: id,
            created_at: now,
          });
          const managers = await repo.listManagersOfOrder(trx, id);
          await recordAuditEvent(trx, audit, now, {
            action: 'order.reopened',
            entityType: 'order',
            entityId: id,
            before: { status: previous },
            after: previous === RETURNED_ORDER_STATUS ? { status, reason, taken } : { status, reason },
            viewers: [locked.customer_id, locked.courier_service_id, ...managers],
          });
          const order = await repo.getOrder(trx, id, 'all');
          if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
          const detail = await detailOf(trx, order, scope.user.id);
          // Last, as the report summaries' hot rows stay locked until commit.
          if (previous === 'Delivered') await countDeliveredChange(trx, utcDay(locked.created_at), -1);
          else await countSoldChange(trx, utcDay(locked.created_at), units, locked.items_total_cents, true);
          return { detail, notification, managers };
        });
      const { detail, notification, managers } = await deps.rowTurns.inTurn(stockRowsOf(units), reopenInTurn);
      publishToCustomer(detail, notification);
      for (const userId of new Set([detail.courier_service_id, ...managers])) {
        events.publish(userId, { type: 'order-updated', data: { order: detail } });
      }
      return detail;
    },

    /**
     * Names another courier on an order that is not Delivered or Cancelled (an Inventory Manager
     * whose stock it holds). The new courier finds it on their board, the old one loses it, the
     * customer is told who brings it now, the desks of its managers follow.
     */
    async reassignCourier(
      scope: Scope,
      id: number,
      courierId: number,
      audit: AuditContext,
    ): Promise<OrderDetail> {
      const { detail, notification, previousCourier, managers } = await db
        .transaction()
        .execute(async (trx) => {
          const now = clock.now().toISOString();
          const locked = await lockReached(trx, scope, id);
          if (locked.status === CANCELLED_ORDER_STATUS || locked.status === RETURNED_ORDER_STATUS) {
            throw new ConflictError(orderIsFinalMessage(locked.status), 'order_final');
          }
          if (locked.status === 'Delivered') {
            throw new ConflictError(ORDER_MESSAGES.alreadyDelivered, 'order_delivered');
          }
          if (!(await isActiveCourier(trx, courierId))) {
            throw new InvalidError(ORDER_MESSAGES.invalidCourier, [
              { path: 'body.courier_service_id', message: ORDER_MESSAGES.invalidCourier },
            ]);
          }
          const order = await repo.getOrder(trx, id, 'all');
          if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
          if (locked.courier_service_id === courierId) {
            const detail = await detailOf(trx, order, scope.user.id);
            return { detail, notification: undefined, previousCourier: courierId, managers: [] };
          }
          const managers = await repo.listManagersOfOrder(trx, id);
          await repo.setCourier(trx, id, courierId, now);
          const detail = await detailOf(trx, { ...order, courier_service_id: courierId }, scope.user.id);
          const notification = await createNotification(trx, {
            user_id: locked.customer_id,
            title: 'Courier Changed',
            message: courierChangedMessage(id, detail.courier_name),
            order_id: id,
            created_at: now,
          });
          await recordAuditEvent(trx, audit, now, {
            action: 'order.courier_changed',
            entityType: 'order',
            entityId: id,
            before: { courier_service_id: locked.courier_service_id },
            after: { courier_service_id: courierId },
            viewers: [locked.customer_id, locked.courier_service_id, courierId, ...managers],
          });
          return { detail, notification, previousCourier: locked.courier_service_id, managers };
        });
      if (notification) {
        publishToCustomer(detail, notification);
        events.publish(previousCourier, { type: 'order-updated', data: { order: detail } });
        events.publish(detail.courier_service_id, { type: 'order-assigned', data: { order: detail } });
        // The desks of the managers whose stock it holds, and of no other (docs/decisions/025).
        for (const managerId of managers) {
          events.publish(managerId, { type: 'order-updated', data: { order: detail } });
        }
      }
      return detail;
    },
  };

  function publishToCustomer(order: Order, notification: Notification) {
    events.publish(order.customer_id, { type: 'notification', data: notification });
    events.publish(order.customer_id, { type: 'order-updated', data: { order } });
  }
}

export type OrderService = ReturnType<typeof createOrderService>;
