import { STOCK_MESSAGES } from '@depot/contract';
import { expect, type Page, test } from '@playwright/test';
import {
  addStockThroughApi,
  expectAlertDuring,
  expectHeaderFits,
  expectNoHorizontalScroll,
  loggedInPage,
  openFromSidebar,
  signUpAndLogIn,
  snapshot,
  suffix,
  watchForPageErrors,
} from './support/helpers';

async function changeQuantityThroughUi(page: Page, name: string, quantity: string) {
  await openFromSidebar(page, 'Stock Management');
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Update Stock' })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Stock Quantity' }).fill(quantity);
  await expectAlertDuring(page, STOCK_MESSAGES.updated, () =>
    page.getByRole('button', { name: 'Submit' }).click(),
  );
}

test('a manager changes stock and finds the change in Activity, and nothing of another manager', async ({
  page,
  browser,
}) => {
  const problems = watchForPageErrors(page);
  await signUpAndLogIn(page, 'Inventory Manager', 'Audra Audit');
  const item = `Audit valves ${suffix()}`;
  await addStockThroughApi(page, item, 8, 40, 0.5);
  const rival = await loggedInPage(browser, page, 'Inventory Manager', 'Rex Rival');
  const rivalItem = `Rival secret ${suffix()}`;
  await addStockThroughApi(rival, rivalItem, 1, 1, 1);

  await changeQuantityThroughUi(page, item, '35');

  await openFromSidebar(page, 'Activity');
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Activity' });
  const updated = table.getByRole('row').filter({ hasText: 'Stock updated' });
  await expect(updated).toHaveCount(1);
  await expect(updated).toContainText('Audra Audit');
  await expect(updated).toContainText('quantity: 40 → 35');
  const added = table.getByRole('row').filter({ hasText: 'Stock added' });
  await expect(added).toContainText(`name: ${item}`);
  await expect(added).toContainText('price: $8.00');
  await expect(added).toContainText('weight: 0.50 kg');
  await expect(table.getByRole('row').filter({ hasText: 'Logged in' })).toHaveCount(1);
  await expect(table).not.toContainText(rivalItem);
  await snapshot(page, 'activity');

  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Stock updated' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('quantity: 40 → 35');

  await page.getByLabel('From', { exact: true }).fill('2000-01-01');
  await page.getByLabel('To', { exact: true }).fill('2000-01-31');
  await expect(page.getByText('No activity matches these filters.')).toBeVisible();
  expect(problems).toEqual([]);
  await rival.context().close();
});

test('@phone Activity fits a phone screen', async ({ page }) => {
  await signUpAndLogIn(page, 'Inventory Manager', 'Pocket Audra');
  // The longest role's title takes two lines beside the icon-only Account button.
  await expectHeaderFits(page);
  await expect(page.getByRole('button', { name: 'Account', exact: true })).not.toContainText('Account');
  await expect(page.getByRole('heading', { name: 'Inventory Reporting' })).toBeVisible();
  await snapshot(page, 'dashboard-manager-phone');
  const item = `Galvanised carriage bolts with square necks ${suffix()}`;
  await addStockThroughApi(page, item, 1234567.89, 1000000, 12345.67);
  await changeQuantityThroughUi(page, item, '999999');

  await openFromSidebar(page, 'Activity');
  // Below the 'sm' breakpoint the table becomes a list of cards.
  const card = page
    .getByRole('list', { name: 'Activity' })
    .locator(':scope > li')
    .filter({ hasText: 'Stock updated' });
  await expect(card).toContainText('quantity: 1,000,000 → 999,999');
  const added = page
    .getByRole('list', { name: 'Activity' })
    .locator(':scope > li')
    .filter({ hasText: 'Stock added' });
  await expect(added).toContainText('price: $1,234,567.89');
  await expect(added).toContainText('weight: 12,345.67 kg');
  await expectNoHorizontalScroll(page);
  await expectHeaderFits(page);
  await snapshot(page, 'activity-phone');
});
