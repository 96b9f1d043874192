import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_MANAGERS } from '../apps/server/src/demo/demo-business';
import { logInAsDemo } from './support/screen-checks';

/** Presses Tab until `target` has focus, as someone without a mouse would reach it. */
async function tabTo(page: Page, target: Locator, most = 30) {
  for (let presses = 0; presses < most; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Opens a dialog with Enter, walks Tab and Shift+Tab round it, and closes it with Escape. */
async function expectDialogTrapsAndRestoresFocus(page: Page, opener: Locator, dialogName: string) {
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  const focusInDialog = () => dialog.evaluate((element) => element.contains(document.activeElement));
  await expect.poll(focusInDialog).toBe(true);
  for (const key of [...Array(12).fill('Tab'), ...Array(12).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    expect(await focusInDialog(), `focus stays in ${dialogName} after ${key}`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test('the Login dialog keeps focus inside, closes on Escape and gives focus back', async ({ page }) => {
  await page.goto('/');
  await expectDialogTrapsAndRestoresFocus(
    page,
    page.getByRole('button', { name: 'Login', exact: true }),
    'Login',
  );
});

test('a dashboard dialog keeps focus inside, closes on Escape and gives focus back', async ({ page }) => {
  await logInAsDemo(page, DEMO_MANAGERS[0]?.name ?? '', 'Inventory Manager');
  await page.goto('/dashboard/suppliers');
  const addSupplier = page.getByRole('button', { name: 'Add Supplier' });
  await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
  await expectDialogTrapsAndRestoresFocus(page, addSupplier, 'Add Supplier');
});

test('the colour scheme toggle steps through light, dark and the device, and remembers', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const scheme = () =>
    page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  await expect.poll(scheme).toBe('light');

  await page.getByRole('button', { name: /^Colour scheme: the device's/ }).click();
  await expect.poll(scheme).toBe('light');
  await page.getByRole('button', { name: /^Colour scheme: light/ }).click();
  await expect.poll(scheme).toBe('dark');

  await page.reload();
  await expect(page.getByRole('button', { name: /^Colour scheme: dark/ })).toBeVisible();
  await expect.poll(scheme).toBe('dark');

  // Back to the device's preference, which is dark now.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('button', { name: /^Colour scheme: dark/ }).click();
  await expect(page.getByRole('button', { name: /^Colour scheme: the device's/ })).toBeVisible();
  await expect.poll(scheme).toBe('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(scheme).toBe('light');
});
