import { profileSchema } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializerCompiler } from '../../plugins/response-serializer';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';
import { newestNotificationsJson } from './repository';

/**
 * A profile's notifications are written as JSON by the database and spliced into the answer the
 * route's serializer writes for the rest (lib/list.ts, sendWithJsonRows). The answer must be, byte
 * for byte, what the serializer writes from the rows.
 */
let t: TestApp;

const writeAsRoute = serializerCompiler({
  schema: profileSchema,
  method: 'GET',
  url: '/auth/profile',
  httpStatus: '200',
});

const PROFILE_NOTIFICATIONS = 100;

// Text JSON must escape, ties on the timestamp (the id breaks them), with and without an order.
const TRICKY = [
  { title: 'Plain', message: 'Order #1 is on its way.', order_id: 1 },
  { title: 'Quotes "and" \\ backslash', message: '"notifications":[] inside a message', order_id: null },
  { title: 'Tab\there, line\nbreak', message: 'CR\r and form feed \f', order_id: 2_147_483_647 },
  { title: 'Crème brûlée 🍮 日本', message: 'Accents, emoji, CJK', order_id: 3 },
  { title: 'Control \u0001 and \u2028 separator', message: '\u001f\u007f', order_id: null },
  { title: '</script><b>', message: '<img src=x onerror=alert(1)>', order_id: 4 },
];

async function addNotifications(
  userId: number,
  rows: readonly { title: string; message: string; order_id: number | null }[],
  createdAt: (index: number) => string,
) {
  await t.database.db
    .insertInto('notifications')
    .values(rows.map((row, index) => ({ user_id: userId, ...row, created_at: createdAt(index) })))
    .execute();
}

async function profileOf(cookie: string) {
  const answer = await t.call('GET', '/auth/profile', { cookie });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  return answer.body;
}

/** What the route wrote before: its serializer over the answer, with the notifications read as rows. */
async function writtenFromRows(body: string, userId: number) {
  const notifications = await t.database.db
    .selectFrom('notifications')
    .select(['id', 'title', 'message', 'order_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PROFILE_NOTIFICATIONS)
    .execute();
  return writeAsRoute({ ...JSON.parse(body), notifications });
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a profile's notifications, written by the database", () => {
  it('are byte for byte what the serializer writes from the rows: escapes, nulls, ties broken by id', async () => {
    const customer = await registerAndLogin(t.app, 'Customer', { name: 'Json Profile' });
    // Three to a timestamp: the newest first, and among equals the highest id first.
    await addNotifications(
      customer.user.id,
      TRICKY,
      (index) => `2026-11-2${Math.floor(index / 3)}T10:00:00.000Z`,
    );
    const body = await profileOf(customer.cookie);
    expect(body).toBe(await writtenFromRows(body, customer.user.id));
    const { notifications } = profileSchema.parse(JSON.parse(body));
    expect(notifications.map((row) => row.title)).toEqual([
      TRICKY[5]?.title,
      TRICKY[4]?.title,
      TRICKY[3]?.title,
      TRICKY[2]?.title,
      TRICKY[1]?.title,
      TRICKY[0]?.title,
    ]);
    expect(notifications[4]?.order_id).toBeNull();
  });

  it('keep to the newest hundred, and to the caller', async () => {
    const customer = await registerAndLogin(t.app, 'Customer');
    const other = await registerAndLogin(t.app, 'Customer');
    const many = Array.from({ length: 130 }, (_, index) => ({
      title: `Update ${index}`,
      message: `Message ${index}`,
      order_id: index % 2 ? index : null,
    }));
    const at = (index: number) => new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString();
    await addNotifications(customer.user.id, many, at);
    await addNotifications(other.user.id, [{ title: 'Not yours', message: 'Theirs', order_id: null }], at);
    const body = await profileOf(customer.cookie);
    expect(body).toBe(await writtenFromRows(body, customer.user.id));
    const { notifications } = profileSchema.parse(JSON.parse(body));
    expect(notifications).toHaveLength(PROFILE_NOTIFICATIONS);
    expect(notifications[0]?.title).toBe('Update 129');
    expect(notifications.at(-1)?.title).toBe('Update 30');
    expect(notifications.some((row) => row.title === 'Not yours')).toBe(false);

    const json = await newestNotificationsJson(t.database.db, other.user.id, PROFILE_NOTIFICATIONS);
    expect(json.length).toBe(1);
    expect(JSON.parse(json.text)).toEqual([expect.objectContaining({ title: 'Not yours' })]);
  });

  it('fill the right field when a name holds the text of an empty list, and answer [] when there are none', async () => {
    const customer = await registerAndLogin(t.app, 'Customer', { name: 'Ann "notifications":[] Lee' });
    const empty = await profileOf(customer.cookie);
    expect(empty).toBe(await writtenFromRows(empty, customer.user.id));
    expect(JSON.parse(empty)).toMatchObject({ name: 'Ann "notifications":[] Lee', notifications: [] });

    await addNotifications(customer.user.id, TRICKY.slice(0, 2), () => '2026-11-29T08:00:00.000Z');
    const body = await profileOf(customer.cookie);
    expect(body).toBe(await writtenFromRows(body, customer.user.id));
    expect(JSON.parse(body)).toMatchObject({ name: 'Ann "notifications":[] Lee' });
    expect(profileSchema.parse(JSON.parse(body)).notifications).toHaveLength(2);
  });

  it("still answer a manager's stock beside them", async () => {
    const manager = await registerAndLogin(t.app, 'Inventory Manager');
    await addNotifications(manager.user.id, TRICKY.slice(0, 1), () => '2026-11-29T09:00:00.000Z');
    const created = await t.call('POST', '/api/stocks', manager, {
      name: 'Profile item',
      price: 2.5,
      quantity: 3,
      weight: 0.25,
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = await profileOf(manager.cookie);
    expect(body).toBe(await writtenFromRows(body, manager.user.id));
    const profile = profileSchema.parse(JSON.parse(body));
    expect(profile.stocks.map((item) => item.stock_name)).toContain('Profile item');
    expect(profile.notifications).toHaveLength(1);
  });
});
