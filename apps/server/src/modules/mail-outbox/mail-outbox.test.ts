import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT_MESSAGES } from '@depot/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { createMailer, type Mail, type Mailer } from '../../lib/mailer';
import { statusBodyFor } from '../../test/delivery-proof';
import { freePort } from '../../test/free-port';
import { orderDraftFor } from '../../test/order-draft';
import { type ReceivedMail, startSmtpSink } from '../../test/smtp-sink';
import {
  createScratchSchema,
  createTestApp,
  registerAndLogin,
  type TestApp,
  type TestAppOptions,
  testDialect,
} from '../../test/test-app';
import { waitFor } from '../../test/wait-for';
import { claimDue } from './repository';
import { messageIdOf, OUTBOX_DEFAULTS } from './service';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

const received: ReceivedMail[] = [];
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const apps: TestApp[] = [];

beforeAll(async () => {
  sink = await startSmtpSink((mail) => received.push(mail));
});
afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
  await sink.close();
});

/** An app whose outbox sends through real SMTP to `smtpUrl` (the sink unless given). */
async function mailingApp(options: TestAppOptions & { smtpUrl?: string } = {}) {
  const { smtpUrl = sink.url, ...rest } = options;
  const app = await createTestApp({
    useConfiguredMailer: options.mailer === undefined,
    env: { SMTP_URL: smtpUrl, MAIL_FROM: 'Depot <orders@depot.test>' },
    ...rest,
    mailOutbox: { send: true, pollMs: 60_000, ...rest.mailOutbox },
  });
  apps.push(app);
  return app;
}

async function business(t: TestApp) {
  const [manager, customer, courier] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Customer', { name: 'Asha' }),
    registerAndLogin(t.app, 'Courier Service', { name: 'Speedy Couriers' }),
  ]);
  const stock = await t.call('POST', '/api/stocks', manager, {
    name: 'Basmati Rice 5kg',
    price: '12.50',
    quantity: 1000,
    weight: '5',
  });
  expect(stock.statusCode).toBe(201);
  return { manager, customer, courier, stockId: stock.json().stock.stock_id as number };
}

async function place(t: TestApp, world: Awaited<ReturnType<typeof business>>, who: Session = world.customer) {
  const response = await t.call(
    'POST',
    '/api/orders',
    who,
    orderDraftFor({ courierId: world.courier.user.id, stockId: world.stockId, quantity: 2 }),
  );
  expect(response.statusCode).toBe(201);
  return response.json().order as { id: number };
}

const mailsTo = (email: string) => received.filter((mail) => mail.to.includes(email));
const outboxOf = (t: TestApp, orderId: number) =>
  t.database.db.selectFrom('mail_outbox').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
/** Polls an async condition (a database read) until it holds. */
async function eventually(condition: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const waitForMails = (email: string, count: number, what = `${count} mails to ${email}`) =>
  waitFor(() => mailsTo(email).length >= count, { withinMs: 10_000, what });

describe('mails to customers on each change of their orders', () => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof business>>;
  beforeAll(async () => {
    t = await mailingApp();
    world = await business(t);
  });

  it('mails the placed order: number, status, items, total and tracking link, with the row’s own Message-ID', async () => {
    const order = await place(t, world);
    await waitForMails(world.customer.email, 1);
    const [mail] = mailsTo(world.customer.email);
    const [row] = await outboxOf(t, order.id);
    const detail = (await t.call('GET', `/api/orders/${order.id}`, world.customer)).json();
    expect(mail?.text).toContain(`Subject: Order #${order.id} placed`);
    expect(mail?.text).toContain('Hello Asha,');
    expect(mail?.text).toContain('Status: Processing');
    expect(mail?.text).toContain('2 × Basmati Rice 5kg');
    expect(mail?.text).toContain(`Follow your order: ${detail.tracking_url}`);
    expect(detail.tracking_url).toMatch(/^http:\/\/depot\.test\/track\//);
    expect(mail?.text).toContain('Content-Type: text/html');
    expect(mail?.messageId).toBe(messageIdOf(row?.id ?? 0, 'http://depot.test'));
    await t.app.mailOutbox.flush();
    expect(await outboxOf(t, order.id)).toMatchObject([
      { kind: 'order_placed', attempts: 1, claim_token: null },
    ]);
    expect((await outboxOf(t, order.id))[0]?.sent_at).not.toBeNull();
  });

  it('mails In Transit, Delivered and Cancelled once each; a courier’s step back or a repeat mails nothing', async () => {
    const customer = await registerAndLogin(t.app, 'Customer', { name: 'Ravi' });
    const first = await place(t, world, customer);
    const second = await place(t, world, customer);
    const setStatus = async (id: number, status: string) =>
      t.call('PUT', `/api/orders/${id}`, world.courier, await statusBodyFor(t.database.db, id, status));
    expect((await setStatus(first.id, 'In Transit')).statusCode).toBe(200);
    expect((await setStatus(first.id, 'In Transit')).statusCode).toBe(200);
    expect((await setStatus(first.id, 'Processing')).statusCode).toBe(200);
    expect((await setStatus(first.id, 'Delivered')).statusCode).toBe(200);
    expect((await t.call('POST', `/api/orders/${second.id}/cancel`, customer)).statusCode).toBe(200);
    await t.app.mailOutbox.flush();
    await waitForMails(customer.email, 5);
    const subjects = mailsTo(customer.email)
      .map((mail) => /^Subject: (.*)$/m.exec(mail.text)?.[1])
      .sort();
    expect(subjects).toEqual(
      [
        `Order #${first.id} placed`,
        `Order #${second.id} placed`,
        `Order #${first.id} is on its way`,
        `Order #${first.id} delivered`,
        `Order #${second.id} cancelled`,
      ].sort(),
    );
    const delivered = mailsTo(customer.email).find((mail) => mail.text.includes('delivered'));
    expect(delivered?.text).toContain('Status: Delivered');
    expect((await outboxOf(t, first.id)).map((row) => row.kind)).toEqual([
      'order_placed',
      'order_in_transit',
      'order_delivered',
    ]);
  });

  it('writes no mail for a customer who turned order mails off, and drops one waiting when they do', async () => {
    const customer = await registerAndLogin(t.app, 'Customer');
    const off = await t.call('PUT', '/api/account/order-mails', customer, { order_mails: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: ACCOUNT_MESSAGES.orderMailsOff,
      account: { order_mails: false },
    });
    expect((await t.call('GET', '/api/account', customer)).json().order_mails).toBe(false);
    const unmailed = await place(t, world, customer);
    expect(await outboxOf(t, unmailed.id)).toEqual([]);

    const on = await t.call('PUT', '/api/account/order-mails', customer, { order_mails: true });
    expect(on.json().message).toBe(ACCOUNT_MESSAGES.orderMailsOn);
    await t.app.mailOutbox.stop();
    const waiting = await place(t, world, customer);
    await t.call('PUT', '/api/account/order-mails', customer, { order_mails: false });
    await t.app.mailOutbox.flush();
    const [row] = await outboxOf(t, waiting.id);
    expect(row?.sent_at).toBeNull();
    expect(row?.given_up_at).not.toBeNull();
    // The other customers' mails still go: a barrier proving the sender ran after the drop.
    const barrier = await place(t, world);
    await t.app.mailOutbox.flush();
    expect((await outboxOf(t, barrier.id))[0]?.sent_at).not.toBeNull();
    expect(mailsTo(customer.email)).toEqual([]);
    t.app.mailOutbox.start();
  });

  it('lets only a Customer change order mails, with a clear 400 for a body that is not a choice', async () => {
    const bad = await t.call('PUT', '/api/account/order-mails', world.customer, { order_mails: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Order mails must be true or false');
    expect((await t.call('GET', '/api/account', world.customer)).json().order_mails).toBe(true);
    const courier = await t.call('PUT', '/api/account/order-mails', world.courier, { order_mails: false });
    expect(courier.statusCode).toBe(403);
    expect(
      (await t.call('PUT', '/api/account/order-mails', undefined, { order_mails: false })).statusCode,
    ).toBe(401);
  });
});

describe('when the mail server is down or slow', () => {
  it('places the order at once, retries later with backoff, gives up after the last attempt', async () => {
    const port = await freePort();
    const t = await mailingApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailOutbox: { maxAttempts: 2 } });
    const world = await business(t);
    const doomed = await place(t, world);
    await t.app.mailOutbox.flush();
    const [failed] = await outboxOf(t, doomed.id);
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, given_up_at: null, claim_token: null });
    expect(failed?.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(failed?.next_attempt_at).toBe(
      new Date(t.clock.now().getTime() + OUTBOX_DEFAULTS.retryBaseMs).toISOString(),
    );
    // Not before its time.
    await t.app.mailOutbox.flush();
    expect((await outboxOf(t, doomed.id))[0]?.attempts).toBe(1);
    t.clock.advance(OUTBOX_DEFAULTS.retryBaseMs);
    await t.app.mailOutbox.flush();
    const [gaveUp] = await outboxOf(t, doomed.id);
    expect(gaveUp).toMatchObject({ attempts: 2, sent_at: null });
    expect(gaveUp?.given_up_at).not.toBeNull();

    const later = await place(t, world);
    await t.app.mailOutbox.flush();
    expect((await outboxOf(t, later.id))[0]?.attempts).toBe(1);
    // The server comes back where it was: the retry delivers the mail, once.
    const back: ReceivedMail[] = [];
    const revived = await startSmtpSink((mail) => back.push(mail), { port });
    try {
      t.clock.advance(OUTBOX_DEFAULTS.retryMaxMs);
      await t.app.mailOutbox.flush();
      await t.app.mailOutbox.flush();
      expect(back.map((mail) => mail.text.match(/Subject: (.*)/)?.[1])).toEqual([
        `Order #${later.id} placed`,
      ]);
      expect((await outboxOf(t, later.id))[0]).toMatchObject({ attempts: 2, given_up_at: null });
      expect((await outboxOf(t, doomed.id))[0]?.attempts).toBe(2);
    } finally {
      await revived.close();
    }
  });

  it('answers the order while a silent mail server holds its mail, which then fails by its deadline', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    try {
      const t = await mailingApp({
        smtpUrl: `smtp://127.0.0.1:${address.port}`,
        mailOutbox: { sendTimeoutMs: 1_500 },
      });
      const world = await business(t);
      const started = Date.now();
      const order = await place(t, world);
      expect(Date.now() - started).toBeLessThan(1_500);
      await waitFor(() => sockets.size > 0, { withinMs: 5_000, what: 'the sender to connect' });
      const [held] = await outboxOf(t, order.id);
      expect(held).toMatchObject({ sent_at: null, attempts: 1 });
      expect(held?.claim_token).not.toBeNull();
      await t.app.mailOutbox.flush();
      const [failed] = await outboxOf(t, order.id);
      expect(failed).toMatchObject({
        sent_at: null,
        claim_token: null,
        last_error: 'send took over 1500 ms',
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

/** Two handles on one database, as two instances have: a SQLite file, or one PostgreSQL schema. */
async function sharedDatabase(): Promise<{
  handles: [DatabaseHandle, DatabaseHandle];
  drop(): Promise<void>;
}> {
  if (testDialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'depot-outbox-'));
    const url = `sqlite:${join(dir, 'depot.db')}`;
    const handles: [DatabaseHandle, DatabaseHandle] = [createDatabase(url), createDatabase(url)];
    await migrateToLatest(handles[0].db as Kysely<unknown>, 'sqlite');
    return {
      handles,
      async drop() {
        for (const handle of handles) await handle.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const scratch = await createScratchSchema('outbox');
  const handles: [DatabaseHandle, DatabaseHandle] = [
    createDatabase(scratch.url, { poolSize: 4 }),
    createDatabase(scratch.url, { poolSize: 4 }),
  ];
  await migrateToLatest(handles[0].db as Kysely<unknown>, 'postgres');
  return {
    handles,
    async drop() {
      for (const handle of handles) await handle.destroy();
      await scratch.drop();
    },
  };
}

describe(`two instances on one ${testDialect === 'sqlite' ? 'SQLite file' : 'PostgreSQL database'}`, () => {
  let shared: Awaited<ReturnType<typeof sharedDatabase>>;
  beforeAll(async () => {
    shared = await sharedDatabase();
  });
  afterAll(async () => {
    // The apps on it close first (the outer afterAll); their handles are ours to close.
    for (const app of apps.splice(0).reverse()) await app.close();
    await shared.drop();
  });

  it('sends each mail once while both claim the same rows at the same time', async () => {
    const [a, b] = await Promise.all(
      shared.handles.map((handle) =>
        mailingApp({ databaseHandle: handle, mailOutbox: { send: false, batchSize: 3 } }),
      ),
    );
    if (!a || !b) throw new Error('two instances');
    b.clock.set(a.clock.now());
    const world = await business(a);
    const orders = [];
    for (let i = 0; i < 24; i += 1) orders.push(await place(i % 2 ? a : b, world));
    await Promise.all([a.app.mailOutbox.flush(), b.app.mailOutbox.flush(), a.app.mailOutbox.flush()]);
    const mails = mailsTo(world.customer.email);
    expect(mails).toHaveLength(24);
    expect(new Set(mails.map((mail) => mail.messageId)).size).toBe(24);
    const rows = await a.database.db.selectFrom('mail_outbox').select(['attempts', 'sent_at']).execute();
    expect(rows).toHaveLength(24);
    expect(rows.every((row) => row.attempts === 1 && row.sent_at !== null)).toBe(true);
  });

  it('sends the mails of an instance that died mid-batch once its claim runs out, each exactly once', async () => {
    const [handleA, handleB] = shared.handles;
    // The dying instance: its first mail reaches the server, then it hangs as a killed process would.
    let calls = 0;
    const real = await mailingApp({ databaseHandle: handleA, mailOutbox: { send: false } });
    const world = await business(real);
    const hung: ((error: Error) => void)[] = [];
    const dying: Mailer = {
      async send(mail: Mail) {
        calls += 1;
        if (calls === 1) {
          const mailer = createMailer({ smtpUrl: sink.url, from: 'Depot <orders@depot.test>' }, real.app.log);
          try {
            await mailer.send(mail);
          } finally {
            mailer.close();
          }
          return;
        }
        await new Promise((_, reject) => hung.push(reject));
      },
      close() {},
    };
    const dead = await mailingApp({
      databaseHandle: handleB,
      mailer: dying,
      mailOutbox: { send: false, batchSize: 3, sendTimeoutMs: 60_000 },
    });
    dead.clock.set(real.clock.now());
    const customer = await registerAndLogin(real.app, 'Customer');
    const orders = [
      await place(real, world, customer),
      await place(real, world, customer),
      await place(real, world, customer),
    ];
    const deadRun = dead.app.mailOutbox.flush();
    await waitFor(() => calls === 3, { withinMs: 10_000, what: 'the batch to be under way' });
    await waitForMails(customer.email, 1);
    const ids = orders.map((order) => order.id);
    const sentCount = async () =>
      (
        await real.database.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('order_id', 'in', ids)
          .where('sent_at', 'is not', null)
          .execute()
      ).length;
    await eventually(async () => (await sentCount()) === 1, 'the first mail marked sent');

    // The live instance leaves the held rows alone while the claim lasts …
    await real.app.mailOutbox.flush();
    expect(mailsTo(customer.email)).toHaveLength(1);
    // … and sends them once it has run out.
    real.clock.advance(OUTBOX_DEFAULTS.leaseMs);
    await real.app.mailOutbox.flush();
    await real.app.mailOutbox.flush();
    const mails = mailsTo(customer.email);
    expect(mails).toHaveLength(3);
    const rows = await real.database.db
      .selectFrom('mail_outbox')
      .select(['id', 'sent_at', 'attempts'])
      .where(
        'order_id',
        'in',
        orders.map((order) => order.id),
      )
      .orderBy('id')
      .execute();
    expect(new Set(mails.map((mail) => mail.messageId))).toEqual(
      new Set(rows.map((row) => messageIdOf(row.id, 'http://depot.test'))),
    );
    expect(rows.every((row) => row.sent_at !== null)).toBe(true);
    expect(rows.map((row) => row.attempts).sort()).toEqual([1, 2, 2]);
    // The dead instance's sends fail at last: its claims are gone, so it marks nothing.
    for (const reject of hung) reject(new Error('killed'));
    await deadRun;
    expect(await sentCount()).toBe(3);
    expect(
      (
        await real.database.db
          .selectFrom('mail_outbox')
          .select('last_error')
          .where('order_id', 'in', ids)
          .execute()
      ).every((row) => row.last_error === null),
    ).toBe(true);
  });

  it('leaves a row claimed by a dead instance until its lease expires, then sends it exactly once', async () => {
    const [handleA] = shared.handles;
    const t = await mailingApp({ databaseHandle: handleA, mailOutbox: { send: false } });
    const world = await business(t);
    const customer = await registerAndLogin(t.app, 'Customer');
    const order = await place(t, world, customer);
    // A claim by an instance that died right after it: nothing will ever mark the row.
    const claimed = await claimDue(handleA.db, {
      now: t.clock.now().toISOString(),
      leaseUntil: new Date(t.clock.now().getTime() + OUTBOX_DEFAULTS.leaseMs).toISOString(),
      token: 'dead-instance',
      limit: 100,
    });
    expect(claimed.map((row) => row.order_id)).toContain(order.id);
    await t.app.mailOutbox.flush();
    expect(mailsTo(customer.email)).toEqual([]);
    t.clock.advance(OUTBOX_DEFAULTS.leaseMs);
    await t.app.mailOutbox.flush();
    await t.app.mailOutbox.flush();
    await waitForMails(customer.email, 1);
    expect(mailsTo(customer.email)).toHaveLength(1);
    expect((await outboxOf(t, order.id))[0]).toMatchObject({ attempts: 2, claim_token: null });
  });
});
