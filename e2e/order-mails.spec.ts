import { mkdirSync } from 'node:fs';
import { ACCOUNT_MESSAGES } from '@depot/contract';
import { expect, test } from '@playwright/test';
import {
  expectNoHorizontalScroll,
  openAccountPage,
  signUpAndLogIn,
  watchForPageErrors,
} from './support/helpers';

const SHOTS = '/tmp/shots-mail';

test('a customer turns the mails about their orders off and on from the Account page', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  const problems = watchForPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpAndLogIn(page, 'Customer', 'Mira Mails');
  await openAccountPage(page);
  const section = page.getByRole('region', { name: 'Order mails' });
  const toggle = section.getByRole('switch', { name: 'Mail me when my orders change' });
  await expect(toggle).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/account-desktop.png`, fullPage: true, animations: 'disabled' });

  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(ACCOUNT_MESSAGES.orderMailsOff)).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(section.getByRole('switch', { name: 'Mail me when my orders change' })).not.toBeChecked();

  for (const width of [1024, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await expectNoHorizontalScroll(page);
  }
  await page.screenshot({ path: `${SHOTS}/account-phone.png`, fullPage: true, animations: 'disabled' });
  await section.getByRole('switch', { name: 'Mail me when my orders change' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.orderMailsOn)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/account-phone-toast.png`, animations: 'disabled' });
  expect(problems).toEqual([]);
});
