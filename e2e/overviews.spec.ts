import type { Role } from '@depot/contract';
import { expect, type Page, test } from '@playwright/test';
import {
  DEMO_COURIERS,
  DEMO_CUSTOMERS,
  DEMO_MANAGERS,
  DEMO_SUPPLIERS,
} from '../apps/server/src/demo/demo-business';
import { expectNoHorizontalScroll, signUpAndLogIn, watchForPageErrors } from './support/helpers';
import { logInAsDemo, VIEWPORTS } from './support/screen-checks';

/** Screenshots go outside the repository (docs/decisions/024-overviews-and-remembered-addresses.md). */
const SHOTS = process.env.OVERVIEW_SHOTS ?? '/tmp/shots-overviews';

async function shoot(page: Page, name: string) {
  for (const [viewport, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await page.screenshot({
      path: `${SHOTS}/${name}-${viewport}.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize(VIEWPORTS.desktop);
}

const demoDays: [Role, string, string | RegExp][] = [
  ['Customer', DEMO_CUSTOMERS[0]?.name ?? '', 'Open orders'],
  ['Supplier', DEMO_SUPPLIERS[0]?.name ?? '', 'Open supply orders'],
  // Due today always has its numbers (zeros included); Overdue may say "Nothing overdue."
  ['Courier Service', DEMO_COURIERS[0]?.name ?? '', /^Due today/],
];

for (const [role, name, card] of demoDays) {
  test(`the demo ${role}'s Overview shows their day, each number a link to its list`, async ({ page }) => {
    const errors = watchForPageErrors(page);
    await logInAsDemo(page, name, role);
    await page.goto('/dashboard/overview');
    await expect(page.getByText('Welcome to the overview page.')).toBeVisible();
    const section = page.getByRole('region', { name: card });
    await expect(section).toBeVisible();
    await shoot(page, `overview-${role.replace(' ', '-').toLowerCase()}-demo`);

    // The first number of the card opens the list it counts, with the same total.
    const link = section
      .getByRole('link')
      .filter({ hasText: /^\d[\d,]*$/ })
      .first();
    const count = Number((await link.textContent())?.replace(/,/g, ''));
    await link.click();
    await expect(page).not.toHaveURL(/overview/);
    if (count === 0) await expect(page.getByText(/match these filters|not placed an order/)).toBeVisible();
    else await expect(page.getByText(new RegExp(`\\b${count} (supply )?orders?\\b`)).first()).toBeVisible();
    await shoot(page, `overview-${role.replace(' ', '-').toLowerCase()}-link`);
    expect(errors).toEqual([]);
  });
}

const emptyDays: [Role, string][] = [
  ['Customer', 'No open orders.'],
  ['Supplier', 'No open supply orders.'],
  ['Courier Service', 'No deliveries due today.'],
];

for (const [role, empty] of emptyDays) {
  test(`a new ${role}'s Overview says there is nothing yet`, async ({ page }) => {
    await signUpAndLogIn(page, role, `New ${role}`);
    await page.goto('/dashboard/overview');
    await expect(page.getByText(empty)).toBeVisible();
    await shoot(page, `overview-${role.replace(' ', '-').toLowerCase()}-empty`);
  });
}

test("Stock Replenishment starts with the manager's last warehouse address and mobile", async ({ page }) => {
  await logInAsDemo(page, DEMO_MANAGERS[0]?.name ?? '', 'Inventory Manager');
  await page.goto('/dashboard/stock-replenishment');
  await expect(page.getByRole('textbox', { name: 'Address' })).not.toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Mobile Number' })).not.toHaveValue('');
  await shoot(page, 'stock-replenishment-prefilled');
});
