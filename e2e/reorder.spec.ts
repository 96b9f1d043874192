import { mkdirSync } from 'node:fs';
import { REORDER_MESSAGES, SUPPLY_ORDER_MESSAGES } from '@depot/contract';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_MANAGERS, DEMO_PASSWORD, demoEmail } from '../apps/server/src/demo/demo-business';
import {
  expectNoHorizontalScroll,
  loginThroughUi,
  openFromSidebar,
  watchForPageErrors,
} from './support/helpers';

/** Screenshots for review go outside the repository. */
const SHOTS = '/tmp/shots-reorder';
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('a demo manager goes from a low item to a placed supply order in two clicks', async ({ page }) => {
  const problems = watchForPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginThroughUi(page, demoEmail(DEMO_MANAGERS[0]?.name ?? ''), DEMO_PASSWORD);
  await openFromSidebar(page, 'Reorder Suggestions');
  await expect(page.getByRole('heading', { name: 'Reorder Suggestions' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Reorder suggestions' }).first()).toBeVisible();
  await expect(page.getByText('in draft').first()).toBeVisible();
  await shoot(page, 'reorder-desktop');

  // The rule dialog, from an item's name.
  await page.getByRole('table', { name: 'Reorder suggestions' }).first().getByRole('button').first().click();
  const dialog = page.getByRole('dialog', { name: 'Reorder rule' });
  await expect(dialog.getByText(/Suggested:/)).toBeVisible();
  await shoot(page, 'reorder-rule-dialog-desktop');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Click 1: Create drafts. Click 2: Place order on a draft.
  await page.getByRole('button', { name: 'Create drafts' }).click();
  await expect(page.getByRole('alert').filter({ hasText: REORDER_MESSAGES.draftsCreated })).toBeVisible();
  const draft = page.getByRole('region', { name: /^Draft for / }).first();
  await draft.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: SUPPLY_ORDER_MESSAGES.placed })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await shoot(page, 'reorder-phone');
  await page.setViewportSize({ width: 1024, height: 768 });
  await expectNoHorizontalScroll(page);
  await shoot(page, 'reorder-1024');

  await openFromSidebar(page, 'Stock Management');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('button', { name: /^Reorder rule of / }).first()).toBeVisible();
  await shoot(page, 'stock-management-desktop');
  await page
    .getByRole('button', { name: /^Reorder rule of / })
    .first()
    .click();
  await expect(
    page.getByRole('dialog', { name: 'Reorder rule' }).getByRole('button', { name: 'Save rule' }),
  ).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, 'reorder-rule-dialog-phone');
  expect(problems).toEqual([]);
});
