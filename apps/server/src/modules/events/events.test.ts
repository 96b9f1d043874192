import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingBus } from '../../test/recording-bus';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

interface SseMessage {
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

function parseMessage(block: string): SseMessage {
  const message: SseMessage = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) message.comment = line.slice(1).trim();
    else {
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').trimStart();
      if (field === 'event' || field === 'data' || field === 'retry') message[field] = value;
    }
  }
  return message;
}

/** Opens GET /api/events over real HTTP with the session cookie and reads it message by message. */
async function openStream(baseUrl: string, cookie: string) {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const body = response.body;
  if (!body) throw new Error('no body');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  const queue: SseMessage[] = [];

  async function readMore(deadline: number): Promise<boolean> {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), remaining);
    });
    const result = await Promise.race([reader.read(), timeout]);
    clearTimeout(timer);
    if (result === 'timeout') return false;
    if (result.done) {
      ended = true;
      return false;
    }
    buffer += decoder.decode(result.value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      queue.push(parseMessage(buffer.slice(0, end)));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
    return true;
  }

  return {
    response,
    /** The next message that matches, within the time given. */
    async next(match: (message: SseMessage) => boolean, withinMs = 1000): Promise<SseMessage> {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const index = queue.findIndex(match);
        if (index !== -1) return queue.splice(index, 1)[0] as SseMessage;
        if (!(await readMore(deadline))) {
          throw new Error(ended ? 'stream ended' : `no matching message within ${withinMs} ms`);
        }
      }
    },
    /** Resolves true once the server ends the stream. */
    async ended(withinMs = 1000): Promise<boolean> {
      const deadline = Date.now() + withinMs;
      while (!ended && (await readMore(deadline))) {}
      return ended;
    },
    close: () => abort.abort(),
  };
}

const waitFor = async (condition: () => boolean, withinMs = 1000) => {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

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
      payload: {
        shipping_address: '1 Mall Road',
        pin_code: '110001',
        location_type: 'urban',
        phone_number: '9876543210',
        courier_service_id: courier.user.id,
        items: [{ stock_id: stockId, quantity }],
      },
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
    await waitFor(() => bus.listeners() === 0);
    const stream = await openStream(baseUrl, customer.cookie);
    await stream.next((message) => message.comment === 'heartbeat');
    expect(bus.listeners()).toBe(1);
    stream.close();
    await waitFor(() => bus.listeners() === 0);
  });

  it('ends the stream once the session ends', async () => {
    const session = await registerAndLogin(t.app, 'Customer');
    const stream = await openStream(baseUrl, session.cookie);
    await stream.next((message) => message.retry !== undefined);
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie: session.cookie } });
    expect(await stream.ended(1000)).toBe(true);
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
