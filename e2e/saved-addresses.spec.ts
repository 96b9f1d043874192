import { expect, type Page, test } from '@playwright/test';
import { DEMO_CUSTOMERS } from '../apps/server/src/demo/demo-business';
import { expectNoHorizontalScroll, watchForPageErrors } from './support/helpers';
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

test("a demo customer's saved addresses fill the order form and are listed on the Account page", async ({
  page,
}) => {
  const errors = watchForPageErrors(page);
  await logInAsDemo(page, DEMO_CUSTOMERS[0]?.name ?? '', 'Customer');
  await page.goto('/dashboard/products');
  const picker = page.getByRole('combobox', { name: /Saved address/ });
  await expect(picker).toBeVisible();
  // The last used one is filled in.
  await expect(page.getByRole('textbox', { name: 'Delivery Address' })).not.toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Pin Code' })).toHaveValue(/^\d{6}$/);
  await page.getByRole('heading', { name: 'Delivery details' }).scrollIntoViewIfNeeded();
  await shoot(page, 'saved-addresses-order-form');

  await page.goto('/dashboard/account');
  const list = page.getByRole('list', { name: 'Saved addresses' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await shoot(page, 'saved-addresses-account');
  await list.getByRole('button', { name: 'Edit' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Edit address' })).toBeVisible();
  await shoot(page, 'saved-addresses-edit');
  expect(errors).toEqual([]);
});
