import { ACCOUNT_MESSAGES } from '@depot/contract';
import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from './support/environment';
import {
  expectNoHorizontalScroll,
  loggedInPage,
  loginThroughUi,
  openAccountPage,
  openFromSidebar,
  PASSWORD,
  signUpAndLogIn,
  snapshot,
  uniqueEmail,
  waitForMailedLink,
  watchForPageErrors,
} from './support/helpers';

test('a user renames themselves, changes their email through the mailed link, and their password', async ({
  page,
  browser,
}) => {
  const problems = watchForPageErrors(page);
  const email = await signUpAndLogIn(page, 'Customer', 'Ada Account');
  // A second device, which the password change logs out.
  const phone = await browser.newContext({ baseURL: E2E_BASE_URL });
  const phonePage = await phone.newPage();
  await loginThroughUi(phonePage, email);
  await expect(phonePage.getByRole('heading', { name: "Customer's Dashboard" })).toBeVisible();

  await openAccountPage(page);
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This device')).toHaveCount(1);
  await snapshot(page, 'account-page');

  const nameSection = page.getByRole('region', { name: 'Name' });
  await nameSection.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
  const renamed = page.waitForResponse((response) => response.url().endsWith('/api/account'));
  await nameSection.getByRole('button', { name: 'Save Name' }).click();
  expect((await renamed).status()).toBe(200);
  await expect(page.getByText(ACCOUNT_MESSAGES.nameChanged)).toBeVisible();

  const newEmail = uniqueEmail('ada-moved');
  const emailSection = page.getByRole('region', { name: 'Email' });
  await emailSection.getByRole('textbox', { name: 'New Email' }).fill(newEmail);
  await emailSection.getByLabel('Current Password').fill(PASSWORD);
  await emailSection.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.emailChangeSent)).toBeVisible();
  await expect(emailSection.getByText(`We sent a link to ${newEmail}`)).toBeVisible();

  const link = await waitForMailedLink(newEmail, 'confirm-email');
  const confirmPage = await phone.newPage();
  await confirmPage.goto(link);
  await confirmPage.getByRole('button', { name: 'Confirm New Email' }).click();
  await expect(confirmPage.getByText(ACCOUNT_MESSAGES.emailChanged)).toBeVisible();
  await page.reload();
  await expect(page.getByText(`Logged in as ${newEmail}, Customer.`)).toBeVisible();

  const passwordSection = page.getByRole('region', { name: 'Password' });
  await passwordSection.getByLabel('Current Password').fill(PASSWORD);
  await passwordSection.getByLabel('New Password', { exact: true }).fill('quiet-harbour-lamp-64');
  await passwordSection.getByLabel('Confirm New Password').fill('quiet-harbour-lamp-64');
  await passwordSection.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.passwordChanged)).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  // The other device was logged out; the new email and password log in.
  await phonePage.reload();
  await expect(phonePage).toHaveURL(/\/(\?.*)?$/);
  await loginThroughUi(phonePage, newEmail, 'quiet-harbour-lamp-64');
  await expect(phonePage.getByRole('heading', { name: "Customer's Dashboard" })).toBeVisible();
  await phone.close();
  expect(problems).toEqual([]);
});

test('a manager deactivates and reactivates a staff account from the Team page', async ({
  page,
  browser,
}) => {
  const problems = watchForPageErrors(page);
  const courierName = `Team Courier ${Date.now().toString(36)}`;
  const courierPage = await loggedInPage(browser, page, 'Courier Service', courierName);
  await signUpAndLogIn(page, 'Inventory Manager', 'Tess Team');
  await openFromSidebar(page, 'Team');
  await expect(page.getByRole('heading', { name: 'Team' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search team' }).fill(courierName);
  const row = page.getByRole('row').filter({ hasText: courierName });
  await expect(row).toContainText('Active');
  await snapshot(page, 'team-page');

  await row.getByRole('button', { name: `Deactivate ${courierName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate account' });
  await expect(confirm).toContainText(`Deactivate ${courierName}?`);
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText(`${ACCOUNT_MESSAGES.deactivated}: ${courierName}`)).toBeVisible();
  await expect(row).toContainText('Deactivated');
  expect((await courierPage.request.get('/auth/profile')).status()).toBe(401);

  await row.getByRole('button', { name: `Reactivate ${courierName}` }).click();
  await expect(row).toContainText('Active');
  await courierPage.context().close();
  expect(problems).toEqual([]);
});

test('@phone the Account and Team pages fit a phone screen', async ({ page }) => {
  await signUpAndLogIn(page, 'Inventory Manager', 'Pocket Tess');
  await openFromSidebar(page, 'Team');
  await expect(page.getByRole('heading', { name: 'Team' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await openAccountPage(page);
  await expect(page.getByRole('list', { name: 'Active sessions' })).toBeVisible();
  await expectNoHorizontalScroll(page);
});
