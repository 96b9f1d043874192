import { expect, type Page, test } from '@playwright/test';
import {
  addStockThroughApi,
  expectNoHorizontalScroll,
  loggedInPage,
  openFromSidebar,
  snapshot,
  suffix,
  watchForPageErrors,
} from './support/helpers';

const WIDTHS = [1280, 1024, 375] as const;

/** The page at each width of the screenshots, full length. */
async function snapshotAtWidths(page: Page, name: string) {
  const before = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expectNoHorizontalScroll(page);
    await snapshot(page, `${name}-${width}`);
  }
  if (before) await page.setViewportSize(before);
}

async function placeOrderThroughApi(customer: Page, courierId: number, stockId: number, quantity: number) {
  const response = await customer.request.post('/api/orders', {
    headers: { 'idempotency-key': `e2e-${suffix()}-${suffix()}` },
    data: {
      shipping_address: '12 Janpath Road, New Delhi',
      pin_code: '110001',
      location_type: 'urban',
      phone_number: '+91 98765 43210',
      courier_service_id: courierId,
      items: [{ stock_id: stockId, quantity }],
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).order.id as number;
}

test('a customer follows, cancels and re-orders; anyone follows the link; the manager reassigns', async ({
  browser,
  page: firstPage,
}) => {
  const manager = await loggedInPage(browser, firstPage, 'Inventory Manager', 'Mona Manager');
  const lamps = `Desk Lamps ${suffix()}`;
  const lampsId = await addStockThroughApi(manager, lamps, 18.5, 20, 1.2);

  const courierName = `Swift Couriers ${suffix()}`;
  const courier = await loggedInPage(browser, firstPage, 'Courier Service', courierName);
  const courierId = (await (await courier.request.get('/auth/profile')).json()).id as number;
  const otherCourierName = `Other Couriers ${suffix()}`;
  await loggedInPage(browser, firstPage, 'Courier Service', otherCourierName);

  const customer = await loggedInPage(browser, firstPage, 'Customer', 'Cora Customer');
  const problems = watchForPageErrors(customer);
  const followed = await placeOrderThroughApi(customer, courierId, lampsId, 3);

  // My Orders, from the sidebar, to the order's page.
  await customer.goto('/dashboard/overview');
  await openFromSidebar(customer, 'My Orders');
  await expect(customer.getByRole('heading', { name: 'My Orders', level: 2 })).toBeVisible();
  await customer
    .getByRole('link', { name: `Order #${followed}` })
    .first()
    .click();
  await expect(customer.getByRole('heading', { name: `Order #${followed}` })).toBeVisible();
  const timeline = customer.getByLabel('Status timeline');
  await expect(timeline).toContainText('Processing');
  await expect(customer.getByText(courierName)).toBeVisible();

  // The courier moves it: the page follows live.
  const moved = await courier.request.put(`/api/orders/${followed}`, { data: { status: 'In Transit' } });
  expect(moved.ok()).toBe(true);
  await expect(timeline).toContainText('In Transit');
  await expect(customer.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await snapshotAtWidths(customer, 'order-page');

  // The tracking link works signed out and shows nothing private.
  const trackingUrl = (await customer.getByRole('link', { name: /\/track\// }).getAttribute('href')) ?? '';
  const anonymous = await browser.newContext({ viewport: firstPage.viewportSize() });
  const visitor = await anonymous.newPage();
  await visitor.goto(trackingUrl);
  await expect(visitor.getByRole('heading', { name: `Order #${followed}`, level: 1 })).toBeVisible();
  await expect(visitor.getByText(courierName)).toBeVisible();
  await expect(visitor.getByText(/PIN 110001/)).toBeVisible();
  await expect(visitor.getByText('12 Janpath Road')).toHaveCount(0);
  await expect(visitor.getByText('98765')).toHaveCount(0);
  await snapshotAtWidths(visitor, 'tracking-page');
  await visitor.goto('/track/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(visitor.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await snapshot(visitor, 'tracking-page-unknown-375');
  await anonymous.close();

  // A Processing order is cancelled by its customer: the courier's board shows it at once.
  const cancelled = await placeOrderThroughApi(customer, courierId, lampsId, 2);
  await courier.goto('/dashboard/couriers');
  await expect(
    courier.getByRole('button', { name: `Update status of order ${cancelled}` }).first(),
  ).toBeEnabled();
  await customer.goto(`/dashboard/orders/${cancelled}`);
  await customer.getByRole('button', { name: 'Cancel order' }).click();
  await customer
    .getByRole('dialog', { name: 'Cancel order' })
    .getByRole('button', { name: 'Cancel order' })
    .click();
  await expect(customer.getByLabel('Status timeline')).toContainText('Cancelled');
  await expect(
    courier.getByRole('button', { name: `Update status of order ${cancelled}` }).first(),
  ).toBeDisabled();
  await snapshotAtWidths(courier, 'courier-board-cancelled');

  // Order again: the products form holds the same lines.
  await customer.getByRole('button', { name: 'Order again' }).click();
  await expect(customer).toHaveURL(/\/dashboard\/products$/);
  await expect(customer.getByRole('textbox', { name: 'Delivery Address' })).toHaveValue(
    '12 Janpath Road, New Delhi',
  );

  await customer.goto('/dashboard/orders');
  await expect(customer.getByRole('link', { name: `Order #${cancelled}` }).first()).toBeVisible();
  await snapshotAtWidths(customer, 'my-orders');
  await customer.goto('/dashboard/notifications');
  await expect(customer.getByRole('link', { name: `View order #${cancelled}` }).first()).toBeVisible();
  await snapshotAtWidths(customer, 'notifications-linked');

  // The manager finds the followed order by its number and gives it another courier.
  await manager.goto('/dashboard/overview');
  await openFromSidebar(manager, 'Customer Orders');
  await expect(manager.getByRole('heading', { name: 'Customer Orders', level: 2 })).toBeVisible();
  await manager.getByRole('searchbox', { name: 'Search customer orders' }).fill(String(followed));
  await manager
    .getByRole('button', { name: `Change courier of order ${followed}` })
    .first()
    .click();
  const dialog = manager.getByRole('dialog', { name: 'Change courier' });
  await dialog.getByRole('combobox', { name: 'Courier service' }).click();
  await manager.getByRole('option', { name: otherCourierName }).click();
  await dialog.getByRole('button', { name: 'Change courier' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(manager.getByText(otherCourierName).first()).toBeVisible();
  // The customer's toast lives 5 s: look for it before the manager's screenshots take their time.
  await expect(customer.getByRole('alert').filter({ hasText: 'Courier Changed' }).first()).toBeVisible();
  await snapshotAtWidths(manager, 'customer-orders');
  expect(problems).toEqual([]);
});
