import { ROLE_NAV, ROLES } from '@depot/contract';
import { expect, test } from '@playwright/test';
import {
  expectHeaderFits,
  loginThroughUi,
  PASSWORD,
  registerThroughUi,
  snapshot,
  uniqueEmail,
  waitForResetLink,
} from './support/helpers';

for (const role of ROLES) {
  test(`a ${role} registers, logs in, sees their dashboard and logs out`, async ({ page }) => {
    const email = uniqueEmail(role.replace(' ', '-').toLowerCase());
    await registerThroughUi(page, role, `${role} Person`, email);
    await expect(page.getByText('Registered Successfully')).toBeVisible();

    await loginThroughUi(page, email);
    await expect(page.getByText('Logged in Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await expect(page.getByRole('heading', { name: `${role}'s Dashboard` })).toBeVisible();

    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    const expected = ['Overview', ...ROLE_NAV[role].map((link) => link.label), 'Logout'];
    await expect(sidebar.getByRole('link')).toHaveText(expected);
    if (role === 'Inventory Manager') {
      await expect(page.getByRole('heading', { name: 'Inventory Reporting' })).toBeVisible();
    } else {
      await expect(
        page.getByText('Welcome to the overview page. Here you can see a summary of your dashboard.'),
      ).toBeVisible();
    }
    await snapshot(page, `dashboard-${role.replace(' ', '-').toLowerCase()}`);

    await sidebar.getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/(\?.*)?$/);
    await expect(page.getByRole('button', { name: 'Sign In/Register' })).toBeVisible();
    await page.goto('/dashboard/overview');
    await expect(page).toHaveURL(/\/(\?.*)?$/);
  });
}

test('a stored user is sent from / to the dashboard, and routes of other roles do not exist', async ({
  page,
}) => {
  const email = uniqueEmail('customer');
  await registerThroughUi(page, 'Customer', 'Cleo', email);
  await loginThroughUi(page, email);
  await expect(page.getByRole('heading', { name: "Customer's Dashboard" })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await page.goto('/dashboard/couriers');
  await expect(page.getByRole('heading', { name: "Customer's Dashboard" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Courier Service', exact: true })).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
});

test('a wrong password shows the login failure message', async ({ page }) => {
  await loginThroughUi(page, uniqueEmail('nobody'), 'not-the-right-password');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/(\?auth=login)?$/);
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
});

test('mismatched passwords are refused on the register form without a call', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/auth/register')) requests.push(request.url());
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In/Register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register' });
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Supplier', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Mia');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('mia'));
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await dialog.getByRole('textbox', { name: 'Confirm Password' }).fill(`${PASSWORD}x`);
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText('Passwords do not match', { exact: true })).toBeVisible();
  await snapshot(page, 'register-mismatch');
  expect(requests).toHaveLength(0);
});

test('a server refusal on register shows its message', async ({ page }) => {
  const email = uniqueEmail('dup');
  await registerThroughUi(page, 'Customer', 'First', email);
  await expect(page.getByText('Registered Successfully')).toBeVisible();
  await registerThroughUi(page, 'Customer', 'Second', email);
  await expect(page.getByText('An account with this email already exists')).toBeVisible();
});

test('forgot password sends a link that resets the password', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await registerThroughUi(page, 'Supplier', 'Fern', email);
  await expect(page.getByText('Registered Successfully')).toBeVisible();

  const login = page.getByRole('dialog', { name: 'Login' });
  await login.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
  await forgot.getByRole('textbox', { name: 'Email' }).fill(email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('If an account exists for that email, a password reset link has been sent.'),
  ).toBeVisible();

  const link = await waitForResetLink(email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New Password' }).fill('fresh-meadow-lantern-8');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('fresh-meadow-lantern-9');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match.', { exact: true })).toBeVisible();
  await snapshot(page, 'reset-password-mismatch');

  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('fresh-meadow-lantern-8');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset. You can now log in.')).toBeVisible();

  await loginThroughUi(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await loginThroughUi(page, email, 'fresh-meadow-lantern-8');
  await expect(page.getByRole('heading', { name: "Supplier's Dashboard" })).toBeVisible();

  await page.goto(link);
  await page.getByRole('textbox', { name: 'New Password' }).fill('another-meadow-lantern-1');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('another-meadow-lantern-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible();
});

test('@phone the sidebar collapses behind a menu button at phone width', async ({ page }) => {
  const email = uniqueEmail('courier');
  await registerThroughUi(page, 'Courier Service', 'Cole', email);
  await snapshot(page, 'landing-register-phone');
  await loginThroughUi(page, email);
  await expect(page.getByRole('heading', { name: "Courier Service's Dashboard" })).toBeVisible();
  const sidebarLink = page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Courier Service' });
  await expect(sidebarLink).toBeHidden();
  await expectHeaderFits(page);
  await expect(page.getByRole('button', { name: 'Account', exact: true })).not.toContainText('Account');
  await snapshot(page, 'dashboard-phone-closed');
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(sidebarLink).toBeVisible();
  await snapshot(page, 'dashboard-phone-open');
  await sidebarLink.click();
  await expect(page).toHaveURL(/\/dashboard\/couriers$/);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
});

test('@phone logging out on every device ends the session in another browser too', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('supplier');
  await registerThroughUi(page, 'Supplier', 'Sasha', email);
  await loginThroughUi(page, email);
  await expect(page.getByRole('heading', { name: "Supplier's Dashboard" })).toBeVisible();
  const otherDevice = await browser.newContext();
  try {
    const other = await otherDevice.newPage();
    await loginThroughUi(other, email);
    await expect(other.getByRole('heading', { name: "Supplier's Dashboard" })).toBeVisible();

    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Log out on every device' }).click();
    await expect(page.getByText('Logged out on every device')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In/Register' })).toBeVisible();

    // The other browser still holds its cookie and stored user; its next page load finds the session gone.
    await other.reload();
    await expect(other.getByRole('button', { name: 'Sign In/Register' })).toBeVisible();
  } finally {
    await otherDevice.close();
  }
});
