import { expect, type Page, test } from '@playwright/test';
import {
  DEMO_COURIERS,
  DEMO_CUSTOMERS,
  DEMO_MANAGERS,
  DEMO_SUPPLIERS,
} from '../apps/server/src/demo/demo-business';
import { logInAsDemo, ScreenChecks } from './support/screen-checks';

// Every screen and dialog of every role, on the seeded demo business: axe finds no serious or
// critical WCAG 2.1 A/AA violation in light or dark, and nothing scrolls sideways at 375 or 1280 px.

const manager = DEMO_MANAGERS[0]?.name ?? '';
const supplier = DEMO_SUPPLIERS[0]?.name ?? '';
const courier = DEMO_COURIERS[0]?.name ?? '';
const customer = DEMO_CUSTOMERS[0]?.name ?? '';

const heading = (page: Page, name: string) => () => page.getByRole('heading', { name, exact: true });
const dialog = (page: Page, name: string) => () => page.getByRole('dialog', { name });

/** Opens a screen's dialog with `open`, checks it, and closes it with Escape. */
async function checkDialog(checks: ScreenChecks, page: Page, name: string, open: () => Promise<void>) {
  await open();
  await checks.check(`${name} dialog`, dialog(page, name), { dialog: true });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('the public screens and the sign-in dialogs', async ({ page }) => {
  const checks = new ScreenChecks(page);
  await page.goto('/');
  await checks.check('Landing page', () => page.getByRole('button', { name: 'Sign In/Register' }));

  await checkDialog(checks, page, 'Register', () =>
    page.getByRole('button', { name: 'Sign In/Register' }).click(),
  );
  await checkDialog(checks, page, 'Login', () =>
    page.getByRole('button', { name: 'Login', exact: true }).click(),
  );
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await checks.check('Forgot Password dialog', dialog(page, 'Forgot Password'), { dialog: true });
  await page.keyboard.press('Escape');

  await page.goto('/reset-password/not-a-real-token');
  await checks.check('Reset password page', () => page.getByRole('textbox', { name: 'New Password' }));

  await page.goto('/no-such-page');
  await checks.check('Not found page', heading(page, 'Page not found'));
  checks.expectNoProblems();
});

test("the Inventory Manager's reports and suppliers", async ({ page }) => {
  const checks = new ScreenChecks(page);
  await logInAsDemo(page, manager, 'Inventory Manager');

  await page.goto('/dashboard/overview');
  await checks.check('Inventory Reporting', heading(page, 'Order Volume Trends'));

  await page.goto('/dashboard/suppliers');
  const firstSupplier = DEMO_SUPPLIERS.find((s) => s.openedBy === manager)?.name ?? '';
  await checks.check('Suppliers Management', () => page.getByText(firstSupplier).first());
  await checkDialog(checks, page, 'Add Supplier', () =>
    page.getByRole('button', { name: 'Add Supplier' }).click(),
  );
  await checkDialog(checks, page, 'Edit Supplier', () =>
    page
      .getByRole('button', { name: `Edit ${firstSupplier}` })
      .first()
      .click(),
  );
  await checkDialog(checks, page, 'Delete Supplier', () =>
    page
      .getByRole('button', { name: `Delete ${firstSupplier}` })
      .first()
      .click(),
  );

  checks.expectNoProblems();
});

// The manager has the most screens: two tests, so the two workers share them.
test("the Inventory Manager's stock, replenishment and orders", async ({ page }) => {
  const checks = new ScreenChecks(page);
  await logInAsDemo(page, manager, 'Inventory Manager');
  const firstSupplier = DEMO_SUPPLIERS.find((s) => s.openedBy === manager)?.name ?? '';

  const item = DEMO_MANAGERS[0]?.stock[0]?.[0] ?? '';
  await page.goto('/dashboard/stock-management');
  await checks.check('Stock Management', () => page.getByText(item).first());
  await checkDialog(checks, page, 'Delete Stock', () =>
    page
      .getByRole('button', { name: `Delete ${item}` })
      .first()
      .click(),
  );
  await page
    .getByRole('link', { name: `Edit ${item}` })
    .first()
    .click();
  await checks.check('Update Stock', () => page.getByRole('textbox', { name: /name/i }).first());

  await page.goto('/dashboard/stock-management/addStock');
  await checks.check('Add Stock', heading(page, 'Add Stock'));

  await page.goto('/dashboard/stock-replenishment');
  await checks.check('Stock Replenishment', heading(page, 'Stock Replenishment'));
  await page.getByRole('combobox', { name: 'Supplier' }).click();
  await page.getByRole('option', { name: firstSupplier, exact: true }).click();
  const addToCart = page.getByRole('button', { name: /^Add .* to the cart$/ }).first();
  await checks.check('Stock Replenishment with a supplier chosen', () => addToCart);
  await addToCart.click();
  await checkDialog(checks, page, 'Cart', () => page.getByRole('button', { name: /View Cart/ }).click());

  await page.goto('/dashboard/my-orders');
  await checks.check('My Orders', heading(page, 'My Orders'));
  const update = page.getByRole('button', { name: /^Update order \d+$/, disabled: false }).first();
  if (await update.isVisible()) {
    const orderId = (await update.getAttribute('aria-label'))?.replace('Update order ', '');
    await checkDialog(checks, page, `Update Order ${orderId}`, () => update.click());
  }

  await page.goto('/dashboard/activity');
  await checks.check('Activity', heading(page, 'Activity'));
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await checks.check('Account menu', () => page.getByRole('menuitem', { name: 'Log out on every device' }));
  await page.keyboard.press('Escape');
  checks.expectNoProblems();
});

test("the Supplier's screens and dialogs", async ({ page }) => {
  const checks = new ScreenChecks(page);
  await logInAsDemo(page, supplier, 'Supplier');

  await page.goto('/dashboard/overview');
  await checks.check('Supplier overview', heading(page, 'Overview'));

  const product = DEMO_SUPPLIERS[0]?.catalogue[0]?.[0] ?? '';
  await page.goto('/dashboard/supply-products');
  await checks.check('Supply Products', () => page.getByText(product).first());
  await checkDialog(checks, page, 'Add Product', () =>
    page.getByRole('button', { name: 'Add Product' }).click(),
  );
  await checkDialog(checks, page, 'Edit Product', () =>
    page
      .getByRole('button', { name: `Edit ${product}` })
      .first()
      .click(),
  );

  await page.goto('/dashboard/supply-orders');
  const update = page.getByRole('button', { name: /^Update order \d+$/, disabled: false }).first();
  await checks.check('Supply Orders', () => update);
  const orderId = (await update.getAttribute('aria-label'))?.replace('Update order ', '');
  await checkDialog(checks, page, `Update Order ${orderId}`, () => update.click());
  checks.expectNoProblems();
});

test("the Courier Service's screens and dialogs", async ({ page }) => {
  const checks = new ScreenChecks(page);
  await logInAsDemo(page, courier, 'Courier Service');

  await page.goto('/dashboard/overview');
  await checks.check('Courier overview', heading(page, 'Overview'));

  await page.goto('/dashboard/couriers');
  const update = page.getByRole('button', { name: /^Update status of order \d+$/ }).first();
  await checks.check('Courier Service orders', () => update);
  await checkDialog(checks, page, 'Update Order Status', () => update.click());
  checks.expectNoProblems();
});

test("the Customer's screens, from products to a placed order", async ({ page }) => {
  const checks = new ScreenChecks(page);
  await logInAsDemo(page, customer, 'Customer');

  await page.goto('/dashboard/overview');
  await checks.check('Customer overview', heading(page, 'Overview'));

  await page.goto('/dashboard/notifications');
  await checks.check('Notifications', () => page.getByRole('list', { name: 'Notifications' }));

  const product = DEMO_MANAGERS[0]?.stock[0]?.[0] ?? '';
  await page.goto('/dashboard/products');
  const quantity = page.getByRole('spinbutton', { name: `Quantity to order of ${product}` }).first();
  await checks.check('Products', () => quantity);
  await quantity.fill('1');
  await page.getByRole('textbox', { name: 'Delivery Address' }).fill('12 Janpath Road, New Delhi');
  await page.getByRole('textbox', { name: 'Pin Code' }).fill('110001');
  await page.getByRole('textbox', { name: 'Phone Number' }).fill('+91 98765 43210');
  await page.getByRole('combobox', { name: 'Location Type' }).selectOption('urban');
  await page.getByRole('combobox', { name: 'Courier Service' }).selectOption({ label: courier });
  await page.getByRole('button', { name: 'Place Order' }).click();

  await checks.check('Order Preview', () => page.getByRole('button', { name: 'Confirm Order' }));
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await checks.check('Confirm Order', heading(page, 'Order Placed Successfully!'));
  checks.expectNoProblems();
});
