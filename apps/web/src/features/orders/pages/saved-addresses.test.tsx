import { type CustomerAddress, type Order, PATHS, type PincodeLookup, type StockItem } from '@depot/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeEventSource } from '@/testing/fake-event-source';
import { type FetchRoutes, stubFetch } from '@/testing/fetch-stub';
import { listServer } from '@/testing/list-server';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';

const CUSTOMER = TEST_USERS.customer;

const HINGES: StockItem = {
  stock_id: 1,
  stock_name: 'Steel Hinges',
  price: 4.25,
  quantity: 50,
  weight: 0.35,
  inventory_manager_id: 9,
  sku: null,
};
const FOUND: PincodeLookup = [
  {
    Status: 'Success',
    Message: 'Number of pincode(s) found:1',
    PostOffice: [{ Name: 'Janpath', District: 'New Delhi', State: 'Delhi', Pincode: '110001' }],
  },
];

const address = (id: number, fields: Partial<CustomerAddress>): CustomerAddress => ({
  id,
  shipping_address: '12 Janpath Road',
  pin_code: '110001',
  location_type: 'urban',
  phone_number: '98765 43210',
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: '2026-11-20T10:00:00.000Z',
  ...fields,
});
const HOME = address(5, { last_used_at: '2026-11-22T10:00:00.000Z' });
const OFFICE = address(6, {
  shipping_address: '3 Park Street\nKolkata',
  pin_code: '700016',
  location_type: 'suburban',
  phone_number: '+91 33 2222 1111',
});

const PLACED: Order = {
  id: 41,
  created_at: '2026-11-22T10:00:00.000Z',
  shipping_address: '12 Janpath Road, Floor 2',
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

function renderProducts(saved: CustomerAddress[], routes: FetchRoutes = {}) {
  installFakeEventSource();
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(CUSTOMER) },
    'GET /api/stocks': listServer([HINGES], { searchIn: (item) => [item.stock_name] }),
    'GET /api/couriers-services': { status: 200, body: [{ id: 12, name: 'Swift Couriers' }] },
    'GET /api/addresses': { status: 200, body: saved },
    'GET /api/pincodes/110001': { status: 200, body: FOUND },
    'GET /api/orders/get-shipping-cost?total_weight=1.4&location_type=urban': {
      status: 200,
      body: { shipping_cost: 7.8 },
    },
    ...routes,
  });
  return { ...renderApp(PATHS.products, { storedUser: CUSTOMER }), ...fetchStub };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('saved addresses in the order form', () => {
  it('fills the fields with the last used address, and another when picked; the fields stay editable', async () => {
    const { user } = renderProducts([HOME, OFFICE]);
    const picker = await screen.findByRole('combobox', { name: /Saved address/ });
    await waitFor(() => expect(field('Delivery Address').value).toBe('12 Janpath Road'));
    expect(field('Pin Code').value).toBe('110001');
    expect(field('Phone Number').value).toBe('98765 43210');
    expect((screen.getByRole('combobox', { name: 'Location Type' }) as HTMLSelectElement).value).toBe(
      'urban',
    );
    expect((picker as HTMLSelectElement).value).toBe('5');
    // A saved address needs no saving.
    expect(screen.queryByRole('checkbox', { name: 'Save this address' })).toBeNull();

    await user.selectOptions(picker, '6');
    expect(field('Delivery Address').value).toBe('3 Park Street\nKolkata');
    expect(field('Pin Code').value).toBe('700016');
    expect((screen.getByRole('combobox', { name: 'Location Type' }) as HTMLSelectElement).value).toBe(
      'suburban',
    );

    // Changing a field makes it a new address, which may be saved.
    await user.type(field('Delivery Address'), ', Gate 2');
    expect((picker as HTMLSelectElement).value).toBe('');
    expect(screen.getByRole('checkbox', { name: 'Save this address' })).not.toBeChecked();
  });

  it('keeps what the customer typed, and shows no picker without saved addresses', async () => {
    const { user } = renderProducts([]);
    await screen.findByRole('table');
    await user.type(field('Delivery Address'), '1 Mall Road');
    expect(screen.queryByRole('combobox', { name: /Saved address/ })).toBeNull();
    expect(field('Delivery Address').value).toBe('1 Mall Road');
    expect(screen.getByRole('checkbox', { name: 'Save this address' })).toBeInTheDocument();
  });

  it('saves a new address after the order is placed when "Save this address" is ticked', async () => {
    const rendered = renderProducts([HOME], {
      'POST /api/orders': { status: 201, body: { message: 'Order placed successfully', order: PLACED } },
      'POST /api/addresses': {
        status: 201,
        body: {
          message: 'Address saved',
          address: address(7, { shipping_address: PLACED.shipping_address }),
        },
      },
    });
    const { user } = rendered;
    await screen.findByRole('combobox', { name: /Saved address/ });
    await waitFor(() => expect(field('Delivery Address').value).toBe('12 Janpath Road'));
    await user.type(field('Delivery Address'), ', Floor 2');
    await user.click(screen.getByRole('checkbox', { name: 'Save this address' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Quantity to order of Steel Hinges' }), '4');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Swift Couriers' })).toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Courier Service' }), 'Swift Couriers');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Order' }));
    await waitFor(() => expect(rendered.requestsTo('POST /api/addresses')).toHaveLength(1));
    expect(rendered.requestsTo('POST /api/addresses')[0]?.body).toEqual({
      shipping_address: '12 Janpath Road, Floor 2',
      pin_code: '110001',
      location_type: 'urban',
      phone_number: '98765 43210',
    });
  });
});
