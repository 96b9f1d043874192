import {
  ORDER_MESSAGES,
  type Order,
  PATHS,
  PROOF_MESSAGES,
  type SessionUser,
  wrongDeliveryCodeMessage,
} from '@depot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeEventSource } from '@/testing/fake-event-source';
import { type FetchRoutes, stubFetch } from '@/testing/fetch-stub';
import { listServer } from '@/testing/list-server';
import { profileOf, renderApp } from '@/testing/render-app';

// jsdom draws no images: the shrunk photo is a small JPEG-looking blob (docs/decisions/032).
const SHRUNK = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' });
vi.mock('./shrink-photo', async (original) => ({
  ...(await original<typeof import('./shrink-photo')>()),
  shrinkPhoto: vi.fn(async () => SHRUNK),
}));

const COURIER: SessionUser = {
  id: 12,
  role: 'Courier Service',
  name: 'Swift Couriers',
  email: 'swift@example.com',
};

const order = (overrides: Partial<Order> = {}): Order => ({
  id: 1,
  created_at: '2026-11-22T10:35:00.000Z',
  shipping_address: '1 Janpath Road',
  pin_code: '110001',
  location_type: 'urban',
  phone_number: '+91 98765 43210',
  consignment_weight: 1.4,
  order_items: [{ stock_id: 1, product_name: 'Steel Hinges', quantity: 4, price: 4.25, weight: 0.35 }],
  items_total: 17,
  shipping_cost: 7.8,
  delivery_date: '2026-11-24T10:35:00.000Z',
  status: 'In Transit',
  courier_service_id: COURIER.id,
  customer_name: 'Asha Verma',
  customer_id: 8,
  ...overrides,
});

async function openDialog(routes: FetchRoutes) {
  installFakeEventSource();
  const stub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(COURIER) },
    'GET /api/orders': listServer([order()], { searchIn: (row) => [row.id] }),
    'GET /api/orders/status-counts': {
      status: 200,
      body: { counts: { Processing: 0, 'In Transit': 1, Delivered: 0, Cancelled: 0 }, total: 1 },
    },
    ...routes,
  });
  const rendered = renderApp(PATHS.couriers, { storedUser: COURIER });
  await rendered.user.click(
    await screen.findByRole('button', { name: 'Update status of order 1' }, { timeout: 5000 }),
  );
  const dialog = within(await screen.findByRole('dialog', { name: 'Update Order Status' }));
  await rendered.user.selectOptions(dialog.getByRole('combobox', { name: 'Order status' }), 'Delivered');
  return { ...stub, ...rendered, dialog };
}

const delivered = {
  status: 200,
  body: { message: ORDER_MESSAGES.statusUpdated, order: order({ status: 'Delivered' }) },
};

afterEach(() => {
  vi.clearAllMocks();
});

describe('the Update Order Status dialog with Delivered', () => {
  it('asks for the recipient and the delivery code, and sends them with the change', async () => {
    const { dialog, user, requestsTo } = await openDialog({ 'PUT /api/orders/1': delivered });
    const name = dialog.getByRole('textbox', { name: /Recipient name/ });
    const code = dialog.getByRole('textbox', { name: /Delivery code/ });
    expect(dialog.getByRole('radio', { name: 'Delivery code' })).toBeChecked();

    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(name).toHaveAccessibleDescription(expect.stringContaining(PROOF_MESSAGES.recipientRequired));
    expect(code).toHaveAccessibleDescription(expect.stringContaining(PROOF_MESSAGES.invalidCode));
    expect(requestsTo('PUT /api/orders/1')).toEqual([]);

    await user.type(name, 'Asha Verma');
    await user.type(code, '4821');
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(ORDER_MESSAGES.statusUpdated)).toBeInTheDocument();
    expect(requestsTo('PUT /api/orders/1').map((request) => request.body)).toEqual([
      { status: 'Delivered', proof: { recipient_name: 'Asha Verma', code: '4821' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a wrong code refused by the server and stays open to try again', async () => {
    const message = wrongDeliveryCodeMessage(4);
    const { dialog, user } = await openDialog({
      'PUT /api/orders/1': { status: 422, body: { error: message, message, code: 'wrong_delivery_code' } },
    });
    await user.type(dialog.getByRole('textbox', { name: /Recipient name/ }), 'Asha Verma');
    await user.type(dialog.getByRole('textbox', { name: /Delivery code/ }), '1111');
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Update Order Status' })).toBeInTheDocument();
  });

  it('takes a photo from the camera, shrinks it and sends it instead of the code', async () => {
    const { dialog, user, requestsTo } = await openDialog({ 'PUT /api/orders/1': delivered });
    await user.type(dialog.getByRole('textbox', { name: /Recipient name/ }), 'Neighbour at no. 3');
    await user.click(dialog.getByRole('radio', { name: 'Photo' }));
    expect(dialog.queryByRole('textbox', { name: /Delivery code/ })).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByText(PROOF_MESSAGES.photoRequired)).toBeInTheDocument();
    expect(requestsTo('PUT /api/orders/1')).toEqual([]);

    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'environment');
    const taken = new File([new Uint8Array(500_000)], 'IMG_0001.jpg', { type: 'image/jpeg' });
    await user.upload(input as HTMLInputElement, taken);
    expect(await dialog.findByRole('img', { name: 'The photo taken as proof' })).toBeInTheDocument();
    expect(dialog.getByText('1 KB')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(ORDER_MESSAGES.statusUpdated)).toBeInTheDocument();
    const expected = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]).toString('base64');
    expect(requestsTo('PUT /api/orders/1').map((request) => request.body)).toEqual([
      { status: 'Delivered', proof: { recipient_name: 'Neighbour at no. 3', photo: expected } },
    ]);
  });
});
