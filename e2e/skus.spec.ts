import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { importMessages } from '@depot/contract';
import { expect, type Page, test } from '@playwright/test';
import { loggedInPage, suffix, watchForPageErrors } from './support/helpers';

// SKUs on screen (docs/decisions/034-skus-in-the-screens-and-exports-at-scale.md): the Stock
// Management column, the Add Stock field, and a SKU another item has refused on that field.

const SHOTS = process.env.SKU_SHOTS_DIR ?? '/tmp/shots-skus';

async function shootAtSizes(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await page.screenshot({
      path: join(SHOTS, `${name}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a manager sees SKUs on Stock Management, adds one, and is told on the field when it is taken', async ({
  browser,
  page: firstPage,
}) => {
  const tag = suffix();
  const manager = await loggedInPage(browser, firstPage, 'Inventory Manager', `Sita Sku ${tag}`);
  const problems = watchForPageErrors(manager);
  for (const [name, sku] of [
    ['Basmati rice 5 kg', 'RICE-5'],
    ['Sunflower oil 1 l', 'OIL-1'],
    ['Desk lamp', null],
  ] as const) {
    const added = await manager.request.post('/api/stocks', {
      data: { name: `${name} ${tag}`, price: 9.5, quantity: 40, weight: 1.2, sku },
    });
    expect(added.status()).toBe(201);
  }

  await manager.setViewportSize({ width: 1280, height: 800 });
  await manager.goto('/dashboard/stock-management');
  await expect(manager.getByRole('columnheader', { name: 'SKU' })).toBeVisible();
  await expect(manager.getByRole('cell', { name: 'RICE-5' })).toBeVisible();
  await shootAtSizes(manager, 'stock-management-skus');

  await manager.goto('/dashboard/stock-management/addStock');
  await manager.getByLabel('Stock Name').fill(`Basmati rice 10 kg ${tag}`);
  await manager.getByLabel('Stock Price ($)').fill('18');
  await manager.getByLabel('Stock Quantity').fill('10');
  await manager.getByLabel('Stock Weight (kg)').fill('10');
  await manager.getByLabel('SKU', { exact: true }).fill('RICE-5');
  await manager.getByRole('button', { name: 'Submit' }).click();
  const sku = manager.getByLabel('SKU', { exact: true });
  await expect(sku).toHaveAttribute('aria-invalid', 'true');
  await expect(manager.getByText(importMessages.skuTaken).first()).toBeVisible();
  await shootAtSizes(manager, 'add-stock-sku-taken');

  await sku.fill('RICE-10');
  await manager.getByRole('button', { name: 'Submit' }).click();
  await expect(manager.getByRole('alert')).toContainText('Stock added successfully');
  // The refused SKU's 409 is the one failed request, and meant.
  expect(problems.filter((problem) => !problem.includes('409 (Conflict)'))).toEqual([]);
});
