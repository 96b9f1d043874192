import { ANALYTICS_EMPTY_MESSAGES } from '@depot/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_MANAGERS, DEMO_PASSWORD, demoEmail } from '../apps/server/src/demo/demo-business';
import {
  addStockThroughApi,
  expectNoHorizontalScroll,
  loggedInPage,
  photoProofThroughApi,
  snapshot,
  suffix,
  watchForPageErrors,
} from './support/helpers';

const CHART_TITLES = [
  'Stock Levels & Replenishment Needs',
  'Supplier Stock Distribution',
  'Order Fulfilment Rate',
  'Order Volume Trends',
  'Product Sales Trends',
];

/**
 * A manager's stock, a customer's orders of it through the API (one Delivered by the courier), and
 * the manager's page. Other tests share the server, so the checks look for this business's names.
 */
async function businessWithOrders(browser: Browser, like: Page) {
  const manager = await loggedInPage(browser, like, 'Inventory Manager', 'Ana Lytics');
  const bestseller = `Copper Pipe ${suffix()}`;
  const scarce = `Brass Valve ${suffix()}`;
  const pipe = await addStockThroughApi(manager, bestseller, 3.5, 5_000, 0.4);
  const valve = await addStockThroughApi(manager, scarce, 9, 12, 0.3);

  const courier = await loggedInPage(browser, like, 'Courier Service', `Analytic Couriers ${suffix()}`);
  const courierId = (await (await courier.request.get('/auth/profile')).json()).id as number;
  const customer = await loggedInPage(browser, like, 'Customer', 'Cam Customer');
  const orderIds: number[] = [];
  for (const items of [
    [{ stock_id: pipe, quantity: 900 }],
    [
      { stock_id: pipe, quantity: 600 },
      { stock_id: valve, quantity: 5 },
    ],
  ]) {
    const response = await customer.request.post('/api/orders', {
      data: {
        shipping_address: '7 Park Street, Kolkata',
        pin_code: '110001',
        location_type: 'urban',
        phone_number: '+91 98765 43210',
        courier_service_id: courierId,
        items,
      },
    });
    expect(response.status()).toBe(201);
    orderIds.push((await response.json()).order.id);
  }
  const delivered = await courier.request.put(`/api/orders/${orderIds[0]}`, {
    data: { status: 'Delivered', proof: photoProofThroughApi('Front desk') },
  });
  expect(delivered.ok()).toBe(true);

  // A supplier delivers 40 units to the manager, which the distribution chart counts.
  const supplierName = `Analytic Supplies ${suffix()}`;
  const supplier = await loggedInPage(browser, like, 'Supplier', supplierName);
  const supplierId = (await (await supplier.request.get('/auth/profile')).json()).id as number;
  const product = await supplier.request.post('/api/stock-replenishment/products', {
    data: { name: bestseller, price: 2, weight: 0.4, quantity: 100 },
  });
  expect(product.status()).toBe(201);
  const supplyOrder = await manager.request.post('/api/replenishment-orders', {
    data: {
      supplier_id: supplierId,
      address: '4 Warehouse Row, Pune',
      mobile_number: '+91 98765 43210',
      items: [{ product_id: (await product.json()).id, quantity: 40 }],
    },
  });
  expect(supplyOrder.status()).toBe(201);
  const supplyDelivered = await supplier.request.put(
    `/api/replenishment-orders/${(await supplyOrder.json()).order.id}`,
    { data: { status: 'Delivered' } },
  );
  expect(supplyDelivered.ok()).toBe(true);
  return { manager, bestseller, scarce, supplierName };
}

const chart = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** A chart's canvas, scrolled to and drawn: a chart draws only once it comes into view. */
async function drawnChart(page: Page, title: string) {
  const canvas = chart(page, title).getByRole('img');
  await canvas.scrollIntoViewIfNeeded();
  await expect(canvas).toHaveAttribute('data-drawn', 'true');
  return canvas;
}

test("a manager's Overview charts the business, and an empty range says so", async ({ browser, page }) => {
  const { manager, bestseller, scarce, supplierName } = await businessWithOrders(browser, page);
  const problems = watchForPageErrors(manager);
  await manager.goto('/dashboard/overview');
  await expect(manager.getByRole('heading', { name: 'Inventory Reporting' })).toBeVisible();
  for (const section of ['Inventory Reports', 'Order Performance', 'Sales & Product Analytics']) {
    await expect(manager.getByRole('heading', { name: section, level: 3 })).toBeVisible();
  }
  for (const title of CHART_TITLES) {
    await expect(manager.getByRole('heading', { name: title, level: 4 })).toBeVisible();
  }

  // 12 − 5 units left: at or under the reorder level, so the valve is named among what to reorder.
  await expect(await drawnChart(manager, 'Stock Levels & Replenishment Needs')).toHaveAttribute(
    'aria-label',
    new RegExp(`${scarce} 7`),
  );
  await expect(manager.getByLabel('Needs replenishment')).toContainText(`${scarce}: 7`);
  await expect(await drawnChart(manager, 'Supplier Stock Distribution')).toHaveAttribute(
    'aria-label',
    new RegExp(`${supplierName} 40`),
  );
  await expect(await drawnChart(manager, 'Order Fulfilment Rate')).toHaveAttribute(
    'aria-label',
    /Order Fulfilment Rate: .*\d+ of [1-9]\d*/,
  );
  await expect(await drawnChart(manager, 'Order Volume Trends')).toHaveAttribute(
    'aria-label',
    /Order Volume Trends: .*[1-9]/,
  );
  await expect(await drawnChart(manager, 'Product Sales Trends')).toHaveAttribute(
    'aria-label',
    new RegExp(`${bestseller} \\(bestseller\\)`),
  );
  await snapshot(manager, 'analytics-overview');

  await manager.getByLabel('Start Date').fill('2019-01-01');
  await manager.getByLabel('End Date').fill('2019-03-31');
  for (const message of Object.values(ANALYTICS_EMPTY_MESSAGES)) {
    await expect(manager.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(manager.getByRole('img')).toHaveCount(0);
  await snapshot(manager, 'analytics-empty-range');
  expect(problems).toEqual([]);
});

test('@phone the analytics Overview fits a phone', async ({ browser, page }) => {
  const { manager, bestseller } = await businessWithOrders(browser, page);
  await manager.goto('/dashboard/overview');
  for (const title of CHART_TITLES) {
    await expect(manager.getByRole('heading', { name: title, level: 4 })).toBeVisible();
  }
  for (const title of CHART_TITLES) await drawnChart(manager, title);
  await expect(await drawnChart(manager, 'Product Sales Trends')).toHaveAttribute(
    'aria-label',
    new RegExp(`${bestseller} \\(bestseller\\)`),
  );
  await expectNoHorizontalScroll(manager);
  await snapshot(manager, 'phone-analytics-overview');
});

test('the demo business fills all five charts of its manager’s Overview', async ({ page }) => {
  const problems = watchForPageErrors(page);
  const login = await page.request.post('/auth/login', {
    data: { email: demoEmail(DEMO_MANAGERS[0]?.name ?? ''), password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  await page.goto('/dashboard/overview');
  for (const title of CHART_TITLES) {
    // Drawn, not the empty sentence: each chart is an image with its figures in its label.
    await expect(await drawnChart(page, title)).toHaveAttribute(
      'aria-label',
      new RegExp(`^${title.replace(/[&()]/g, '.')}: .*\\d`),
    );
  }
  await snapshot(page, 'analytics-demo-business');
  expect(problems).toEqual([]);
});

test('the charts are drawn in a worker, and a chart answers the pointer with its tooltip', async ({
  page,
}) => {
  const problems = watchForPageErrors(page);
  const login = await page.request.post('/auth/login', {
    data: { email: demoEmail(DEMO_MANAGERS[0]?.name ?? ''), password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  await page.goto('/dashboard/overview');
  const pie = await drawnChart(page, 'Stock Levels & Replenishment Needs');
  expect(page.workers().map((worker) => worker.url())).toEqual([
    expect.stringMatching(/\/static\/js\/chart-worker-/),
  ]);

  // The tooltip is drawn on the canvas, in the worker: the pointer on the pie (its middle is always
  // on a slice) changes the picture, and leaving takes the tooltip away again.
  const box = await pie.boundingBox();
  if (!box) throw new Error('the pie has no box');
  await page.mouse.move(box.x + 2, box.y + 2);
  const picture = () => page.screenshot({ clip: box });
  const without = await picture();
  await expect
    .poll(async () => {
      await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2 + 5);
      return (await picture()).equals(without);
    })
    .toBe(false);
  await page.mouse.move(box.x + box.width / 2, box.y - 40);
  await expect.poll(async () => (await picture()).equals(without)).toBe(true);
  expect(problems).toEqual([]);
});
