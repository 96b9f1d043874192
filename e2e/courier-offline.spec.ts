import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wrongDeliveryCodeMessage } from '@depot/contract';
import { chromium, expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from './support/environment';
import {
  addStockThroughApi,
  deliverThroughDialog as deliver,
  deliveryCodeOf,
  loggedInPage,
  PARCEL_PHOTO,
  PASSWORD,
  type Proof,
  snapshot,
  suffix,
  uniqueEmail,
  watchForPageErrors,
} from './support/helpers';

// The courier's board without signal (docs/decisions/029-offline-courier-changes.md): installable,
// opens offline from the service worker, keeps changes on the device with their device time, and
// sends them once, each with its Idempotency-Key, when the connection returns.

interface SentChange {
  url: string;
  key: string;
  body: { status: string; device_time?: string; proof?: { recipient_name: string } };
}

async function placeOrderThroughApi(customer: Page, courierId: number, stockId: number, address: string) {
  const response = await customer.request.post('/api/orders', {
    headers: { 'idempotency-key': `e2e-${suffix()}-${suffix()}` },
    data: {
      shipping_address: address,
      pin_code: '110001',
      location_type: 'urban',
      phone_number: '+91 98765 43210',
      courier_service_id: courierId,
      items: [{ stock_id: stockId, quantity: 1 }],
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).order.id as number;
}

/** Network errors are what going offline means; anything else (a CSP refusal, a crash) is not. */
const unexpected = (problems: string[]) =>
  problems.filter(
    (problem) =>
      !/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch|NetworkError/.test(problem),
  );

for (const phone of [false, true]) {
  test(`a courier delivers three orders offline; they sync once with their device times${phone ? ' @phone' : ''}`, async ({
    browser,
    page: firstPage,
  }) => {
    const tag = phone ? 'phone' : 'desktop';
    const manager = await loggedInPage(browser, firstPage, 'Inventory Manager', 'Mona Manager');
    const stockId = await addStockThroughApi(manager, `Parcels ${suffix()}`, 5, 50, 1);
    const courier = await loggedInPage(browser, firstPage, 'Courier Service', `Offline Couriers ${suffix()}`);
    const courierId = (await (await courier.request.get('/auth/profile')).json()).id as number;
    const customer = await loggedInPage(browser, firstPage, 'Customer', 'Cora Customer');
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      ids.push(await placeOrderThroughApi(customer, courierId, stockId, `${n} Janpath Road ${suffix()}`));
    }
    // A fourth order finds no one at home: its failed attempt is kept offline too.
    const missed = await placeOrderThroughApi(customer, courierId, stockId, `4 Janpath Road ${suffix()}`);
    const problems = watchForPageErrors(courier);
    const sent: SentChange[] = [];
    courier.on('request', (request) => {
      const key = request.headers()['idempotency-key'];
      if (request.method() === 'PUT' && key) {
        sent.push({ url: new URL(request.url()).pathname, key, body: request.postDataJSON() });
      }
    });

    // Online: the board registers the worker; once it controls the page, the board is kept.
    await courier.goto('/dashboard/couriers');
    // The first visit also installs the service worker: slower than a page on a busy machine.
    await expect(courier.getByRole('button', { name: `Update status of order ${ids[0]}` })).toBeVisible({
      timeout: 30_000,
    });
    await courier.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await courier.reload();
    await expect.poll(() => courier.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(courier.getByRole('button', { name: `Update status of order ${ids[2]}` })).toBeVisible();

    await snapshot(courier, `offline-${tag}-online`);

    // No signal: the page opens from the worker, with the last board.
    await courier.context().setOffline(true);
    await courier.reload();
    await expect(courier.getByText(/^You are offline\./)).toBeVisible();
    const offlineFrom = new Date().toISOString();
    // Two on the customer's code (read from their order page's answer), one with a photo.
    const proofs: Proof[] = [
      { recipient: 'Cora Customer', code: await deliveryCodeOf(customer, ids[0] as number) },
      { recipient: 'Neighbour at no. 2', photo: PARCEL_PHOTO },
      { recipient: 'Cora Customer', code: await deliveryCodeOf(customer, ids[2] as number) },
    ];
    for (const [index, id] of ids.entries()) {
      await deliver(courier, id, proofs[index] as Proof);
      await expect(
        courier.getByText('Saved on this device. It will be sent when the connection returns.').first(),
      ).toBeVisible();
    }
    await courier.getByRole('button', { name: `Failed attempt for order ${missed}` }).click();
    await courier.getByRole('dialog').getByRole('button', { name: 'Record attempt' }).click();
    await expect(courier.getByRole('dialog')).toBeHidden();
    await expect(courier.getByText('4 waiting to sync')).toBeVisible();
    await snapshot(courier, `offline-${tag}-waiting`);
    // Nothing reached the server.
    for (const id of ids) {
      const order = await (await customer.request.get(`/api/orders/${id}`)).json();
      expect(order.status).toBe('Processing');
    }

    // Back online: all three are sent within 10 s, each once.
    await courier.context().setOffline(false);
    const outcomes = courier.getByRole('region', { name: 'Sent from this device' });
    for (const id of ids) {
      await expect(outcomes.getByText(`Order ${id}: Delivered synced`)).toBeVisible({ timeout: 10_000 });
    }
    await expect(outcomes.getByText(`Order ${missed}: Failed attempt synced`)).toBeVisible();
    const attempted = await (await customer.request.get(`/api/orders/${missed}`)).json();
    expect(attempted.status).toBe('Processing');
    expect(attempted.attempts).toHaveLength(1);
    expect(attempted.attempts[0]).toMatchObject({ reason: 'no_one_home' });
    expect(attempted.attempts[0].device_at >= offlineFrom).toBe(true);
    await expect(courier.getByText(/waiting to sync/)).toBeHidden();
    await snapshot(courier, `offline-${tag}-synced`);

    // The server's timeline holds each device time beside the time it was received.
    for (const id of ids) {
      const order = await (await customer.request.get(`/api/orders/${id}`)).json();
      expect(order.status).toBe('Delivered');
      const delivered = order.status_history.filter(
        (step: { status: string }) => step.status === 'Delivered',
      );
      expect(delivered).toHaveLength(1);
      expect(delivered[0].device_at >= offlineFrom).toBe(true);
      expect(delivered[0].device_at <= delivered[0].at).toBe(true);
      // The proof came with it, with the same device time.
      const proof = proofs[ids.indexOf(id)] as Proof;
      expect(order.proof).toMatchObject({
        recipient_name: proof.recipient,
        method: 'code' in proof ? 'code' : 'photo',
        device_at: delivered[0].device_at,
      });
      if (order.proof.photo_url) {
        const photo = await customer.request.get(order.proof.photo_url);
        expect(photo.headers()['content-type']).toBe('image/jpeg');
        expect(photo.headers()['cache-control']).toBe('private, max-age=3600');
      }
    }
    // The customer's page shows the proof of the photo delivery.
    await customer.goto(`/dashboard/orders/${ids[1]}`);
    const shown = customer.getByRole('region', { name: 'Proof of delivery' });
    await expect(shown).toContainText('Neighbour at no. 2');
    await expect(shown.getByRole('img', { name: /Photo of the delivery/ })).toBeVisible();
    await snapshot(customer, `offline-${tag}-customer-proof`);

    // Replaying the queue changes nothing: the same keys answer the first answers.
    const queued = sent.filter((change) => change.body.device_time !== undefined && change.body.status);
    expect(queued.map((change) => change.url).sort()).toEqual(ids.map((id) => `/api/orders/${id}`).sort());
    for (const change of queued) expect(change.body.proof?.recipient_name).toBeTruthy();
    for (const change of queued) {
      const replay = await courier.request.put(change.url, {
        headers: { 'idempotency-key': change.key },
        data: change.body,
      });
      expect(replay.status()).toBe(200);
      expect(replay.headers()['idempotent-replayed']).toBe('true');
    }
    // Delivered now, so off the open board: every status shows them.
    await courier.goto('/dashboard/couriers?status=all');
    await expect(courier.getByRole('button', { name: `Update status of order ${ids[0]}` })).toBeVisible();
    await expect(courier.getByText(/waiting to sync/)).toBeHidden();
    for (const id of ids) {
      const order = await (await customer.request.get(`/api/orders/${id}`)).json();
      expect(
        order.status_history.filter((step: { status: string }) => step.status === 'Delivered'),
      ).toHaveLength(1);
    }
    expect(unexpected(problems)).toEqual([]);
    // No second proof either: the replayed changes named the same proofs.
    for (const id of ids) {
      const order = await (await customer.request.get(`/api/orders/${id}`)).json();
      expect(order.proof.at <= new Date().toISOString()).toBe(true);
    }
  });
}

test('changes kept offline that Depot refuses on sync (a cancelled order, a wrong code) say why', async ({
  browser,
  page: firstPage,
}) => {
  const manager = await loggedInPage(browser, firstPage, 'Inventory Manager', 'Mona Manager');
  const stockId = await addStockThroughApi(manager, `Parcels ${suffix()}`, 5, 50, 1);
  const courier = await loggedInPage(browser, firstPage, 'Courier Service', `Offline Couriers ${suffix()}`);
  const courierId = (await (await courier.request.get('/auth/profile')).json()).id as number;
  const customer = await loggedInPage(browser, firstPage, 'Customer', 'Cora Customer');
  const id = await placeOrderThroughApi(customer, courierId, stockId, `9 Janpath Road ${suffix()}`);
  const wrongly = await placeOrderThroughApi(customer, courierId, stockId, `10 Janpath Road ${suffix()}`);
  const code = await deliveryCodeOf(customer, id);
  const wrongCode = String((Number(await deliveryCodeOf(customer, wrongly)) + 1) % 10_000).padStart(4, '0');

  await courier.goto('/dashboard/couriers');
  await expect(courier.getByRole('button', { name: `Update status of order ${id}` })).toBeVisible();
  // The worker takes control without a reload (clientsClaim): offline, the lazy parts still load.
  await expect.poll(() => courier.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await courier.context().setOffline(true);
  await deliver(courier, id, { recipient: 'Cora Customer', code });
  await deliver(courier, wrongly, { recipient: 'Cora Customer', code: wrongCode });
  await expect(courier.getByText('2 waiting to sync')).toBeVisible();
  expect((await customer.request.post(`/api/orders/${id}/cancel`)).status()).toBe(200);
  await courier.context().setOffline(false);
  await expect(
    courier.getByText(
      `Order ${id} was not set to Delivered: This order is Cancelled and can no longer be changed`,
    ),
  ).toBeVisible({ timeout: 10_000 });
  await expect(
    courier.getByText(`Order ${wrongly} was not set to Delivered: ${wrongDeliveryCodeMessage(4)}`),
  ).toBeVisible();
  await expect(courier.getByText(/waiting to sync/)).toBeHidden();
  await snapshot(courier, 'offline-refused-wrong-code');
  const order = await (await customer.request.get(`/api/orders/${id}`)).json();
  expect(order.status).toBe('Cancelled');
  const notDelivered = await (await customer.request.get(`/api/orders/${wrongly}`)).json();
  expect(notDelivered.status).toBe('Processing');
});

test("the courier's page is installable, by Chromium's own check", async () => {
  // Lighthouse 12 removed its PWA category and installable-manifest audit; Chromium answers the
  // same question over CDP. A browser context of Playwright's own is incognito, which is never
  // installable, so this one keeps a profile folder.
  const profile = mkdtempSync(join(tmpdir(), 'depot-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    baseURL: E2E_BASE_URL,
    args: ['--disable-gpu', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await context.newPage();
    const email = uniqueEmail('courier-service');
    const data = {
      role: 'Courier Service',
      name: `Installing Couriers ${suffix()}`,
      email,
      password: PASSWORD,
    };
    expect((await page.request.post('/auth/register', { data })).status()).toBe(201);
    expect((await page.request.post('/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
    await page.goto('/dashboard/couriers');
    await expect(page.getByRole('heading', { name: 'Courier Service', level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const manifestLink = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestLink).toBe('/manifest.webmanifest');
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
      .toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
