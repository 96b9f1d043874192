import { SUPPLIER_PRODUCT_MESSAGES, SUPPLY_ORDER_MESSAGES } from '@depot/contract';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
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

/** A short random tag, so names stay unique in the shared e2e database. */
const tag = () => Math.random().toString(36).slice(2, 7);

/** Registers and logs in through the API: the setup a test is not about. */
async function apiSession(request: APIRequestContext, role: 'Supplier' | 'Inventory Manager', name: string) {
  const email = uniqueEmail(role.replace(' ', '-').toLowerCase());
  const registered = await request.post('/auth/register', {
    data: { role, name, email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  expect((await request.post('/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return email;
}

async function addProductThroughApi(
  request: APIRequestContext,
  product: { name: string; price: number; weight: number; quantity: number },
) {
  expect((await request.post('/api/stock-replenishment/products', { data: product })).status()).toBe(201);
}

async function addProductThroughUi(
  page: Page,
  product: { name: string; price: string; weight: string; quantity: string },
) {
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(product.name);
  await dialog.getByRole('spinbutton', { name: 'Price' }).fill(product.price);
  await dialog.getByRole('spinbutton', { name: 'Weight' }).fill(product.weight);
  await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill(product.quantity);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(SUPPLIER_PRODUCT_MESSAGES.added).last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function chooseSupplier(page: Page, name: string) {
  const select = page.getByRole('combobox', { name: 'Supplier' });
  await select.click();
  await select.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

async function addToCart(page: Page, product: string, quantity: string) {
  await page.getByRole('spinbutton', { name: `Quantity of ${product}` }).fill(quantity);
  await page.getByRole('button', { name: `Add ${product} to the cart` }).click();
}

/** The newest toast saying `text` (several may be on screen at once). */
const toastSaying = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();

async function newSupplierPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, ...options });
  return { context, page: await context.newPage() };
}

test('a supplier lists a product, a manager orders it, and the delivery lands in the manager’s stock', async ({
  page,
  browser,
}) => {
  const problems = watchForPageErrors(page);
  const suffix = tag();
  const pipe = `Copper Pipe ${suffix}`;
  const valve = `Brass Valve ${suffix}`;
  const supplierName = `Sunita Supplies ${suffix}`;
  const otherSupplierName = `Other Supplies ${suffix}`;

  // The supplier works in Kolkata: the expected delivery they type is Indian time.
  const supplier = await newSupplierPage(browser, { timezoneId: 'Asia/Kolkata' });
  const supplierProblems = watchForPageErrors(supplier.page);
  await signUpAndLogIn(supplier.page, 'Supplier', supplierName);
  await openFromSidebar(supplier.page, 'Products');
  await expect(supplier.page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await expect(supplier.page.getByText('No products yet.')).toBeVisible();
  await supplier.page.getByRole('button', { name: 'Add Product' }).click();
  await supplier.page
    .getByRole('dialog', { name: 'Add Product' })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(supplier.page.getByText(SUPPLIER_PRODUCT_MESSAGES.nameRequired)).toBeVisible();
  await expect(supplier.page.getByText('Price is required')).toBeVisible();
  await snapshot(supplier.page, 'supply-product-dialog-required');
  await supplier.page.getByRole('button', { name: 'Cancel' }).click();
  await addProductThroughUi(supplier.page, { name: pipe, price: '12.50', weight: '1.25', quantity: '40' });
  await addProductThroughUi(supplier.page, { name: valve, price: '3.20', weight: '0.4', quantity: '10' });
  const pipeRow = supplier.page.getByRole('row').filter({ hasText: pipe });
  await expect(pipeRow).toContainText('$12.50');
  // The Weight (kg) header names the unit; the cell holds the number.
  await expect(pipeRow.getByRole('cell').nth(3)).toHaveText('1.25');
  await expect(pipeRow.getByRole('cell').nth(4)).toHaveText('40');
  await snapshot(supplier.page, 'supply-products');

  await openFromSidebar(supplier.page, 'Supply Orders');
  await expect(supplier.page.getByText(SUPPLY_ORDER_MESSAGES.noSupplyOrders)).toBeVisible();

  // A second supplier, set up through the API, to switch to.
  const otherSupplier = await browser.newContext({ baseURL: E2E_BASE_URL });
  await apiSession(otherSupplier.request, 'Supplier', otherSupplierName);
  await addProductThroughApi(otherSupplier.request, {
    name: `Steel Rod ${suffix}`,
    price: 7,
    weight: 3,
    quantity: 5,
  });

  await signUpAndLogIn(page, 'Inventory Manager', 'Manny Manager');
  // Stock the manager already holds under the same name in other letters: a delivery adds to it.
  expect(
    (
      await page.request.post('/api/stocks', {
        data: { name: pipe.toLowerCase(), price: 15, quantity: 5, weight: 1.25 },
      })
    ).status(),
  ).toBe(201);
  await openFromSidebar(page, 'My Orders');
  await expect(page.getByText(SUPPLY_ORDER_MESSAGES.noSupplyOrders)).toBeVisible();

  await openFromSidebar(page, 'Stock Replenishment');
  await expect(page.getByRole('heading', { name: 'Stock Replenishment' })).toBeVisible();
  await chooseSupplier(page, supplierName);
  const pipeOffer = page.getByRole('row').filter({ hasText: pipe });
  await expect(pipeOffer).toContainText('$12.50');
  await expect(pipeOffer.getByRole('cell').nth(3)).toHaveText('40');
  await snapshot(page, 'stock-replenishment');

  await addToCart(page, pipe, '0');
  await expect(toastSaying(page, SUPPLY_ORDER_MESSAGES.invalidQuantity)).toBeVisible();
  await addToCart(page, pipe, '41');
  await expect(toastSaying(page, SUPPLY_ORDER_MESSAGES.invalidQuantity)).toBeVisible();
  await addToCart(page, pipe, '4');
  await expect(toastSaying(page, `Added 4 of ${pipe} to the cart.`)).toBeVisible();
  // Already in the cart: it cannot be added again.
  await expect(page.getByRole('button', { name: `${pipe} is in the cart` })).toBeDisabled();
  await expect(page.getByRole('button', { name: `Add ${pipe} to the cart` })).toHaveCount(0);
  await addToCart(page, valve, '2');
  await expect(toastSaying(page, `Added 2 of ${valve} to the cart.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Cart (2)' })).toBeVisible();
  await snapshot(page, 'stock-replenishment-in-cart');

  await page.getByRole('button', { name: 'View Cart (2)' }).click();
  const cart = page.getByRole('dialog', { name: 'Cart' });
  await expect(cart.getByRole('row').filter({ hasText: pipe })).toContainText('$50.00');
  await expect(cart).toContainText('Total: 6 items, $56.40');
  await snapshot(page, 'replenishment-cart');
  await cart.getByRole('button', { name: `Remove ${valve}` }).click();
  await expect(toastSaying(page, SUPPLY_ORDER_MESSAGES.removedFromCart)).toBeVisible();
  await expect(cart.getByRole('row').filter({ hasText: valve })).toHaveCount(0);
  await cart.getByRole('button', { name: 'Place Order' }).click();
  await expect(toastSaying(page, SUPPLY_ORDER_MESSAGES.addressAndMobileRequired)).toBeVisible();
  await cart.getByRole('button', { name: 'Close', exact: true }).click();

  // Another supplier empties the cart.
  await chooseSupplier(page, otherSupplierName);
  await expect(page.getByRole('row').filter({ hasText: `Steel Rod ${suffix}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Cart (0)' })).toBeVisible();
  await page.getByRole('button', { name: 'View Cart (0)' }).click();
  await expect(cart.getByText(SUPPLY_ORDER_MESSAGES.emptyCart)).toBeVisible();
  await page.getByRole('textbox', { name: 'Address' }).fill('4 Warehouse Row, Pune');
  await cart.getByRole('button', { name: 'Place Order' }).click();
  await expect(toastSaying(page, SUPPLY_ORDER_MESSAGES.addressAndMobileRequired)).toBeVisible();
  await cart.getByRole('button', { name: 'Close', exact: true }).click();

  await page.getByRole('textbox', { name: 'Mobile Number' }).fill('+91 98765 43210');
  await chooseSupplier(page, supplierName);
  await page.getByRole('button', { name: 'View Cart (0)' }).click();
  await cart.getByRole('button', { name: 'Place Order' }).click();
  await expect(toastSaying(page, SUPPLY_ORDER_MESSAGES.cartRequired)).toBeVisible();
  await cart.getByRole('button', { name: 'Close', exact: true }).click();
  await addToCart(page, pipe, '4');
  await page.getByRole('button', { name: 'View Cart (1)' }).click();
  await cart.getByRole('button', { name: 'Place Order' }).click();
  await expect(toastSaying(page, SUPPLY_ORDER_MESSAGES.placed)).toBeVisible();
  await expect(cart).toBeHidden();
  await expect(page.getByRole('button', { name: 'View Cart (0)' })).toBeVisible();
  await expect(pipeOffer.getByRole('cell').nth(3)).toHaveText('36');

  await openFromSidebar(page, 'My Orders');
  const managerRow = page.getByRole('row').filter({ hasText: pipe });
  await expect(managerRow).toContainText(`${pipe} × 4`);
  await expect(managerRow).toContainText('$50.00');
  await expect(managerRow).toContainText('4 Warehouse Row, Pune');
  await expect(managerRow).toContainText('+91 98765 43210');
  await expect(managerRow).toContainText('Order Received');
  await expect(managerRow).toContainText(SUPPLY_ORDER_MESSAGES.waitingForUpdate);
  await expect(page.getByRole('columnheader', { name: 'Action' })).toHaveCount(0);
  await snapshot(page, 'my-orders');

  // The supplier sees the order and moves it along.
  await supplier.page.reload();
  const supplyRow = supplier.page.getByRole('row').filter({ hasText: pipe });
  await expect(supplyRow).toContainText('Order Received');
  await expect(supplyRow).toContainText('$50.00');
  await snapshot(supplier.page, 'supply-orders');
  await supplyRow.getByRole('button', { name: /^Update order/ }).click();
  const update = supplier.page.getByRole('dialog', { name: /^Update Order/ });
  await expect(update.getByRole('combobox', { name: 'Status' })).toHaveValue('Order Received');
  await update.getByRole('button', { name: 'Update' }).click();
  await expect(update.getByText(SUPPLY_ORDER_MESSAGES.nothingToUpdate)).toBeVisible();
  await update.getByRole('combobox', { name: 'Status' }).selectOption('In Transit');
  await update.getByLabel('Expected Delivery').fill('2026-12-01T14:30');
  await snapshot(supplier.page, 'supply-order-update-dialog');
  await update.getByRole('button', { name: 'Update' }).click();
  await expect(toastSaying(supplier.page, SUPPLY_ORDER_MESSAGES.updated)).toBeVisible();
  await expect(update).toBeHidden();
  await expect(supplyRow).toContainText('In Transit');
  await expect(supplyRow).toContainText('01/12/2026, 14:30');

  // The manager's open page follows live, without a reload; 14:30 in Kolkata is 09:00 UTC, the manager's zone.
  await expect(managerRow).toContainText('In Transit', { timeout: 3_000 });
  await expect(managerRow).toContainText('01/12/2026, 09:00');

  await supplyRow.getByRole('button', { name: /^Update order/ }).click();
  await expect(update.getByRole('combobox', { name: 'Status' })).toHaveValue('In Transit');
  await update.getByRole('combobox', { name: 'Status' }).selectOption('Delivered');
  await update.getByRole('button', { name: 'Update' }).click();
  await expect(toastSaying(supplier.page, SUPPLY_ORDER_MESSAGES.updated)).toBeVisible();
  await expect(supplyRow).toContainText('Delivered');
  await expect(supplyRow.getByRole('button', { name: /^Update order/ })).toBeDisabled();
  await snapshot(supplier.page, 'supply-orders-delivered');

  await expect(managerRow).toContainText('Delivered', { timeout: 3_000 });
  await snapshot(page, 'my-orders-delivered');
  await openFromSidebar(page, 'Stock Management');
  const stockRow = page.getByRole('row').filter({ hasText: pipe.toLowerCase() });
  await expect(stockRow.getByRole('cell').nth(3)).toHaveText('9');
  await expect(stockRow).toContainText('$15.00');
  await snapshot(page, 'stock-after-delivery');

  expect(problems).toEqual([]);
  expect(supplierProblems).toEqual([]);
  await otherSupplier.close();
  await supplier.context.close();
});

test('@phone the supplier and replenishment screens fit a phone screen', async ({ page, browser }) => {
  const suffix = tag();
  const product = `Long-handled Industrial Pipe Wrench ${suffix}`;
  const supplierName = `Pocket Supplies ${suffix}`;
  const phone = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

  const supplier = await newSupplierPage(browser, phone);
  const email = await apiSession(supplier.context.request, 'Supplier', supplierName);
  await addProductThroughApi(supplier.context.request, {
    name: product,
    price: 1234.5,
    weight: 2.75,
    quantity: 12,
  });

  await signUpAndLogIn(page, 'Inventory Manager', 'Pocket Manager');
  await openFromSidebar(page, 'Stock Replenishment');
  await page
    .getByRole('textbox', { name: 'Address' })
    .fill('Unit 14, Riverside Business Park, 220 Canal Road');
  await page.getByRole('textbox', { name: 'Mobile Number' }).fill('+1 (555) 010-0199');
  await chooseSupplier(page, supplierName);
  const card = page
    .getByRole('list', { name: 'Products' })
    .getByRole('listitem')
    .filter({ hasText: product });
  await expect(card).toContainText('$1,234.50');
  await expectNoHorizontalScroll(page);
  await snapshot(page, 'stock-replenishment-phone');
  await addToCart(page, product, '3');
  await page.getByRole('button', { name: 'View Cart (1)' }).click();
  await expect(page.getByRole('dialog', { name: 'Cart' })).toContainText('$3,703.50');
  await expectNoHorizontalScroll(page);
  await snapshot(page, 'replenishment-cart-phone');
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Place Order' }).click();
  await expect(toastSaying(page, SUPPLY_ORDER_MESSAGES.placed)).toBeVisible();

  await openFromSidebar(page, 'My Orders');
  const order = page.getByRole('list', { name: 'Supply orders' }).getByRole('listitem').first();
  await expect(order).toContainText(SUPPLY_ORDER_MESSAGES.waitingForUpdate);
  await expectNoHorizontalScroll(page);
  await snapshot(page, 'my-orders-phone');

  await loginThroughUi(supplier.page, email);
  await expect(supplier.page.getByRole('heading', { name: "Supplier's Dashboard" })).toBeVisible();
  await openFromSidebar(supplier.page, 'Products');
  await expect(
    supplier.page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: product }),
  ).toContainText('Quantity9');
  await expectNoHorizontalScroll(supplier.page);
  await snapshot(supplier.page, 'supply-products-phone');
  await supplier.page.getByRole('button', { name: 'Add Product' }).click();
  await expectNoHorizontalScroll(supplier.page);
  await snapshot(supplier.page, 'supply-product-dialog-phone');
  await supplier.page.getByRole('button', { name: 'Cancel' }).click();

  await openFromSidebar(supplier.page, 'Supply Orders');
  const supplyCard = supplier.page.getByRole('list', { name: 'Supply orders' }).getByRole('listitem').first();
  await expect(supplyCard).toContainText('$3,703.50');
  await expectNoHorizontalScroll(supplier.page);
  await snapshot(supplier.page, 'supply-orders-phone');
  await supplyCard.getByRole('button', { name: /^Update order/ }).click();
  await expect(supplier.page.getByRole('dialog', { name: /^Update Order/ })).toBeVisible();
  await expectNoHorizontalScroll(supplier.page);
  await snapshot(supplier.page, 'supply-order-update-dialog-phone');
  await supplier.context.close();
});
