import { ORDER_MESSAGES } from '@depot/contract';
import { expect, test } from '@playwright/test';
import {
  addStockThroughApi,
  expectAlertDuring,
  expectNoHorizontalScroll,
  loggedInPage,
  openFromSidebar,
  PARCEL_PHOTO,
  snapshot,
  suffix,
  watchForPageErrors,
} from './support/helpers';

test('a customer orders through preview and confirm; the courier moves it along and the customer sees it live', async ({
  browser,
  page: firstPage,
}) => {
  const manager = await loggedInPage(browser, firstPage, 'Inventory Manager', 'Mona Manager');
  const hinges = `Steel Hinges ${suffix()}`;
  const handles = `Door Handles ${suffix()}`;
  await addStockThroughApi(manager, hinges, 4.25, 50, 0.35);
  await addStockThroughApi(manager, handles, 12, 3, 1.1);

  const courierName = `Swift Couriers ${suffix()}`;
  const courier = await loggedInPage(browser, firstPage, 'Courier Service', courierName);
  const courierProblems = watchForPageErrors(courier);
  await courier.goto('/dashboard/couriers');
  await expect(courier.getByRole('heading', { name: 'Courier Service', level: 2 })).toBeVisible();
  await expect(courier.getByText('No orders assigned to you yet.')).toBeVisible();

  const customer = await loggedInPage(browser, firstPage, 'Customer', 'Cora Customer');
  const problems = watchForPageErrors(customer);
  await customer.goto('/dashboard/overview');
  await openFromSidebar(customer, 'Products');
  await expect(customer.getByRole('heading', { name: 'Products' })).toBeVisible();
  await expect(customer.getByRole('columnheader')).toHaveText([
    'Product',
    'Price',
    'Weight',
    'Quantity Available',
    'Quantity to Order',
  ]);

  await customer.getByRole('button', { name: 'Place Order' }).click();
  await expect(customer.getByText(ORDER_MESSAGES.requiredFields)).toBeVisible();

  const hingesQuantity = customer.getByRole('spinbutton', { name: `Quantity to order of ${hinges}` });
  const handlesQuantity = customer.getByRole('spinbutton', { name: `Quantity to order of ${handles}` });
  await hingesQuantity.fill('4');
  await handlesQuantity.fill('5');
  await expect(handlesQuantity).toHaveValue('3');
  await handlesQuantity.fill('0');
  await expect(handlesQuantity).toHaveValue('');

  await customer.getByRole('textbox', { name: 'Delivery Address' }).fill('12 Janpath Road, New Delhi');
  await customer.getByRole('textbox', { name: 'Pin Code' }).fill('999999');
  await customer.getByRole('textbox', { name: 'Phone Number' }).fill('+91 98765 43210');
  await customer.getByRole('combobox', { name: 'Location Type' }).selectOption('urban');
  await customer.getByRole('combobox', { name: 'Courier Service' }).selectOption({ label: courierName });
  await customer.getByRole('button', { name: 'Place Order' }).click();
  await expect(customer.getByText(ORDER_MESSAGES.invalidPinCode)).toBeVisible();
  await expect(customer).toHaveURL(/\/dashboard\/products$/);
  await snapshot(customer, 'products-invalid-pin');

  await customer.getByRole('textbox', { name: 'Pin Code' }).fill('110001');
  await customer.getByRole('button', { name: 'Place Order' }).click();
  await expect(customer).toHaveURL(/\/dashboard\/products\/order-preview$/);

  const expectPreview = async () => {
    await expect(customer.getByRole('heading', { name: 'Order Preview' })).toBeVisible();
    await expect(customer.getByText('12 Janpath Road, New Delhi')).toBeVisible();
    await expect(customer.getByText('110001')).toBeVisible();
    await expect(customer.getByText('+91 98765 43210')).toBeVisible();
    await expect(customer.getByText('1.40 kg')).toBeVisible();
    const totals = customer.getByLabel('Totals');
    // 4 × $4.25; shipping 2.00 × 1.4 kg + 5.00 (urban).
    await expect(totals).toContainText('Total Cost$17.00');
    await expect(totals).toContainText('Shipping Cost$7.80');
    await expect(totals).toContainText('Grand Total$24.80');
  };
  await expectPreview();
  await customer.reload();
  await expectPreview();
  await snapshot(customer, 'order-preview');

  await customer.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(customer.getByText('Order Placed Successfully!')).toBeVisible();
  await expect(customer.getByText('12 Janpath Road, New Delhi')).toBeVisible();
  await expect(customer.getByText('+91 98765 43210')).toBeVisible();
  await snapshot(customer, 'order-confirmed');

  // The courier's open board shows the new order without a reload.
  const row = courier.getByRole('row').filter({ hasText: '12 Janpath Road' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Processing');
  await expect(row).toContainText(`${hinges} × 4`);
  await expect(row).toContainText('$7.80');
  await snapshot(courier, 'courier-board');

  await openFromSidebar(customer, 'Notifications');
  await expect(customer.getByRole('listitem').filter({ hasText: 'Processing' })).toBeVisible();

  await row.getByRole('button', { name: /Update status of order/ }).click();
  const dialog = courier.getByRole('dialog', { name: 'Update Order Status' });
  await expect(dialog.getByRole('button', { name: 'Update' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Order status' }).selectOption('In Transit');
  await snapshot(courier, 'courier-update-dialog');
  // The customer's toast lasts 5 seconds: an observer in their page sees it however busy the machine.
  await expectAlertDuring(customer, 'In Transit', () =>
    dialog.getByRole('button', { name: 'Update' }).click(),
  );
  await expect(courier.getByText(ORDER_MESSAGES.statusUpdated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('In Transit');

  // The customer's open notifications page hears of it at once: a toast and the list, no reload.
  const inTransit = customer.getByRole('listitem').filter({ hasText: 'In Transit' });
  await expect(inTransit).toBeVisible({ timeout: 3_000 });
  await expect(inTransit).toHaveClass(/\bin\b.*\btransit\b/);
  await expect(inTransit).toContainText(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
  await snapshot(customer, 'notifications-live');

  // The stock went down by what was ordered.
  await manager.goto('/dashboard/stock-management');
  await expect(manager.getByRole('row').filter({ hasText: hinges })).toContainText('46');

  expect(problems).toEqual([]);
  expect(courierProblems).toEqual([]);
});

test('@phone the customer screens and the courier board fit a phone', async ({
  browser,
  page: firstPage,
}) => {
  const manager = await loggedInPage(browser, firstPage, 'Inventory Manager', 'Mo Phone');
  const product = `Packing Tape ${suffix()}`;
  await addStockThroughApi(manager, product, 2.5, 20, 0.2);
  const courierName = `Phone Couriers ${suffix()}`;
  const courier = await loggedInPage(browser, firstPage, 'Courier Service', courierName);
  const customer = await loggedInPage(browser, firstPage, 'Customer', 'Pia Phone');

  await customer.goto('/dashboard/products');
  await customer.getByRole('searchbox', { name: 'Search products' }).fill(product);
  await customer.getByRole('spinbutton', { name: `Quantity to order of ${product}` }).fill('2');
  await customer.getByRole('textbox', { name: 'Delivery Address' }).fill('4 MG Road, Bengaluru');
  await customer.getByRole('textbox', { name: 'Pin Code' }).fill('560001');
  await customer.getByRole('textbox', { name: 'Phone Number' }).fill('080 2222 3333');
  await customer.getByRole('combobox', { name: 'Location Type' }).selectOption('suburban');
  await customer.getByRole('combobox', { name: 'Courier Service' }).selectOption({ label: courierName });
  await expectNoHorizontalScroll(customer);
  await snapshot(customer, 'phone-products');
  await customer.getByRole('button', { name: 'Place Order' }).click();
  await expect(customer.getByRole('heading', { name: 'Order Preview' })).toBeVisible();
  await expect(customer.getByLabel('Totals')).toContainText('Grand Total$12.80');
  await expectNoHorizontalScroll(customer);
  await snapshot(customer, 'phone-order-preview');
  await customer.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(customer.getByText('Order Placed Successfully!')).toBeVisible();
  await expectNoHorizontalScroll(customer);

  await courier.goto('/dashboard/couriers');
  const card = courier.getByRole('listitem').filter({ hasText: '4 MG Road' });
  await expect(card).toContainText('Processing');
  await expectNoHorizontalScroll(courier);
  await snapshot(courier, 'phone-courier-board');
  await card.getByRole('button', { name: /Update status of order/ }).click();
  const dialog = courier.getByRole('dialog', { name: 'Update Order Status' });
  await dialog.getByRole('combobox', { name: 'Order status' }).selectOption('Delivered');
  // The proof of delivery (docs/decisions/032-proof-of-delivery.md), on a phone.
  await dialog.getByRole('textbox', { name: /Recipient name/ }).fill('Priya');
  await dialog.getByRole('radio', { name: 'Photo' }).check();
  await dialog.locator('input[type=file]').setInputFiles(PARCEL_PHOTO);
  await expect(dialog.getByRole('img', { name: 'The photo taken as proof' })).toBeVisible();
  await expectNoHorizontalScroll(courier);
  await snapshot(courier, 'phone-delivered-with-photo');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(card).toContainText('Delivered');

  await customer.goto('/dashboard/notifications');
  await expect(customer.getByRole('listitem').filter({ hasText: 'Delivered' })).toBeVisible();
  await expectNoHorizontalScroll(customer);
  await snapshot(customer, 'phone-notifications');
});
