import {
  ATTEMPT_REASONS,
  type AuditAction,
  ORDER_MESSAGES,
  type OrderDetail,
  type StockMovementReason,
} from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeProofOf, statusBodyFor } from '../../test/delivery-proof';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

/** Failed attempts, Returned and a manager's reopening (docs/decisions/031-failed-attempts-and-returns.md). */

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let manager: Session;
let otherManager: Session;
let customer: Session;
let courier: Session;
let otherCourier: Session;

beforeAll(async () => {
  t = await createTestApp({ mailOutbox: { send: true, pollMs: 60_000 } });
  [manager, otherManager, customer, courier, otherCourier] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Customer', { name: 'Asha' }),
    registerAndLogin(t.app, 'Courier Service', { name: 'Speedy Couriers' }),
    registerAndLogin(t.app, 'Courier Service', { name: 'Other Couriers' }),
  ]);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const today = () => t.clock.now().toISOString().slice(0, 10);
const dayAfter = (days: number) =>
  new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

async function addStock(quantity: number, owner = manager) {
  const response = await t.call('POST', '/api/stocks', owner, {
    name: `Item ${Math.random().toString(36).slice(2, 8)}`,
    price: '2.50',
    quantity,
    weight: '0.5',
  });
  expect(response.statusCode).toBe(201);
  return response.json().stock.stock_id as number;
}

const stockQuantity = async (id: number) =>
  (await db().selectFrom('stocks').select('quantity').where('id', '=', id).executeTakeFirstOrThrow())
    .quantity;

async function placeOrder(items: { stock_id: number; quantity: number }[], who = customer) {
  const response = await t.call('POST', '/api/orders', who, {
    shipping_address: '12 Park Street, Connaught Place',
    pin_code: '110001',
    location_type: 'urban',
    phone_number: '+91 98765 43210',
    courier_service_id: courier.user.id,
    items,
  });
  expect(response.statusCode).toBe(201);
  return response.json().order.id as number;
}

const attempt = (id: number, body: Record<string, unknown>, who: Session = courier, key?: string) =>
  t.call('POST', `/api/orders/${id}/attempts`, who, body, key ? { 'idempotency-key': key } : undefined);
const setStatus = async (id: number, status: string, who: Session = courier) =>
  t.call('PUT', `/api/orders/${id}`, who, await statusBodyFor(db(), id, status));
const reopen = (id: number, reason: unknown, who: Session = manager) =>
  t.call('POST', `/api/orders/${id}/reopen`, who, { reason });
const cancel = (id: number, who: Session = customer) => t.call('POST', `/api/orders/${id}/cancel`, who);
const detail = async (id: number, who: Session = customer) =>
  (await t.call('GET', `/api/orders/${id}`, who)).json() as OrderDetail;
const movementsOf = (orderId: number, reason: StockMovementReason) =>
  db()
    .selectFrom('stock_movements')
    .select(['stock_id', 'change', 'quantity_after'])
    .where('order_id', '=', orderId)
    .where('reason', '=', reason)
    .orderBy('id')
    .execute();
const outboxKinds = async (orderId: number) =>
  (
    await db()
      .selectFrom('mail_outbox')
      .select('kind')
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute()
  ).map((row) => row.kind);
const auditOf = (orderId: number, action: AuditAction) =>
  db()
    .selectFrom('audit_events')
    .selectAll()
    .where('entity_type', '=', 'order')
    .where('entity_id', '=', orderId)
    .where('action', '=', action)
    .execute();
const unitsSold = async (stockId: number) =>
  Number(
    (
      await db()
        .selectFrom('product_daily_sales')
        .select((eb) => eb.fn.sum<number>('units').as('units'))
        .where('stock_id', '=', stockId)
        .executeTakeFirst()
    )?.units ?? 0,
  );

describe('a failed delivery attempt', () => {
  it.each(ATTEMPT_REASONS)(
    'records %s with its next date, on the timeline, notified, mailed and audited',
    async (reason) => {
      const stock = await addStock(10);
      const id = await placeOrder([{ stock_id: stock, quantity: 1 }]);
      const note = reason === 'other' ? 'Gate locked, guard away' : '';
      const response = await attempt(id, { reason, note, next_attempt_date: dayAfter(1) });
      expect(response.statusCode).toBe(201);
      const body = response.json() as { message: string; order: OrderDetail };
      expect(body.message).toBe(ORDER_MESSAGES.attemptRecorded);
      expect(body.order.status).toBe('Processing');
      expect(body.order).toMatchObject({ last_attempt_reason: reason, next_attempt_date: dayAfter(1) });
      expect(body.order.attempts).toEqual([
        { reason, note, next_attempt_date: dayAfter(1), at: t.clock.now().toISOString(), device_at: null },
      ]);
      // The customer and the managers whose stock it holds see it on the order page.
      expect((await detail(id)).attempts).toHaveLength(1);
      expect((await detail(id, manager)).attempts).toHaveLength(1);
      const notifications = await db()
        .selectFrom('notifications')
        .select(['title', 'message', 'user_id'])
        .where('order_id', '=', id)
        .where('title', '=', 'Delivery Attempt Failed')
        .execute();
      expect(notifications).toHaveLength(1);
      expect(notifications[0]?.user_id).toBe(customer.user.id);
      expect(notifications[0]?.message).toContain(`Order #${id} could not be delivered`);
      expect(await outboxKinds(id)).toEqual(['order_placed', 'order_attempt_failed']);
      expect(await auditOf(id, 'order.attempt_failed')).toHaveLength(1);
      // The courier's board (the list) shows the last reason and the next date.
      const board = await t.call('GET', '/api/orders?status=Processing&per_page=100', courier);
      const row = (board.json() as { id: number; next_attempt_date: string | null }[]).find(
        (o) => o.id === id,
      );
      expect(row?.next_attempt_date).toBe(dayAfter(1));
    },
  );

  it('mails the reason and the next date, and writes no mail for a customer who turned them off', async () => {
    const stock = await addStock(10);
    const id = await placeOrder([{ stock_id: stock, quantity: 1 }]);
    expect(
      (await attempt(id, { reason: 'address_not_found', next_attempt_date: dayAfter(2) })).statusCode,
    ).toBe(201);
    await t.app.mailOutbox.flush();
    const mail = t.mailer.sent.find((sent) => sent.subject === `Order #${id}: we could not deliver it`);
    expect(mail?.text).toContain('Reason: Address not found');
    const [y, m, d] = dayAfter(2).split('-');
    expect(mail?.text).toContain(`Next attempt: ${d}/${m}/${y}`);

    const quiet = await registerAndLogin(t.app, 'Customer');
    await t.call('PUT', '/api/account/order-mails', quiet, { order_mails: false });
    const unmailed = await placeOrder([{ stock_id: stock, quantity: 1 }], quiet);
    expect((await attempt(unmailed, { reason: 'no_one_home', next_attempt_date: today() })).statusCode).toBe(
      201,
    );
    expect(await outboxKinds(unmailed)).toEqual([]);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const stock = await addStock(10);
    const id = await placeOrder([{ stock_id: stock, quantity: 1 }]);
    const cases: [Record<string, unknown>, string][] = [
      [{ next_attempt_date: today() }, ORDER_MESSAGES.attemptReasonRequired],
      [{ reason: 'lost', next_attempt_date: today() }, ORDER_MESSAGES.invalidAttemptReason],
      [{ reason: 'other', next_attempt_date: today() }, ORDER_MESSAGES.attemptNoteRequired],
      [{ reason: 'other', note: '   ', next_attempt_date: today() }, ORDER_MESSAGES.attemptNoteRequired],
      [
        { reason: 'other', note: 'x'.repeat(301), next_attempt_date: today() },
        ORDER_MESSAGES.attemptNoteTooLong,
      ],
      [{ reason: 'refused' }, ORDER_MESSAGES.nextAttemptDateRequired],
      [{ reason: 'refused', next_attempt_date: '2026-02-30' }, ORDER_MESSAGES.invalidNextAttemptDate],
      [{ reason: 'refused', next_attempt_date: 'tomorrow' }, ORDER_MESSAGES.invalidNextAttemptDate],
      [{ reason: 'refused', next_attempt_date: dayAfter(-1) }, ORDER_MESSAGES.nextAttemptDateInPast],
      [{ reason: 'refused', next_attempt_date: dayAfter(31) }, ORDER_MESSAGES.nextAttemptDateTooFar],
      [
        { reason: 'refused', next_attempt_date: today(), device_time: 'yesterday' },
        ORDER_MESSAGES.invalidDeviceTime,
      ],
    ];
    const before = await t.count('order_attempts');
    for (const [body, message] of cases) {
      const response = await attempt(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message, JSON.stringify(body)).toContain(message);
    }
    expect(await t.count('order_attempts')).toBe(before);
    expect((await detail(id)).attempts).toEqual([]);
  });

  it("is the order's courier's only: another courier reads 404, a customer or manager 403", async () => {
    const stock = await addStock(10);
    const id = await placeOrder([{ stock_id: stock, quantity: 1 }]);
    const body = { reason: 'no_one_home', next_attempt_date: today() };
    expect((await attempt(id, body, otherCourier)).statusCode).toBe(404);
    expect((await attempt(id, body, customer)).statusCode).toBe(403);
    expect((await attempt(id, body, manager)).statusCode).toBe(403);
    expect((await detail(id)).attempts).toEqual([]);
  });

  it('is refused on a Delivered, Returned or Cancelled order (409 order_final)', async () => {
    const stock = await addStock(10);
    const body = { reason: 'no_one_home', next_attempt_date: today() };
    const delivered = await placeOrder([{ stock_id: stock, quantity: 1 }]);
    await setStatus(delivered, 'Delivered');
    const returned = await placeOrder([{ stock_id: stock, quantity: 1 }]);
    await setStatus(returned, 'Returned');
    const cancelled = await placeOrder([{ stock_id: stock, quantity: 1 }]);
    await cancel(cancelled);
    for (const id of [delivered, returned, cancelled]) {
      const response = await attempt(id, body);
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('order_final');
      expect((await detail(id)).attempts).toEqual([]);
    }
  });

  it('keeps an offline attempt with its device time, and a replay of its Idempotency-Key writes nothing twice', async () => {
    const stock = await addStock(10);
    const id = await placeOrder([{ stock_id: stock, quantity: 1 }]);
    const deviceTime = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    const body = { reason: 'refused', next_attempt_date: today(), device_time: deviceTime };
    const first = await attempt(id, body, courier, 'attempt-key-1');
    const again = await attempt(id, body, courier, 'attempt-key-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const { attempts } = await detail(id);
    expect(attempts).toHaveLength(1);
    expect(attempts?.[0]?.device_at).toBe(deviceTime);
    expect(await auditOf(id, 'order.attempt_failed')).toHaveLength(1);
  });
});

/** The orders counted as sales and their revenue, over every day (docs/decisions/033). */
const salesTotals = async () => {
  const row = await db()
    .selectFrom('order_daily_stats')
    .select((eb) => [
      eb.fn.sum<number>('counted_orders').as('orders'),
      eb.fn.sum<number>('revenue_cents').as('revenue'),
    ])
    .executeTakeFirst();
  return { orders: Number(row?.orders ?? 0), revenue: Number(row?.revenue ?? 0) };
};

describe('a Returned order', () => {
  it('gives every unit back exactly once with movements, uncounts its sales, notifies, mails, and is final for the courier', async () => {
    const a = await addStock(10);
    const b = await addStock(5);
    const id = await placeOrder([
      { stock_id: a, quantity: 3 },
      { stock_id: b, quantity: 2 },
    ]);
    expect(await unitsSold(a)).toBe(3);
    await setStatus(id, 'In Transit');
    const response = await setStatus(id, 'Returned');
    expect(response.statusCode).toBe(200);
    expect(response.json().order.status).toBe('Returned');
    expect(await stockQuantity(a)).toBe(10);
    expect(await stockQuantity(b)).toBe(5);
    expect(await movementsOf(id, 'order_returned')).toEqual([
      { stock_id: a, change: 3, quantity_after: 10 },
      { stock_id: b, change: 2, quantity_after: 5 },
    ]);
    expect(await unitsSold(a)).toBe(0);
    expect(await outboxKinds(id)).toEqual(['order_placed', 'order_in_transit', 'order_returned']);
    const history = await t.call('GET', `/api/stocks/${a}/movements`, manager);
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain('order_returned');

    for (const status of ['Processing', 'In Transit', 'Delivered', 'Returned']) {
      const late = await setStatus(id, status);
      if (status === 'Returned') expect(late.statusCode).toBe(200);
      else {
        expect(late.statusCode).toBe(409);
        expect(late.json().code).toBe('order_final');
      }
    }
    const refusedCancel = await cancel(id);
    expect(refusedCancel.statusCode).toBe(409);
    expect(refusedCancel.json().code).toBe('order_final');
    expect(await stockQuantity(a)).toBe(10);
    expect(await movementsOf(id, 'order_returned')).toHaveLength(2);
    const counts = (await t.call('GET', '/api/orders/status-counts', courier)).json();
    expect(counts.counts.Returned).toBeGreaterThanOrEqual(1);
  });

  it('racing a cancel, returns the units once: one wins, the other is refused', async () => {
    for (let round = 0; round < 5; round += 1) {
      const stock = await addStock(4);
      const id = await placeOrder([{ stock_id: stock, quantity: 4 }]);
      const [returned, cancelled] = await Promise.all([setStatus(id, 'Returned'), cancel(id)]);
      const codes = [returned.statusCode, cancelled.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      expect(await stockQuantity(stock)).toBe(4);
      const back = [
        ...(await movementsOf(id, 'order_returned')),
        ...(await movementsOf(id, 'order_cancelled')),
      ];
      expect(back).toHaveLength(1);
      expect(await unitsSold(stock)).toBe(0);
    }
  });

  it('in bulk, returns each order once and reports a final one refused', async () => {
    const stock = await addStock(6);
    const first = await placeOrder([{ stock_id: stock, quantity: 1 }]);
    const second = await placeOrder([{ stock_id: stock, quantity: 2 }]);
    await setStatus(second, 'Delivered');
    const response = await t.call('POST', '/api/orders/status', courier, {
      ids: [first, second],
      status: 'Returned',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'updated',
      'refused',
    ]);
    expect(await stockQuantity(stock)).toBe(4);
  });

  it('in bulk, gives each order back its own units, line by line', async () => {
    const [bolts, nuts] = [await addStock(10), await addStock(10)];
    const first = await placeOrder([
      { stock_id: bolts, quantity: 1 },
      { stock_id: nuts, quantity: 2 },
    ]);
    const second = await placeOrder([{ stock_id: nuts, quantity: 3 }]);
    expect([await stockQuantity(bolts), await stockQuantity(nuts)]).toEqual([9, 5]);
    const response = await t.call('POST', '/api/orders/status', courier, {
      ids: [second, first],
      status: 'Returned',
    });
    expect(response.statusCode).toBe(200);
    expect([await stockQuantity(bolts), await stockQuantity(nuts)]).toEqual([10, 10]);
    expect(await movementsOf(first, 'order_returned')).toEqual([
      expect.objectContaining({ stock_id: bolts, change: 1 }),
      expect.objectContaining({ stock_id: nuts, change: 2 }),
    ]);
    expect(await movementsOf(second, 'order_returned')).toEqual([
      expect.objectContaining({ stock_id: nuts, change: 3 }),
    ]);
  });
});

describe("a manager's reopening", () => {
  it('takes a Delivered order back to In Transit with the reason on the timeline and in the audit trail', async () => {
    const stock = await addStock(10);
    const id = await placeOrder([{ stock_id: stock, quantity: 1 }]);
    await setStatus(id, 'Delivered');
    const delivered = await db()
      .selectFrom('order_daily_stats')
      .select('delivered_orders')
      .executeTakeFirstOrThrow();
    const response = await reopen(id, 'Marked Delivered at the wrong door');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(ORDER_MESSAGES.reopened);
    const order = response.json().order as OrderDetail;
    expect(order.status).toBe('In Transit');
    expect(order.status_history.at(-1)).toMatchObject({
      status: 'In Transit',
      reopen_reason: 'Marked Delivered at the wrong door',
    });
    const [event] = await auditOf(id, 'order.reopened');
    expect(event).toBeDefined();
    expect(JSON.stringify(event)).toContain('Marked Delivered at the wrong door');
    const after = await db()
      .selectFrom('order_daily_stats')
      .select('delivered_orders')
      .executeTakeFirstOrThrow();
    expect(after.delivered_orders).toBe(delivered.delivered_orders - 1);
    // The tracking page shows the step, not the reason.
    const token = order.tracking_url.slice(order.tracking_url.lastIndexOf('/') + 1);
    const tracked = await t.call('GET', `/api/track/${token}`);
    expect(JSON.stringify(tracked.json())).not.toContain('wrong door');
    // Open again: the courier delivers it once more, and the new proof replaces the first.
    const again = await t.call('PUT', `/api/orders/${id}`, courier, {
      status: 'Delivered',
      proof: { ...(await codeProofOf(db(), id)), recipient_name: 'The right neighbour' },
    });
    expect(again.statusCode).toBe(200);
    expect((await detail(id)).proof?.recipient_name).toBe('The right neighbour');
  });

  it('takes a Returned order back to Processing and its units again, with movements', async () => {
    const stock = await addStock(10);
    const before = await salesTotals();
    const id = await placeOrder([{ stock_id: stock, quantity: 4 }]);
    // Four units at 2.50: the order counts once, for 10.00 of revenue, until it is returned.
    expect(await salesTotals()).toEqual({ orders: before.orders + 1, revenue: before.revenue + 1000 });
    await setStatus(id, 'Returned');
    expect(await stockQuantity(stock)).toBe(10);
    expect(await salesTotals()).toEqual(before);
    const response = await reopen(id, 'The customer called: deliver it after all');
    expect(response.statusCode).toBe(200);
    expect(response.json().order.status).toBe('Processing');
    expect(await stockQuantity(stock)).toBe(6);
    expect(await movementsOf(id, 'order_reopened')).toEqual([
      { stock_id: stock, change: -4, quantity_after: 6 },
    ]);
    expect(await unitsSold(stock)).toBe(4);
    expect(await salesTotals()).toEqual({ orders: before.orders + 1, revenue: before.revenue + 1000 });
  });

  it('refuses with 409 and changes nothing when the stock is no longer there', async () => {
    const stock = await addStock(5);
    const id = await placeOrder([{ stock_id: stock, quantity: 4 }]);
    await setStatus(id, 'Returned');
    await placeOrder([{ stock_id: stock, quantity: 3 }]);
    const response = await reopen(id, 'Deliver it after all');
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('not_enough_stock');
    expect((await detail(id)).status).toBe('Returned');
    expect(await stockQuantity(stock)).toBe(2);
    expect(await movementsOf(id, 'order_reopened')).toEqual([]);
    expect(await auditOf(id, 'order.reopened')).toEqual([]);
  });

  it('racing a second reopen, takes the stock once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const stock = await addStock(8);
      const id = await placeOrder([{ stock_id: stock, quantity: 3 }]);
      await setStatus(id, 'Returned');
      const answers = await Promise.all([reopen(id, 'First'), reopen(id, 'Second')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe('order_not_reopenable');
      expect(await stockQuantity(stock)).toBe(5);
      expect(await movementsOf(id, 'order_reopened')).toHaveLength(1);
    }
  });

  it("racing the courier's change, leaves the stock as the final status says", async () => {
    for (let round = 0; round < 6; round += 1) {
      const stock = await addStock(8);
      const id = await placeOrder([{ stock_id: stock, quantity: 3 }]);
      await setStatus(id, 'Returned');
      // The courier's change either meets the Returned order (refused or unchanged) or the reopened one.
      const change = round % 2 === 0 ? 'In Transit' : 'Returned';
      const [reopened] = await Promise.all([reopen(id, 'Deliver'), setStatus(id, change)]);
      expect(reopened.statusCode).toBe(200);
      const { status } = await detail(id);
      const returned = (await movementsOf(id, 'order_returned')).length;
      const retaken = (await movementsOf(id, 'order_reopened')).length;
      expect(retaken).toBe(1);
      expect(returned - retaken).toBe(status === 'Returned' ? 1 : 0);
      expect(await stockQuantity(stock)).toBe(status === 'Returned' ? 8 : 5);
      expect(await unitsSold(stock)).toBe(status === 'Returned' ? 0 : 3);
    }
  });

  it('is refused to the customer, the courier and another manager, and for an open or Cancelled order', async () => {
    const stock = await addStock(10);
    const id = await placeOrder([{ stock_id: stock, quantity: 1 }]);
    expect((await reopen(id, 'Not yet final')).statusCode).toBe(409);
    await setStatus(id, 'Delivered');
    expect((await reopen(id, 'Mine', customer)).statusCode).toBe(403);
    expect((await reopen(id, 'Mine', courier)).statusCode).toBe(403);
    expect((await reopen(id, 'Mine', otherManager)).statusCode).toBe(404);
    const blank = await reopen(id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(ORDER_MESSAGES.reopenReasonRequired);
    expect((await reopen(id, undefined)).statusCode).toBe(400);
    expect((await reopen(id, 'x'.repeat(301))).json().message).toContain(ORDER_MESSAGES.reopenReasonTooLong);
    expect((await detail(id)).status).toBe('Delivered');
    const cancelled = await placeOrder([{ stock_id: stock, quantity: 1 }]);
    await cancel(cancelled);
    const refused = await reopen(cancelled, 'Bring it back');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('order_not_reopenable');
  });
});
