import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let customer: Session;
let other: Session;

beforeAll(async () => {
  t = await createTestApp();
  [customer, other] = await Promise.all([
    registerAndLogin(t.app, 'Customer'),
    registerAndLogin(t.app, 'Courier Service'),
  ]);
  const at = (minutes: number) => new Date(Date.UTC(2026, 5, 15, 10, minutes)).toISOString();
  await t.database.db
    .insertInto('notifications')
    .values([
      {
        user_id: customer.user.id,
        title: 'Processing',
        message: 'Order #1 has been placed',
        created_at: at(1),
      },
      {
        user_id: customer.user.id,
        title: 'In Transit',
        message: 'Order #1 is now In Transit',
        created_at: at(3),
      },
      {
        user_id: customer.user.id,
        title: 'Delivered',
        message: 'Order #1 is now Delivered',
        created_at: at(2),
      },
      { user_id: other.user.id, title: 'Secret', message: 'Not for the customer', created_at: at(4) },
    ])
    .execute();
});
afterAll(async () => {
  await t.close();
});

const list = (session: Session | undefined, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/notifications${query}`,
    headers: session ? { cookie: session.cookie } : {},
  });

describe('GET /api/notifications', () => {
  it('gives the caller their own notifications, newest first, with the total', async () => {
    const response = await list(customer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('3');
    const items = response.json() as { id: number; title: string; message: string; created_at: string }[];
    expect(items.map((item) => item.title)).toEqual(['In Transit', 'Delivered', 'Processing']);
    expect(items[0]).toEqual({
      id: expect.any(Number),
      title: 'In Transit',
      message: 'Order #1 is now In Transit',
      // Written here without one; an order's notifications name it (order-following.test.ts).
      order_id: null,
      created_at: '2026-06-15T10:03:00.000Z',
    });
  });

  it('pages with limit and offset', async () => {
    const response = await list(customer, '?limit=1&offset=1');
    expect(response.json().map((item: { title: string }) => item.title)).toEqual(['Delivered']);
    expect(response.headers['x-total-count']).toBe('3');
    expect((await list(customer, '?limit=5000')).statusCode).toBe(400);
  });

  it('works for any role, never shows another user’s, and needs a login', async () => {
    const response = await list(other);
    expect(response.json().map((item: { title: string }) => item.title)).toEqual(['Secret']);
    expect((await list(undefined)).statusCode).toBe(401);
  });

  it('matches the newest notifications the profile carries', async () => {
    const profile = await t.app.inject({
      method: 'GET',
      url: '/auth/profile',
      headers: { cookie: customer.cookie },
    });
    expect(profile.json().notifications).toEqual((await list(customer)).json());
  });
});
