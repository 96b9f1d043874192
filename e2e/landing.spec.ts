import { expect, test } from '@playwright/test';
import { snapshot } from './support/helpers';

test('the landing page loads with no console errors or CSP violations', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In/Register' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await snapshot(page, 'landing');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await snapshot(page, 'login-modal');
  expect(problems).toEqual([]);
});

test('Alt+T moves focus to the notifications region', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill('someone@example.com');
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password-123');
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.locator('.Toastify').getByText('Invalid email or password')).toBeVisible();
  await page.keyboard.press('Escape');
  // Closing the dialog gives focus back to its opener; only then is Alt+T a fair test.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeFocused();
  await page.keyboard.press('Alt+t');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('.Toastify') !== null))
    .toBe(true);
});
