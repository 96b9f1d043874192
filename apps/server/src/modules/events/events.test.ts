import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDraftFor } from '../../test/order-draft';
import { recordingBus } from '../../test/recording-bus';
import { openStream } from '../../test/sse-client';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';
import { waitFor } from '../../test/wait-for';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

describe('GET /api/events (Server-Sent Events over real HTTP)', () => {
  let t: TestApp;
  let bus: ReturnType<typeof recordingBus>;
  let baseUrl: string;
  let manager: Session;
  let customer: Session;
  let courier: Session;
  let stockId: number;

  beforeAll(async () => {
    bus = recordingBus();
    t = await createTestApp({ events: bus, sseHeartbeatMs: 100 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    [manager, customer, courier] = await Promise.all([
      registerAndLogin(t.app, 'Inventory Manager'),
      registerAndLogin(t.app, 'Customer'),
      registerAndLogin(t.app, 'Courier Service'),
    ]);
    const stock = await t.app.inject({
      method: 'POST',
      url: '/api/stocks',
      headers: { cookie: manager.cookie },
      payload: { name: 'Live widget', price: 4, quantity: 20, weight: 1 },
    });
    stockId = stock.json().stock.stock_id;
  });
  afterAll(async () => {
    // fetch's pool may hold a spare socket that never sent a request; close() would wait for it.
    t.app.server.closeAllConnections();
    await t.close();
  });

  const placeOrder = (quantity = 1) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: customer.cookie },
      payload: orderDraftFor({ courierId: courier.user.id, stockId, quantity }),
    });

  it('refuses anonymous callers with 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(response.statusCode).toBe(401);
  });

  it('streams with the SSE headers and asks browsers to retry after 3 s', async () => {
    const stream = await openStream(baseUrl, customer.cookie);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers.get('cache-control')).toBe('no-cache');
      expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
      expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await stream.next((message) => message.retry !== undefined)).toEqual({ retry: '3000' });
    } finally {
      stream.close();
    }
  });

  it("delivers the notification of a courier's status change to the customer within a second", async () => {
    const order = (await placeOrder()).json().order;
    const stream = await openStream(baseUrl, customer.cookie);
    try {
      await stream.next((message) => message.retry !== undefined);
      const update = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${order.id}`,
        headers: { cookie: courier.cookie },
        payload: { status: 'In Transit' },
      });
      expect(update.statusCode).toBe(200);
      const started = Date.now();
      const notification = await stream.next((message) => message.event === 'notification', 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(JSON.parse(notification.data ?? '')).toEqual({
        id: expect.any(Number),
        title: 'In Transit',
        message: `Order #${order.id} is now In Transit`,
        order_id: order.id,
        created_at: t.clock.now().toISOString(),
      });
      const updated = await stream.next((message) => message.event === 'order-updated');
      expect(JSON.parse(updated.data ?? '').order).toMatchObject({ id: order.id, status: 'In Transit' });
    } finally {
      stream.close();
    }
  });

  it('tells a courier about a new order that names them', async () => {
    const stream = await openStream(baseUrl, courier.cookie);
    try {
      await stream.next((message) => message.retry !== undefined);
      const placed = await placeOrder(2);
      expect(placed.statusCode).toBe(201);
      const assigned = await stream.next((message) => message.event === 'order-assigned');
      expect(JSON.parse(assigned.data ?? '')).toEqual({ order: placed.json().order });
    } finally {
      stream.close();
    }
  });

  it('publishes nothing for an order that fails', async () => {
    const before = bus.published.length;
    expect((await placeOrder(1000)).statusCode).toBe(409);
    expect(bus.published.length).toBe(before);
  });

  it('sends heartbeats, and drops the listener when the browser goes', async () => {
    await waitFor(() => bus.listeners() === 0, { what: 'no listener left' });
    const stream = await openStream(baseUrl, customer.cookie);
    await stream.next((message) => message.comment === 'heartbeat');
    expect(bus.listeners()).toBe(1);
    stream.close();
    await waitFor(() => bus.listeners() === 0, { what: 'no listener left' });
  });

  it('ends the stream once the session ends', async () => {
    const session = await registerAndLogin(t.app, 'Customer');
    const stream = await openStream(baseUrl, session.cookie);
    await stream.next((message) => message.retry !== undefined);
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie: session.cookie } });
    expect(await stream.ended(1000)).toBe(true);
  });

  it('ends the stream when the bus may have missed events, so the browser reconnects and catches up', async () => {
    const stream = await openStream(baseUrl, customer.cookie);
    await stream.next((message) => message.retry !== undefined);
    bus.interrupt();
    expect(await stream.ended(1000)).toBe(true);
    await waitFor(() => bus.listeners() === 0, { what: 'no listener left' });
  });

  it('ends open streams when the server closes', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
    const session = await registerAndLogin(other.app, 'Supplier');
    const stream = await openStream(url, session.cookie);
    await stream.next((message) => message.retry !== undefined);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await stream.ended(1000)).toBe(true);
  });
});
