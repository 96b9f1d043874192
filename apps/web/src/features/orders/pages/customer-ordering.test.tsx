import {
  IDEMPOTENCY_KEY_HEADER,
  ORDER_MESSAGES,
  type Order,
  PATHS,
  type PincodeLookup,
  type StockItem,
} from '@depot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeEventSource } from '@/testing/fake-event-source';
import { type FetchRoutes, stubFetch } from '@/testing/fetch-stub';
import { listServer } from '@/testing/list-server';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { ORDER_PLACED_TEXT } from './confirm-order-page';
import { NOTHING_TO_PREVIEW_TEXT } from './order-preview-page';

const CUSTOMER = TEST_USERS.customer;

const product = (
  stock_id: number,
  stock_name: string,
  price: number,
  quantity: number,
  weight: number,
): StockItem => ({
  stock_id,
  stock_name,
  price,
  quantity,
  weight,
  inventory_manager_id: 9,
  sku: null,
});
const HINGES = product(1, 'Steel Hinges', 4.25, 50, 0.35);
const HANDLES = product(2, 'Door Handles', 12, 3, 1.1);
const SOLD_OUT = product(3, 'Gate Latch', 6, 0, 0.4);

const FOUND: PincodeLookup = [
  {
    Status: 'Success',
    Message: 'Number of pincode(s) found:1',
    PostOffice: [{ Name: 'Janpath', District: 'New Delhi', State: 'Delhi', Pincode: '110001' }],
  },
];
const NOT_FOUND: PincodeLookup = [{ Status: 'Error', Message: 'No records found', PostOffice: null }];

const PLACED: Order = {
  id: 41,
  created_at: '2026-11-22T10:00:00.000Z',
  shipping_address: '12 Janpath Road',
  pin_code: '110001',
  location_type: 'urban',
  phone_number: '98765 43210',
  consignment_weight: 1.4,
  order_items: [{ stock_id: 1, product_name: 'Steel Hinges', quantity: 4, price: 4.25, weight: 0.35 }],
  items_total: 17,
  shipping_cost: 7.8,
  delivery_date: '2026-11-24T10:00:00.000Z',
  status: 'Processing',
  courier_service_id: 12,
  customer_id: CUSTOMER.id,
  customer_name: CUSTOMER.name,
};

function renderOrdering(entry: string, routes: FetchRoutes = {}) {
  installFakeEventSource();
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(CUSTOMER) },
    'GET /api/stocks': listServer([HINGES, HANDLES, SOLD_OUT], { searchIn: (item) => [item.stock_name] }),
    'GET /api/couriers-services': { status: 200, body: [{ id: 12, name: 'Swift Couriers' }] },
    'GET /api/addresses': { status: 200, body: [] },
    'GET /api/pincodes/110001': { status: 200, body: FOUND },
    'GET /api/pincodes/999999': { status: 200, body: NOT_FOUND },
    'GET /api/orders/get-shipping-cost?total_weight=1.4&location_type=urban': {
      status: 200,
      body: { shipping_cost: 7.8 },
    },
    ...routes,
  });
  return { ...renderApp(entry, { storedUser: CUSTOMER }), ...fetchStub };
}

type Rendered = ReturnType<typeof renderOrdering>;

const quantityOf = (name: string) => screen.getByRole('spinbutton', { name: `Quantity to order of ${name}` });

async function fillOrderForm({ user }: Rendered, pin = '110001') {
  await screen.findByRole('table');
  await user.type(quantityOf('Steel Hinges'), '4');
  await user.type(screen.getByRole('textbox', { name: 'Delivery Address' }), '12 Janpath Road');
  await user.type(screen.getByRole('textbox', { name: 'Pin Code' }), pin);
  await user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '98765 43210');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Location Type' }), 'urban');
  await waitFor(() => expect(screen.getByRole('option', { name: 'Swift Couriers' })).toBeInTheDocument());
  await user.selectOptions(screen.getByRole('combobox', { name: 'Courier Service' }), 'Swift Couriers');
}

describe('Customer Products Overview', () => {
  it('lists the products with the documented columns; a sold-out one cannot be ordered', async () => {
    renderOrdering(PATHS.products);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Product', 'Price', 'Weight', 'Quantity Available', 'Quantity to Order']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .slice(0, 4)
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['Door Handles', '$12.00', '1.10 kg', '3'],
      ['Gate Latch', '$6.00', '0.40 kg', '0'],
      ['Steel Hinges', '$4.25', '0.35 kg', '50'],
    ]);
    expect(quantityOf('Gate Latch')).toBeDisabled();
  });

  it('keeps the quantities chosen on one page while the customer looks at another', async () => {
    const many = Array.from({ length: 30 }, (_, index) => ({
      ...HINGES,
      stock_id: 100 + index,
      stock_name: `Part ${String(index + 1).padStart(2, '0')}`,
    }));
    const { user } = renderOrdering(PATHS.products, {
      'GET /api/stocks': listServer(many, { searchIn: (item) => [item.stock_name] }),
    });
    expect(await screen.findByText('Showing 1–25 of 30 products')).toBeInTheDocument();
    await user.type(quantityOf('Part 01'), '2');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.type(await screen.findByRole('spinbutton', { name: 'Quantity to order of Part 30' }), '3');
    expect(screen.getByText(/^2 products,/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(await screen.findByRole('spinbutton', { name: 'Quantity to order of Part 01' })).toHaveValue(2);
  });

  it('keeps quantities between 0 and what is available; 0 takes the line out', async () => {
    const { user } = renderOrdering(PATHS.products);
    await screen.findByRole('table');

    await user.type(quantityOf('Door Handles'), '7');
    expect(quantityOf('Door Handles')).toHaveValue(3);
    expect(screen.getByText('1 product, 3.30 kg, $36.00 before shipping')).toBeInTheDocument();

    await user.clear(quantityOf('Door Handles'));
    await user.type(quantityOf('Door Handles'), '0');
    expect(quantityOf('Door Handles')).toHaveValue(null);
    expect(screen.getByText('No products chosen yet.')).toBeInTheDocument();
  });

  it('warns when a field or every product is missing, and calls nothing', async () => {
    const { user, requests } = renderOrdering(PATHS.products);
    await screen.findByRole('table');
    await user.type(screen.getByRole('textbox', { name: 'Delivery Address' }), '12 Janpath Road');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.requiredFields);
    expect(requests.some((request) => request.path.startsWith('/api/pincodes'))).toBe(false);
    // The missing fields are marked; the sentence shows once, in the alert.
    expect(screen.getByRole('textbox', { name: 'Pin Code' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: 'Courier Service' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Delivery Address' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText(ORDER_MESSAGES.requiredFields)).toHaveLength(1);
  });

  it("refuses a malformed PIN code or phone number with the contract's sentence, before any lookup", async () => {
    const rendered = renderOrdering(PATHS.products);
    await fillOrderForm(rendered, '012345');
    await rendered.user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.invalidPinCode);
    const pinCode = screen.getByRole('textbox', { name: 'Pin Code' });
    expect(pinCode).toHaveAttribute('aria-invalid', 'true');
    expect(rendered.requests.some((request) => request.path.startsWith('/api/pincodes'))).toBe(false);

    await rendered.user.clear(pinCode);
    await rendered.user.type(pinCode, '110001');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const phone = screen.getByRole('textbox', { name: 'Phone Number' });
    await rendered.user.clear(phone);
    await rendered.user.type(phone, 'ask for Ravi');
    await rendered.user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.invalidPhone);
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(rendered.router.state.location.pathname).toBe(PATHS.products);
  });

  it('stops on an unknown PIN code with the documented message', async () => {
    const rendered = renderOrdering(PATHS.products);
    await fillOrderForm(rendered, '999999');
    await rendered.user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.invalidPinCode);
    expect(screen.getByRole('textbox', { name: 'Pin Code' })).toHaveAttribute('aria-invalid', 'true');
    expect(rendered.router.state.location.pathname).toBe(PATHS.products);
  });

  it('goes to a preview that survives a reload, then places the order once and confirms it', async () => {
    const rendered = renderOrdering(PATHS.products, {
      'POST /api/orders': { status: 201, body: { message: ORDER_MESSAGES.placed, order: PLACED } },
    });
    await fillOrderForm(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe(PATHS.orderPreview));

    // A reload: the whole app again, at the preview, with only what the tab had stored.
    rendered.unmount();
    const reloaded = renderOrdering(PATHS.orderPreview, {
      'POST /api/orders': { status: 201, body: { message: ORDER_MESSAGES.placed, order: PLACED } },
    });
    expect(await screen.findByRole('heading', { name: 'Order Preview' })).toBeInTheDocument();
    expect(await screen.findByText('Swift Couriers')).toBeInTheDocument();
    for (const text of ['12 Janpath Road', '110001', '98765 43210', 'Urban', '1.40 kg']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    const totals = screen.getByLabelText('Totals');
    await waitFor(() =>
      expect(totals).toHaveTextContent('Total Cost$17.00Shipping Cost$7.80Grand Total$24.80'),
    );

    await reloaded.user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByRole('heading', { name: ORDER_PLACED_TEXT })).toBeInTheDocument();
    expect(screen.getByText('12 Janpath Road')).toBeInTheDocument();
    expect(screen.getByText('98765 43210')).toBeInTheDocument();

    const [placed] = reloaded.requestsTo('POST /api/orders');
    expect(placed?.body).toEqual({
      customer_id: CUSTOMER.id,
      shipping_address: '12 Janpath Road',
      pin_code: '110001',
      location_type: 'urban',
      phone_number: '98765 43210',
      courier_service_id: 12,
      items: [{ stock_id: 1, product_name: 'Steel Hinges', quantity: 4, weight: 0.35, price: 4.25 }],
    });
    expect(placed?.headers[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[\w-]{16,}$/);

    await reloaded.user.click(screen.getByRole('link', { name: 'Return to Home' }));
    await waitFor(() => expect(reloaded.router.state.location.pathname).not.toBe(PATHS.confirmOrder));
    expect(sessionStorage.getItem('depot.order-draft')).toBeNull();
  });

  it('retries a failed confirm with the same Idempotency-Key and shows the server message', async () => {
    let attempts = 0;
    const rendered = renderOrdering(PATHS.products, {
      'POST /api/orders': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 409,
              body: {
                error: 'Not enough stock for Steel Hinges',
                message: 'Not enough stock for Steel Hinges',
              },
            }
          : { status: 201, body: { message: ORDER_MESSAGES.placed, order: PLACED } };
      },
    });
    await fillOrderForm(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Place Order' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm Order' });
    await waitFor(() => expect(confirm).toBeEnabled());

    await rendered.user.click(confirm);
    expect(await screen.findByText('Not enough stock for Steel Hinges')).toBeInTheDocument();
    await rendered.user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByRole('heading', { name: ORDER_PLACED_TEXT })).toBeInTheDocument();

    const keys = rendered
      .requestsTo('POST /api/orders')
      .map((request) => request.headers[IDEMPOTENCY_KEY_HEADER]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('says there is nothing to preview without a draft', async () => {
    renderOrdering(PATHS.orderPreview);
    expect(await screen.findByText(NOTHING_TO_PREVIEW_TEXT)).toBeInTheDocument();
  });
});
