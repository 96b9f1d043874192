import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { addStockThroughApi, loggedInPage, suffix, watchForPageErrors } from './support/helpers';

/** Screenshots and PDFs for a person to look at, outside the repository. */
const SHOTS = process.env.PRINT_SHOTS_DIR ?? '/tmp/shots-print';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** The screen at a desktop's and a phone's size. */
async function shootAtSizes(page: Page, name: string) {
  const before = page.viewportSize();
  for (const [width, height] of [
    [1280, 800],
    [1024, 800],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await shoot(page, `${name}-${width}`);
  }
  if (before) await page.setViewportSize(before);
}

/**
 * Prints the page as Chromium's Print → Save as PDF would, on A4; writes the PDF and one PNG per
 * page (pdftoppm) to look at, and answers its number of pages (pdfinfo).
 */
async function printToPdf(page: Page, name: string): Promise<number> {
  // page.pdf prints with the print stylesheet, as the browser's Print does.
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  mkdirSync(SHOTS, { recursive: true });
  const file = join(SHOTS, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '60', file, join(SHOTS, name)]);
  const info = execFileSync('pdfinfo', [file]).toString();
  const pageSize = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  // A4 is 595 × 842 points.
  expect(Number(pageSize?.[1])).toBeCloseTo(595, -1);
  expect(Number(pageSize?.[2])).toBeCloseTo(842, -1);
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
}

async function placeOrderThroughApi(customer: Page, courierId: number, stockIds: number[], address: string) {
  const response = await customer.request.post('/api/orders', {
    data: {
      shipping_address: address,
      pin_code: '110001',
      location_type: 'urban',
      phone_number: '+91 98765 43210',
      courier_service_id: courierId,
      items: stockIds.map((stock_id, index) => ({ stock_id, quantity: index + 2 })),
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).order as { id: number };
}

test('a manager prints the packing slips of the orders ticked, one A4 page each, with a QR code of the tracking link', async ({
  browser,
  page: firstPage,
}) => {
  const tag = suffix();
  const manager = await loggedInPage(browser, firstPage, 'Inventory Manager', `Pia Packer ${tag}`);
  const rice = await addStockThroughApi(manager, `Basmati rice 5 kg ${tag}`, 9.5, 100, 5);
  const oil = await addStockThroughApi(manager, `Sunflower oil 1 l ${tag}`, 2.25, 100, 0.92);
  const lamp = await addStockThroughApi(manager, `Desk lamp ${tag}`, 18.5, 100, 1.2);
  const courier = await loggedInPage(browser, firstPage, 'Courier Service', `Swift Couriers ${tag}`);
  const courierId = (await (await courier.request.get('/auth/profile')).json()).id as number;
  const customerName = `Asha Rao ${tag}`;
  const customer = await loggedInPage(browser, firstPage, 'Customer', customerName);
  const first = await placeOrderThroughApi(
    customer,
    courierId,
    [rice, oil, lamp],
    '14 Lake View Road, 2nd Cross, Indiranagar, Bengaluru',
  );
  const second = await placeOrderThroughApi(customer, courierId, [oil], '7 Park Street, Kolkata');
  const third = await placeOrderThroughApi(customer, courierId, [lamp, rice], '3 Marine Drive, Mumbai');

  const problems = watchForPageErrors(manager);
  await manager.setViewportSize({ width: 1280, height: 800 });
  await manager.goto('/dashboard/customer-orders');
  await manager.getByRole('searchbox', { name: 'Search customer orders' }).fill(customerName);
  await expect(manager.getByRole('checkbox', { name: `Select order ${third.id}` })).toBeVisible();
  await expect(manager.getByRole('checkbox', { name: `Select order ${first.id}` })).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Print packing slips' })).toBeDisabled();
  await manager.getByRole('checkbox', { name: `Select order ${first.id}` }).check();
  await manager.getByRole('checkbox', { name: `Select order ${third.id}` }).check();
  const print = manager.getByRole('link', { name: 'Print packing slips (2)' });
  await expect(print).toBeVisible();
  await shootAtSizes(manager, 'customer-orders-selected');

  const [slips] = await Promise.all([manager.waitForEvent('popup'), print.click()]);
  const slipProblems = watchForPageErrors(slips);
  await expect(slips).toHaveURL(new RegExp(`/print/packing-slips\\?ids=${first.id},${third.id}$`));
  const sheets = slips.getByRole('article');
  await expect(sheets).toHaveCount(2);
  await expect(slips.getByText('2 pages, one per order')).toBeVisible();
  const slip = sheets.first();
  await expect(slip.getByText(`Order #${first.id}`)).toBeVisible();
  await expect(slip.getByText(customerName)).toBeVisible();
  await expect(slip.getByText(`Swift Couriers ${tag}`)).toBeVisible();
  await expect(
    slip.getByRole('img', { name: `QR code of the tracking link of order ${first.id}` }),
  ).toBeVisible();
  // The QR code encodes the link the order's page gives.
  const detail = await (await manager.request.get(`/api/orders/${first.id}`)).json();
  await expect(slip.getByText(`Tracking link: ${detail.tracking_url}`)).toBeVisible();
  await expect(slips.getByRole('button', { name: 'Print' })).toBeEnabled();
  await slips.setViewportSize({ width: 1280, height: 800 });
  await shootAtSizes(slips, 'packing-slips-screen');

  expect(await printToPdf(slips, 'packing-slips')).toBe(2);
  // One order alone is one page.
  await slips.goto(`/print/packing-slips?ids=${second.id}`);
  await expect(slips.getByRole('article')).toHaveCount(1);
  expect(await printToPdf(slips, 'packing-slip-one')).toBe(1);

  expect(problems).toEqual([]);
  expect(slipProblems).toEqual([]);
});

test('the manager and the supplier of a supply order print its purchase order; another supplier cannot', async ({
  browser,
  page: firstPage,
}) => {
  const tag = suffix();
  const supplierName = `Acme Parts ${tag}`;
  const supplier = await loggedInPage(browser, firstPage, 'Supplier', supplierName);
  const products: number[] = [];
  for (const [name, price, weight] of [
    ['Hex bolt M8', 0.35, 0.02],
    ['Washer M8', 0.05, 0.01],
    ['Steel hinge', 4.25, 0.35],
  ] as const) {
    const added = await supplier.request.post('/api/stock-replenishment/products', {
      data: { name: `${name} ${tag}`, price, weight, quantity: 5_000 },
    });
    expect(added.status()).toBe(201);
    products.push((await added.json()).id);
  }
  const supplierId = (await (await supplier.request.get('/auth/profile')).json()).id as number;
  const manager = await loggedInPage(browser, firstPage, 'Inventory Manager', `Ivy Manager ${tag}`);
  const placed: number[] = [];
  for (const items of [products, products.slice(0, 1)]) {
    const response = await manager.request.post('/api/replenishment-orders', {
      data: {
        supplier_id: supplierId,
        address: '4 Warehouse Row, Hadapsar, Pune',
        mobile_number: '+91 98765 43210',
        items: items.map((product_id, index) => ({ product_id, quantity: 100 * (index + 1) })),
      },
    });
    expect(response.status()).toBe(201);
    placed.push((await response.json()).order.id);
  }
  const [bigger, smaller] = placed as [number, number];

  // The manager's My Orders.
  await manager.setViewportSize({ width: 1280, height: 800 });
  await manager.goto('/dashboard/my-orders');
  await manager.getByRole('checkbox', { name: 'Select every supply order on this page' }).check();
  const print = manager.getByRole('link', { name: /^Print purchase orders \(\d+\)$/ });
  await expect(print).toBeVisible();
  await shootAtSizes(manager, 'my-orders-selected');

  // The supplier's Supply Orders: their two orders, as one job.
  const problems = watchForPageErrors(supplier);
  await supplier.setViewportSize({ width: 1280, height: 800 });
  await supplier.goto('/dashboard/supply-orders');
  await supplier.getByRole('checkbox', { name: `Select supply order ${bigger}` }).check();
  await supplier.getByRole('checkbox', { name: `Select supply order ${smaller}` }).check();
  await shootAtSizes(supplier, 'supply-orders-selected');
  const [orders] = await Promise.all([
    supplier.waitForEvent('popup'),
    supplier.getByRole('link', { name: 'Print purchase orders (2)' }).click(),
  ]);
  const sheets = orders.getByRole('article');
  await expect(sheets).toHaveCount(2);
  await expect(sheets.first().getByText(`PO #${bigger}`)).toBeVisible();
  await expect(sheets.first().getByText(supplierName)).toBeVisible();
  await expect(sheets.first().getByText('Waiting for update')).toBeVisible();
  await orders.setViewportSize({ width: 1280, height: 800 });
  await shootAtSizes(orders, 'purchase-orders-screen');
  expect(await printToPdf(orders, 'purchase-orders')).toBe(2);
  expect(problems).toEqual([]);

  // Another supplier's link to the same orders prints nothing of them.
  const other = await loggedInPage(browser, firstPage, 'Supplier', `Boltco ${tag}`);
  await other.goto(`/print/purchase-orders?ids=${bigger}`);
  await expect(other.getByText(`Supply order #${bigger}: Supply order not found`)).toBeVisible();
  await expect(other.getByRole('article')).toHaveCount(0);
});

test("a courier prints the packing slips of the orders ticked on their board; a long order's slip is one A4 page; another courier's link prints nothing", async ({
  browser,
  page: firstPage,
}) => {
  const tag = suffix();
  const manager = await loggedInPage(browser, firstPage, 'Inventory Manager', `Lata Lines ${tag}`);
  const stock: number[] = [];
  for (let line = 1; line <= 15; line += 1) {
    stock.push(
      await addStockThroughApi(
        manager,
        `Hardware item ${line} (pack of ${line * 10}) ${tag}`,
        1.5 * line,
        500,
        0.25 * line,
      ),
    );
  }
  const courierName = `Swift Slips ${tag}`;
  const courier = await loggedInPage(browser, firstPage, 'Courier Service', courierName);
  const courierId = (await (await courier.request.get('/auth/profile')).json()).id as number;
  const customer = await loggedInPage(browser, firstPage, 'Customer', `Kiran Long ${tag}`);
  const long = await placeOrderThroughApi(
    customer,
    courierId,
    stock,
    '22 Long Lane, 4th Main, Jayanagar, Bengaluru',
  );
  const short = await placeOrderThroughApi(customer, courierId, stock.slice(0, 2), '5 Short Street, Pune');

  const problems = watchForPageErrors(courier);
  await courier.setViewportSize({ width: 1280, height: 800 });
  await courier.goto('/dashboard/couriers');
  await courier.getByRole('checkbox', { name: `Select order ${long.id}` }).check();
  await courier.getByRole('checkbox', { name: `Select order ${short.id}` }).check();
  const print = courier.getByRole('link', { name: 'Print packing slips (2)' });
  await expect(print).toBeVisible();
  await shootAtSizes(courier, 'courier-board-selected');

  const [slips] = await Promise.all([courier.waitForEvent('popup'), print.click()]);
  await expect(slips.getByRole('article')).toHaveCount(2);
  await expect(slips.getByText(`Hardware item 15 (pack of 150) ${tag}`)).toBeVisible();
  await slips.goto(`/print/packing-slips?ids=${long.id}`);
  await expect(slips.getByRole('article')).toHaveCount(1);
  await expect(slips.getByText(`Hardware item 15 (pack of 150) ${tag}`)).toBeVisible();
  // Fifteen lines still fit the one A4 page of their order.
  expect(await printToPdf(slips, 'packing-slip-fifteen-lines')).toBe(1);
  expect(problems).toEqual([]);

  // Another courier's link to the same order prints nothing of it.
  const other = await loggedInPage(browser, firstPage, 'Courier Service', `Other Wheels ${tag}`);
  await other.goto(`/print/packing-slips?ids=${long.id}`);
  await expect(other.getByText(`Order #${long.id}: Order not found`)).toBeVisible();
  await expect(other.getByRole('article')).toHaveCount(0);
});
