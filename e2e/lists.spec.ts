import { expect, test } from '@playwright/test';
import { DEMO_COURIERS, DEMO_MANAGERS } from '../apps/server/src/demo/demo-business';
import { logInAsDemo } from './support/screen-checks';

// The one list component on the seeded demo business: its view lives in the address, the server
// pages, searches and sorts, and the total is shown (docs/decisions/011-one-list-protocol.md).

const courier = DEMO_COURIERS[0]?.name ?? '';
const manager = DEMO_MANAGERS[0]?.name ?? '';

/** "Showing 11–20 of 63 orders" → 63. */
const totalOf = (summary: string) =>
  Number(/of ([\d,]+)/.exec(summary)?.[1]?.replace(/,/g, '') ?? Number.NaN);

test("the courier's board pages on the server and keeps its page through a reload", async ({ page }) => {
  await logInAsDemo(page, courier, 'Courier Service');
  const firstPage = page.waitForResponse(
    (response) => response.url().includes('/api/orders?') && response.request().method() === 'GET',
  );
  // Every status (the board opens on the open orders alone): the demo's courier has pages of them.
  await page.goto('/dashboard/couriers?size=10&status=all');
  const answer = await firstPage;
  const total = Number(answer.headers()['x-total-count']);
  // The demo business gives a courier more than a page of orders.
  expect(total).toBeGreaterThan(10);
  expect(((await answer.json()) as unknown[]).length).toBe(10);
  expect(new URL(answer.url()).searchParams.get('limit')).toBe('10');

  const summary = page.getByText(/^Showing 1–10 of [\d,]+ orders$/);
  await expect(summary).toBeVisible();
  expect(totalOf((await summary.textContent()) ?? '')).toBe(total);

  const secondPage = page.waitForRequest((request) => request.url().includes('/api/orders?'));
  await page.getByRole('button', { name: 'Page 2' }).click();
  expect(new URL((await secondPage).url()).searchParams.get('offset')).toBe('10');
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText(`Showing 11–20 of ${total.toLocaleString('en-US')} orders`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  await page.reload();
  await expect(page.getByText(`Showing 11–20 of ${total.toLocaleString('en-US')} orders`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});

test("a list's search and sort survive a reload and go to the server", async ({ page }) => {
  await logInAsDemo(page, manager, 'Inventory Manager');
  await page.goto('/dashboard/my-orders');
  await expect(page.getByText(/supply orders$/)).toBeVisible();

  const sorted = page.waitForRequest((request) => request.url().includes('sort=supplier_name'));
  await page.getByRole('columnheader', { name: 'Supplier' }).getByRole('button').click();
  await sorted;
  await expect(page.getByRole('columnheader', { name: 'Supplier' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );

  // The first column ticks orders to print; Order ID, then Supplier.
  const supplierCell = page.getByRole('row').nth(1).getByRole('cell').nth(2);
  const supplier = ((await supplierCell.textContent()) ?? '').trim();
  const searched = page.waitForRequest(
    (request) => new URL(request.url()).searchParams.get('q') === supplier,
  );
  await page.getByRole('searchbox', { name: 'Search supply orders' }).fill(supplier);
  await searched;
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByText(/^(\d+ supply orders?|Showing .* supply orders)$/)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search supply orders' })).toHaveValue(supplier);
  await expect(page.getByRole('columnheader', { name: 'Supplier' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toContainText(supplier);
  await expect(page.getByText(/^(\d+ supply orders?|Showing .* supply orders)$/)).toBeVisible();
});
