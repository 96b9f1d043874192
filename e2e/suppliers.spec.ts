import { SUPPLIER_MESSAGES } from '@depot/contract';
import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from './support/environment';
import {
  expectNoHorizontalScroll,
  loginThroughUi,
  openFromSidebar,
  PASSWORD,
  signUpAndLogIn,
  snapshot,
  uniqueEmail,
  watchForPageErrors,
} from './support/helpers';

const SUPPLIER_OWN_PASSWORD = 'harbour-lantern-quartz-31';

test('a manager adds, edits and deletes a supplier, who can log in until deleted', async ({
  page,
  browser,
}) => {
  const problems = watchForPageErrors(page);
  await signUpAndLogIn(page, 'Inventory Manager', 'Sully Suppliers');
  await openFromSidebar(page, 'Suppliers Management');
  await expect(page.getByRole('heading', { name: 'Suppliers Management' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Supplier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Supplier' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  for (const message of [
    SUPPLIER_MESSAGES.nameRequired,
    SUPPLIER_MESSAGES.emailRequired,
    SUPPLIER_MESSAGES.phoneRequired,
    SUPPLIER_MESSAGES.addressRequired,
    SUPPLIER_MESSAGES.passwordRequired,
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await snapshot(page, 'supplier-dialog-required');

  const name = `Nova Freight ${Date.now().toString(36)}`;
  const email = uniqueEmail('nova');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Phone Number' }).fill('+44 20 7946 0958');
  await dialog.getByRole('textbox', { name: 'Address' }).fill('5 Dock Street, Bristol');
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await snapshot(page, 'supplier-dialog-add');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(SUPPLIER_MESSAGES.added)).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(email);
  await expect(row).toContainText('+44 20 7946 0958');
  await snapshot(page, 'suppliers-page');
  await page.getByRole('searchbox', { name: 'Search suppliers' }).fill(name);
  await expect(page.getByRole('row')).toHaveCount(2);
  await snapshot(page, 'suppliers-page-search');

  const supplierContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const supplierPage = await supplierContext.newPage();
  await loginThroughUi(supplierPage, email);
  // The password the manager typed is one-time: the supplier chooses their own first.
  await expect(supplierPage.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await snapshot(supplierPage, 'supplier-first-login');
  await supplierPage.getByLabel('One-time Password').fill(PASSWORD);
  await supplierPage.getByLabel('New Password', { exact: true }).fill(SUPPLIER_OWN_PASSWORD);
  await supplierPage.getByLabel('Confirm New Password').fill(SUPPLIER_OWN_PASSWORD);
  await supplierPage.getByRole('button', { name: 'Save My Password' }).click();
  await expect(supplierPage.getByRole('heading', { name: "Supplier's Dashboard" })).toBeVisible();

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Supplier' });
  await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expect(edit.getByRole('textbox', { name: 'Password' })).toHaveCount(0);
  // The login email is the supplier's own: shown, not editable.
  await expect(edit.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expect(edit.getByRole('textbox', { name: 'Email' })).not.toBeEditable();
  await edit.getByRole('textbox', { name: 'Phone Number' }).fill('+44 117 496 0000');
  await edit.getByRole('textbox', { name: 'Address' }).fill('12 Harbour Side, Bristol');
  await snapshot(page, 'supplier-dialog-edit');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(SUPPLIER_MESSAGES.updated)).toBeVisible();
  await expect(row).toContainText('+44 117 496 0000');
  await expect(row).toContainText('12 Harbour Side, Bristol');

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Supplier' });
  await expect(confirm).toContainText(`Are you sure you want to delete ${name}?`);
  await snapshot(page, 'supplier-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(SUPPLIER_MESSAGES.deleted)).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Suppliers Management' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Supplier' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  expect(problems).toEqual([]);

  // Deleting the account ended its session and its login.
  await supplierPage.reload();
  await expect(supplierPage).toHaveURL(/\/(\?.*)?$/);
  await loginThroughUi(supplierPage, email, SUPPLIER_OWN_PASSWORD);
  await expect(supplierPage.getByText('Invalid email or password')).toBeVisible();
  await supplierContext.close();
});

test('@phone the suppliers screen and its dialog fit a phone screen', async ({ page }) => {
  await signUpAndLogIn(page, 'Inventory Manager', 'Pocket Paz');
  await openFromSidebar(page, 'Suppliers Management');
  await page.getByRole('button', { name: 'Add Supplier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Supplier' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Longwood Industrial Fasteners and Fixings');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('longwood-industrial'));
  await dialog.getByRole('textbox', { name: 'Phone Number' }).fill('+1 (555) 010-0199');
  await dialog
    .getByRole('textbox', { name: 'Address' })
    .fill('Unit 14, Riverside Business Park, 220 Canal Road');
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await snapshot(page, 'supplier-dialog-phone');
  await expectNoHorizontalScroll(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(SUPPLIER_MESSAGES.added)).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('list', { name: 'Suppliers' }).getByRole('listitem').filter({
    hasText: 'Longwood Industrial',
  });
  await expect(card).toContainText('Unit 14, Riverside Business Park');
  await expect(
    card.getByRole('button', { name: 'Edit Longwood Industrial Fasteners and Fixings' }),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);
  await snapshot(page, 'suppliers-page-phone');
});
