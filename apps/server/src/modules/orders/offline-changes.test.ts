import type { OrderDetail } from '@depot/contract';
import { DEVICE_TIME_MAX_AGE_DAYS, ORDER_MESSAGES, orderIsFinalMessage } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeProofOf } from '../../test/delivery-proof';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

// A courier's changes made offline and sent later (docs/decisions/029-offline-courier-changes.md).

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let manager: Session;
let customer: Session;
let courier: Session;
let otherCourier: Session;
let stockId: number;

beforeAll(async () => {
  t = await createTestApp();
  [manager, customer, courier, otherCourier] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Customer', { name: 'Asha' }),
    registerAndLogin(t.app, 'Courier Service', { name: 'Speedy Couriers' }),
    registerAndLogin(t.app, 'Courier Service', { name: 'Other Couriers' }),
  ]);
  const stock = await t.call('POST', '/api/stocks', manager, {
    name: 'Rice 5 kg',
    price: '2.50',
    quantity: 1000,
    weight: '0.5',
  });
  expect(stock.statusCode).toBe(201);
  stockId = stock.json().stock.stock_id;
});
afterAll(async () => {
  await t.close();
});

async function placeOrder() {
  const response = await t.call('POST', '/api/orders', customer, {
    shipping_address: '12 Park Street, Connaught Place',
    pin_code: '110001',
    location_type: 'urban',
    phone_number: '+91 98765 43210',
    courier_service_id: courier.user.id,
    items: [{ stock_id: stockId, quantity: 1 }],
  });
  expect(response.statusCode).toBe(201);
  return response.json().order.id as number;
}

const send = (id: number, body: Record<string, unknown>, key?: string, who: Session = courier) =>
  t.call('PUT', `/api/orders/${id}`, who, body, key === undefined ? {} : { 'idempotency-key': key });
const timeline = async (id: number) =>
  ((await t.call('GET', `/api/orders/${id}`, customer)).json() as OrderDetail).status_history;
const minutesAgo = (minutes: number) => new Date(t.clock.now().getTime() - minutes * 60_000).toISOString();
const deliveredCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('order_daily_stats')
        .select((eb) => eb.fn.sum<number>('delivered_orders').as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );

describe('a change made offline', () => {
  it('records the device time beside the time the server received it', async () => {
    const id = await placeOrder();
    const deviceTime = minutesAgo(42);
    const proof = await codeProofOf(t.database.db, id);
    const response = await send(
      id,
      { status: 'Delivered', device_time: deviceTime, proof },
      'key-device-time',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().order.status).toBe('Delivered');
    const steps = await timeline(id);
    expect(steps.at(-1)).toEqual({
      status: 'Delivered',
      at: t.clock.now().toISOString(),
      device_at: deviceTime,
    });
    // Placing was not made offline: no device time.
    expect(steps[0]?.device_at).toBeNull();
  });

  it('keeps a device time given with an offset, in UTC', async () => {
    const id = await placeOrder();
    const local = new Date(t.clock.now().getTime() - 3_600_000);
    const withOffset = `${new Date(local.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 19)}+05:30`;
    expect((await send(id, { status: 'In Transit', device_time: withOffset })).statusCode).toBe(200);
    expect((await timeline(id)).at(-1)?.device_at).toBe(new Date(local.setMilliseconds(0)).toISOString());
  });

  it('is sent again with the same key: the first answer again, and nothing changes twice', async () => {
    const id = await placeOrder();
    const body = {
      status: 'Delivered',
      device_time: minutesAgo(5),
      proof: await codeProofOf(t.database.db, id),
    };
    const before = await deliveredCount();
    const first = await send(id, body, 'replayed-key');
    t.clock.advance(60_000);
    const again = await send(id, body, 'replayed-key');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await timeline(id)).filter((step) => step.status === 'Delivered')).toHaveLength(1);
    expect(await deliveredCount()).toBe(before + 1);
    const notifications = await t.database.db
      .selectFrom('notifications')
      .select('id')
      .where('order_id', '=', id)
      .where('title', '=', 'Delivered')
      .execute();
    expect(notifications).toHaveLength(1);
  });

  it('sent many times at once with one key changes the order once', async () => {
    const id = await placeOrder();
    const body = {
      status: 'Delivered',
      device_time: minutesAgo(3),
      proof: await codeProofOf(t.database.db, id),
    };
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(id, body, 'racing-key')));
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    expect((await timeline(id)).filter((step) => step.status === 'Delivered')).toHaveLength(1);
  });

  it('a key names one order: the same key for another order is refused, that order unchanged', async () => {
    const [first, second] = [await placeOrder(), await placeOrder()];
    expect((await send(first, { status: 'In Transit' }, 'one-order-key')).statusCode).toBe(200);
    const other = await send(second, { status: 'In Transit' }, 'one-order-key');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');
    expect((await timeline(second)).map((step) => step.status)).toEqual(['Processing']);
  });

  it('keys belong to their user: another courier reusing one reaches nothing of the first', async () => {
    const id = await placeOrder();
    expect((await send(id, { status: 'In Transit' }, 'shared-key')).statusCode).toBe(200);
    const stranger = await send(id, { status: 'In Transit' }, 'shared-key', otherCourier);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers['idempotent-replayed']).toBeUndefined();
  });

  it('reaching an order cancelled meanwhile is told why, and the key stays free', async () => {
    const id = await placeOrder();
    expect((await t.call('POST', `/api/orders/${id}/cancel`, customer)).statusCode).toBe(200);
    const late = await send(id, { status: 'Delivered', device_time: minutesAgo(10) }, 'late-key');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'order_final', message: orderIsFinalMessage('Cancelled') });
    expect(await t.count('idempotency_keys')).toBeGreaterThan(0);
    const stored = await t.database.db
      .selectFrom('idempotency_keys')
      .select('id')
      .where('key', '=', 'late-key')
      .execute();
    expect(stored).toHaveLength(0);
    expect((await timeline(id)).map((step) => step.status)).toEqual(['Processing', 'Cancelled']);
  });
});

/** The body's schema refuses it, as it does a wrong status. */
const INVALID = `Invalid input: ${ORDER_MESSAGES.invalidDeviceTime}`;

describe('a device time', () => {
  it.each([
    [
      'in the future beyond the allowed drift',
      () => new Date(t.clock.now().getTime() + 6 * 60_000).toISOString(),
      ORDER_MESSAGES.deviceTimeInFuture,
    ],
    [
      'older than the queue may keep a change',
      () => minutesAgo(DEVICE_TIME_MAX_AGE_DAYS * 24 * 60 + 1),
      ORDER_MESSAGES.deviceTimeTooOld,
    ],
    ['without an offset', () => '2026-06-15T09:00:00', INVALID],
    ['that is not a time', () => 'yesterday', INVALID],
    ['of another type', () => 1_750_000_000, INVALID],
  ])('%s is a 400 that changes nothing', async (_case, deviceTime, message) => {
    const id = await placeOrder();
    const response = await send(
      id,
      { status: 'Delivered', device_time: deviceTime() },
      `bad-${Math.random()}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await timeline(id)).map((step) => step.status)).toEqual(['Processing']);
  });

  it('a little ahead of the server (a drifting device clock) is accepted as it is', async () => {
    const id = await placeOrder();
    const ahead = new Date(t.clock.now().getTime() + 4 * 60_000).toISOString();
    expect((await send(id, { status: 'In Transit', device_time: ahead })).statusCode).toBe(200);
    expect((await timeline(id)).at(-1)?.device_at).toBe(ahead);
  });

  it('is not asked of a change sent at once: none is recorded', async () => {
    const id = await placeOrder();
    expect((await send(id, { status: 'In Transit' })).statusCode).toBe(200);
    expect((await timeline(id)).at(-1)?.device_at).toBeNull();
  });
});
