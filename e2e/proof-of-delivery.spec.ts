import { wrongDeliveryCodeMessage } from '@depot/contract';
import { expect, test } from '@playwright/test';
import {
  addStockThroughApi,
  deliveryCodeOf,
  expectNoHorizontalScroll,
  loggedInPage,
  PARCEL_PHOTO,
  snapshot,
  suffix,
  watchForPageErrors,
} from './support/helpers';

// Proof of delivery on screen (docs/decisions/032-proof-of-delivery.md): the customer's code on
// the order page and the tracking page, the courier's dialog with the code or a photo, a wrong
// code refused, and the proof on the customer's page.

for (const phone of [false, true]) {
  test(`the customer's code, the courier's proof and the customer's proof${phone ? ' @phone' : ''}`, async ({
    browser,
    page: firstPage,
  }) => {
    const tag = phone ? 'phone' : 'desktop';
    const manager = await loggedInPage(browser, firstPage, 'Inventory Manager', 'Mona Manager');
    const stockId = await addStockThroughApi(manager, `Parcels ${suffix()}`, 5, 50, 1);
    const courier = await loggedInPage(browser, firstPage, 'Courier Service', `Proof Couriers ${suffix()}`);
    const courierId = (await (await courier.request.get('/auth/profile')).json()).id as number;
    const customer = await loggedInPage(browser, firstPage, 'Customer', 'Cora Customer');
    const placed = await customer.request.post('/api/orders', {
      data: {
        shipping_address: `7 Janpath Road ${suffix()}`,
        pin_code: '110001',
        location_type: 'urban',
        phone_number: '+91 98765 43210',
        courier_service_id: courierId,
        items: [{ stock_id: stockId, quantity: 1 }],
      },
    });
    expect(placed.status()).toBe(201);
    const id = (await placed.json()).order.id as number;
    const code = await deliveryCodeOf(customer, id);
    const problems = { courier: watchForPageErrors(courier), customer: watchForPageErrors(customer) };

    // The customer's order page and the public tracking page show the code while it is open.
    await customer.goto(`/dashboard/orders/${id}`);
    await expect(customer.getByRole('region', { name: 'Delivery code' })).toContainText(code);
    await expectNoHorizontalScroll(customer);
    await snapshot(customer, `proof-${tag}-order-page-code`);
    const trackingUrl = (await (await customer.request.get(`/api/orders/${id}`)).json())
      .tracking_url as string;
    const visitor = await browser.newPage({ viewport: firstPage.viewportSize() });
    await visitor.goto(new URL(trackingUrl).pathname);
    await expect(visitor.getByRole('group', { name: 'Delivery code' })).toContainText(code);
    await expectNoHorizontalScroll(visitor);
    await snapshot(visitor, `proof-${tag}-tracking-code`);
    await visitor.close();

    // The courier's dialog: Delivered asks for the recipient and the code or a photo.
    await courier.goto('/dashboard/couriers');
    await courier.getByRole('button', { name: `Update status of order ${id}` }).click();
    const dialog = courier.getByRole('dialog', { name: 'Update Order Status' });
    await dialog.getByRole('combobox', { name: 'Order status' }).selectOption('Delivered');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByText('Recipient name is required')).toBeVisible();
    await snapshot(courier, `proof-${tag}-dialog-empty`);
    await dialog.getByRole('textbox', { name: /Recipient name/ }).fill('Cora Customer');
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    await dialog.getByRole('textbox', { name: /Delivery code/ }).fill(wrong);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByText(wrongDeliveryCodeMessage(4))).toBeVisible();
    await expectNoHorizontalScroll(courier);
    await snapshot(courier, `proof-${tag}-dialog-wrong-code`);
    await dialog.getByRole('radio', { name: 'Photo' }).check();
    await dialog.locator('input[type=file]').setInputFiles(PARCEL_PHOTO);
    await expect(dialog.getByRole('img', { name: 'The photo taken as proof' })).toBeVisible();
    await snapshot(courier, `proof-${tag}-dialog-photo`);
    await dialog.getByRole('radio', { name: 'Delivery code' }).check();
    await dialog.getByRole('textbox', { name: /Delivery code/ }).fill(code);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(courier.getByText('Order status updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The customer's page: the code gone, the proof there.
    await customer.reload();
    const proof = customer.getByRole('region', { name: 'Proof of delivery' });
    await expect(proof).toContainText('Received byCora Customer');
    await expect(proof).toContainText('Proven byDelivery code');
    await expect(customer.getByRole('region', { name: 'Delivery code' })).toBeHidden();
    await expectNoHorizontalScroll(customer);
    await snapshot(customer, `proof-${tag}-order-page-proof`);
    // The wrong code's 422 is the one failed request the browser reports.
    const unexpected = [...problems.courier, ...problems.customer].filter(
      (problem) => !/status of 422/.test(problem),
    );
    expect(unexpected).toEqual([]);
  });
}
