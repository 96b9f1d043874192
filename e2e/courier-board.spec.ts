import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  addStockThroughApi,
  deliverThroughDialog as deliver,
  deliveryCodeOf,
  expectNoHorizontalScroll,
  loggedInPage,
  PARCEL_PHOTO,
  suffix,
  watchForPageErrors,
} from './support/helpers';

/** Screenshots of the board for review, outside the repository. */
const SHOTS = process.env.COURIER_SHOTS ?? '/tmp/shots-courier';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

async function placeOrderThroughApi(customer: Page, courierId: number, stockId: number, address: string) {
  const response = await customer.request.post('/api/orders', {
    headers: { 'idempotency-key': `e2e-${suffix()}-${suffix()}` },
    data: {
      shipping_address: address,
      pin_code: '110001',
      location_type: 'urban',
      phone_number: '+91 98765 43210',
      courier_service_id: courierId,
      items: [{ stock_id: stockId, quantity: 2 }],
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).order.id as number;
}

// The desktop project runs the first at 1280 × 800, the phone project the @phone one at 375 × 812.
for (const viewport of [
  { name: 'desktop', tag: '' },
  { name: 'phone', tag: '@phone ' },
]) {
  test(`${viewport.tag}a courier works a few orders at once on the board (${viewport.name})`, async ({
    browser,
    page: first,
  }) => {
    if (viewport.tag === '') await first.setViewportSize({ width: 1280, height: 800 });
    const manager = await loggedInPage(browser, first, 'Inventory Manager', 'Mona Manager');
    const stockId = await addStockThroughApi(manager, `Hinges ${suffix()}`, 4.25, 100, 0.35);
    const courier = await loggedInPage(browser, first, 'Courier Service', `Field Couriers ${suffix()}`);
    const courierId = (await (await courier.request.get('/auth/profile')).json()).id as number;
    const customer = await loggedInPage(browser, first, 'Customer', 'Cora Customer');
    const ids: number[] = [];
    for (const street of ['Janpath Road', 'MG Road', 'Park Street', 'Mall Road']) {
      ids.push(
        await placeOrderThroughApi(customer, courierId, stockId, `${ids.length + 1} ${street}, New Delhi`),
      );
    }
    const problems = watchForPageErrors(courier);

    await courier.goto('/dashboard/couriers');
    // SegmentedControl's radios are visually hidden inputs: their labels are what shows.
    await expect(courier.getByText('Processing (4)')).toBeVisible();
    await shot(courier, `board-${viewport.name}`);
    await expect(courier.getByRole('radio', { name: 'Open (4)' })).toBeChecked();
    await expectNoHorizontalScroll(courier);

    // Three ticked, one status, one request.
    for (const id of ids.slice(0, 3))
      await courier.getByRole('checkbox', { name: `Select order ${id}` }).check();
    const bar = courier.getByRole('region', { name: 'Selected orders' });
    await expect(bar).toContainText('3 selected');
    await bar.getByRole('combobox', { name: 'New status' }).selectOption('In Transit');
    await expectNoHorizontalScroll(courier);
    await shot(courier, `board-selected-${viewport.name}`);
    await bar.getByRole('button', { name: 'Set status' }).click();
    await expect(courier.getByText('3 orders updated')).toBeVisible();
    await expect(bar).toBeHidden();
    await expect(courier.getByText('In Transit (3)')).toBeVisible();

    // Delivered takes each order's own proof, so not in bulk: two delivered one at a time, on the
    // customer's code and with a photo; they are final: no tick, no Update.
    await courier.getByRole('checkbox', { name: `Select order ${ids[0]}` }).check();
    await expect(bar.getByRole('combobox', { name: 'New status' }).locator('option')).toHaveText([
      'Processing',
      'In Transit',
      'Returned',
    ]);
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    const code = await deliveryCodeOf(customer, ids[0] as number);
    await deliver(courier, ids[0] as number, { recipient: 'Cora Customer', code });
    await deliver(courier, ids[1] as number, { recipient: 'Guard at the gate', photo: PARCEL_PHOTO });
    await courier.getByText('Delivered (2)').click();
    await expect(courier.getByRole('button', { name: `Update status of order ${ids[0]}` })).toBeDisabled();
    await expect(courier.getByRole('checkbox', { name: `Select order ${ids[0]}` })).toBeDisabled();
    await expectNoHorizontalScroll(courier);
    await shot(courier, `board-delivered-${viewport.name}`);

    // Returned gives the stock back and is final for the courier: the board asks once more.
    await courier.getByText('In Transit (1)').click();
    await courier.getByRole('checkbox', { name: `Select order ${ids[2]}` }).check();
    await bar.getByRole('combobox', { name: 'New status' }).selectOption('Returned');
    await bar.getByRole('button', { name: 'Set status' }).click();
    const question = courier.getByRole('dialog', { name: 'Returned is final' });
    await expect(question).toContainText('Mark 1 order Returned?');
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoHorizontalScroll(courier);
    await shot(courier, `board-returned-question-${viewport.name}`);
    if (viewport.tag === '') {
      await courier.setViewportSize({ width: 1024, height: 768 });
      await expectNoHorizontalScroll(courier);
      await shot(courier, 'board-returned-question-1024');
    }
    await question.getByRole('button', { name: 'Set Returned' }).click();
    await expect(question).toBeHidden();
    await expect(courier.getByText('Returned (1)')).toBeVisible();
    expect(problems).toEqual([]);
  });
}
