import { STOCK_MESSAGES } from '@depot/contract';
import { expect, type Page, test } from '@playwright/test';
import {
  expectAlertDuring,
  expectNoHorizontalScroll,
  openFromSidebar,
  signUpAndLogIn,
  snapshot,
  watchForPageErrors,
} from './support/helpers';

const alertSaying = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function addStockThroughUi(
  page: Page,
  item: { name: string; price: string; quantity: string; weight: string },
) {
  await page.getByRole('textbox', { name: 'Stock Name' }).fill(item.name);
  await page.getByRole('spinbutton', { name: 'Stock Price ($)' }).fill(item.price);
  await page.getByRole('spinbutton', { name: 'Stock Quantity' }).fill(item.quantity);
  await page.getByRole('spinbutton', { name: 'Stock Weight (kg)' }).fill(item.weight);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(alertSaying(page, STOCK_MESSAGES.added)).toBeVisible();
}

test('a manager adds, edits and deletes a stock item, and is warned of low stock', async ({ page }) => {
  const problems = watchForPageErrors(page);
  await signUpAndLogIn(page, 'Inventory Manager', 'Stella Stock');
  await openFromSidebar(page, 'Stock Management');
  await expect(page.getByRole('heading', { name: 'Stock Management' })).toBeVisible();
  await expect(page.getByText('No stock items yet.')).toBeVisible();
  await snapshot(page, 'stock-management-empty');

  await page.getByRole('link', { name: 'Add Stock' }).click();
  await expect(page).toHaveURL(/\/dashboard\/stock-management\/addStock$/);
  await expect(page.getByRole('heading', { name: 'Add Stock' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(STOCK_MESSAGES.nameRequired)).toBeVisible();
  await expect(page.getByText('Price is required')).toBeVisible();
  await snapshot(page, 'add-stock-required');

  await addStockThroughUi(page, { name: 'Hex Bolts', price: '12.50', quantity: '40', weight: '1.25' });
  await expect(page.getByRole('textbox', { name: 'Stock Name' })).toHaveValue('');
  await snapshot(page, 'add-stock-success');

  await page.getByRole('link', { name: 'Back to Stock Management' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Hex Bolts' });
  await expect(row).toContainText('$12.50');
  await expect(row).toContainText('40');
  await expect(row).toContainText('1.25 kg');

  await row.getByRole('link', { name: 'Edit Hex Bolts' }).click();
  await expect(page).toHaveURL(/\/dashboard\/stock-management\/updateStock\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Update Stock' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Stock Price ($)' })).toHaveValue('12.50');
  await page.getByRole('textbox', { name: 'Stock Name' }).fill('Hex Bolts M8');
  await page.getByRole('spinbutton', { name: 'Stock Price ($)' }).fill('13.75');
  await page.getByRole('spinbutton', { name: 'Stock Weight (kg)' }).fill('2');
  await expectAlertDuring(page, STOCK_MESSAGES.updated, () =>
    page.getByRole('button', { name: 'Submit' }).click(),
  );
  await snapshot(page, 'update-stock-success');
  // docs/product/screens.md#toasts-and-alerts: the update form's alerts vanish after 2 seconds.
  await expect(alertSaying(page, STOCK_MESSAGES.updated)).toBeHidden({ timeout: 3_000 });

  await page.getByRole('link', { name: 'Back to Stock Management' }).click();
  const edited = page.getByRole('row').filter({ hasText: 'Hex Bolts M8' });
  await expect(edited).toContainText('$13.75');
  await expect(edited).toContainText('2.00 kg');

  // docs/product/screens.md#low-stock-warning: one item is 5 or fewer, so the warning comes within
  // 5 seconds and goes after 3.
  const warning = alertSaying(page, 'Low Stocks Level');
  await expect(warning).toBeVisible({ timeout: 6_000 });
  await snapshot(page, 'stock-management-low-stock');
  await expect(warning).toBeHidden({ timeout: 4_000 });

  await edited.getByRole('button', { name: 'Delete Hex Bolts M8' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Stock' });
  await expect(confirm).toContainText('Are you sure you want to delete Hex Bolts M8?');
  await snapshot(page, 'stock-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(alertSaying(page, STOCK_MESSAGES.deleted)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Hex Bolts M8' })).toHaveCount(0);
  await expect(page.getByText('No stock items yet.')).toBeVisible();
  expect(problems).toEqual([]);
});

test('the table sorts and searches, and a missing item reads Stock not found', async ({ page }) => {
  await signUpAndLogIn(page, 'Inventory Manager', 'Sorted Sam');
  await page.goto('/dashboard/stock-management/addStock');
  await addStockThroughUi(page, { name: 'Washers', price: '0.20', quantity: '5000', weight: '0.01' });
  await addStockThroughUi(page, { name: 'Anchors', price: '99.99', quantity: '12', weight: '8.5' });
  await addStockThroughUi(page, { name: 'Rivets', price: '3', quantity: '900', weight: '0.75' });
  await page.getByRole('link', { name: 'Back to Stock Management' }).click();

  const names = page.getByRole('row').locator('td:nth-child(2)');
  await expect(names).toHaveText(['Washers', 'Anchors', 'Rivets']);
  await page.getByRole('button', { name: 'Price' }).click();
  await expect(page.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(names).toHaveText(['Washers', 'Rivets', 'Anchors']);
  await page.getByRole('button', { name: 'Price' }).click();
  await expect(names).toHaveText(['Anchors', 'Rivets', 'Washers']);
  await page.getByRole('searchbox', { name: 'Search stock' }).fill('riv');
  await expect(names).toHaveText(['Rivets']);
  await snapshot(page, 'stock-management-search');

  await page.goto('/dashboard/stock-management/updateStock/999999');
  await expect(page.getByText('Stock not found')).toBeVisible();
  await snapshot(page, 'update-stock-not-found');
  await page.getByRole('link', { name: 'Back to Stock Management' }).click();
  await expect(page).toHaveURL(/\/dashboard\/stock-management$/);
});

test('@phone stock screens fit a phone screen', async ({ page }) => {
  await signUpAndLogIn(page, 'Inventory Manager', 'Pocket Pat');
  await openFromSidebar(page, 'Stock Management');
  await page.getByRole('link', { name: 'Add Stock' }).click();
  await addStockThroughUi(page, {
    name: 'Galvanised carriage bolts with square necks',
    price: '1234567.89',
    quantity: '1000000',
    weight: '12345.67',
  });
  await snapshot(page, 'add-stock-phone');
  await expectNoHorizontalScroll(page);

  await page.getByRole('link', { name: 'Back to Stock Management' }).click();
  // Below the 'sm' breakpoint the table becomes a list of cards.
  const card = page.getByRole('list', { name: 'Stock items' }).getByRole('listitem');
  await expect(card).toContainText('Galvanised carriage bolts with square necks');
  await expect(card).toContainText('$1,234,567.89');
  await expect(card).toContainText('12,345.67 kg');
  await expectNoHorizontalScroll(page);
  await snapshot(page, 'stock-management-phone');
  await expect(page.getByRole('alert').filter({ hasText: 'Low Stocks Level' })).toBeVisible({
    timeout: 6_000,
  });
  await snapshot(page, 'stock-management-phone-low-stock');

  await page.getByRole('link', { name: /^Edit Galvanised/ }).click();
  await expect(page.getByRole('heading', { name: 'Update Stock' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await snapshot(page, 'update-stock-phone');
});
