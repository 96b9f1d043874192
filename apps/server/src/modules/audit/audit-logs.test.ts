import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createMemoryMailer, createTestClock, createTestDatabase, uniqueEmail } from '../../test/test-app';

/** The app with its real logger at its most talkative, writing to memory instead of stdout. */
const logLines: string[] = [];
let app: FastifyInstance;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const mailer = createMemoryMailer();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: 'sqlite::memory:',
      PUBLIC_URL: 'http://depot.test',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'trace',
    }),
    database,
    clock: createTestClock(),
    mailer,
    logStream: { write: (line) => logLines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const sessionCookie = (response: Awaited<ReturnType<FastifyInstance['inject']>>) => {
  const cookie = response.cookies.find((c) => c.name.endsWith('depot_session'));
  if (!cookie) throw new Error(`no session cookie: ${response.body}`);
  return { header: `${cookie.name}=${cookie.value}`, value: cookie.value };
};

it('logs an auth flow by request id without a password, token, cookie or reset link in any line', async () => {
  const email = uniqueEmail('logged');
  const password = 'harbour-violet-quilt-73';
  const newPassword = 'lantern-meadow-silver-29';
  const supplierPassword = 'copper-orchard-basket-64';
  const post = (url: string, payload: object, cookie?: string) =>
    app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'x-request-id': `log-test-${url.split('/')[2]}`, ...(cookie ? { cookie } : {}) },
    });

  expect(
    (await post('/auth/register', { role: 'Inventory Manager', name: 'Logan', email, password })).statusCode,
  ).toBe(201);
  expect((await post('/auth/login', { email, password: `${password}-wrong` })).statusCode).toBe(401);
  const first = sessionCookie(await post('/auth/login', { email, password }));
  const supplier = await post(
    '/api/suppliers',
    {
      name: 'Logged Supplier',
      email: uniqueEmail('supplier'),
      phone_number: '9876543210',
      address: '4 Quay',
      password: supplierPassword,
    },
    first.header,
  );
  expect(supplier.statusCode).toBe(201);
  expect((await post('/auth/logout', {}, first.header)).statusCode).toBe(200);
  expect((await post('/auth/forgot-password', { email })).statusCode).toBe(200);
  // The link is made and mailed after the answer.
  await app.backgroundTasks.settled();
  const link = mailer.sent.at(-1)?.text.match(/https?:\/\/\S+\/reset-password\/(\S+)/);
  if (!link?.[1]) throw new Error('no reset link mailed');
  expect((await post(`/auth/reset-password/${link[1]}`, { password: newPassword })).statusCode).toBe(200);
  const second = sessionCookie(await post('/auth/login', { email, password: newPassword }));

  const log = logLines.join('');
  // The capture works: requests are logged, under the id the caller sent.
  expect(log).toContain('"reqId":"log-test-login"');
  expect(log).toContain('/auth/reset-password/[redacted]');
  for (const secret of [
    password,
    newPassword,
    supplierPassword,
    link[1],
    link[0],
    first.value,
    second.value,
  ]) {
    expect(log).not.toContain(secret);
  }
  expect(log).not.toMatch(/argon2id/);
});
