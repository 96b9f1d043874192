import { type Order, PATHS } from '@depot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeEventSource } from '@/testing/fake-event-source';
import { stubFetch } from '@/testing/fetch-stub';
import { listServer } from '@/testing/list-server';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';

const MANAGER = TEST_USERS.inventoryManager;
const COURIERS = [
  { id: 21, name: 'Swift Couriers' },
  { id: 22, name: 'Other Couriers' },
];

const orderOf = (id: number, status: Order['status'], courier = 21): Order => ({
  id,
  created_at: '2026-11-20T09:00:00.000Z',
  shipping_address: '12 Janpath Road, New Delhi',
  pin_code: '110001',
  location_type: 'urban',
  phone_number: '+91 98765 43210',
  consignment_weight: 1.4,
  order_items: [{ stock_id: 3, product_name: 'Steel Hinges', quantity: 4, price: 4.25, weight: 0.35 }],
  items_total: 17,
  shipping_cost: 7.8,
  delivery_date: '2026-11-22T09:00:00.000Z',
  status,
  courier_service_id: courier,
  customer_id: 8,
  customer_name: 'Cara Customer',
});

function renderDesk(orders: () => Order[], extra: Parameters<typeof stubFetch>[0] = {}) {
  installFakeEventSource();
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(MANAGER) },
    'GET /api/couriers-services': { status: 200, body: COURIERS },
    'GET /api/orders': listServer<Order>(orders, {
      searchIn: (order) => [order.id, order.customer_name, order.phone_number, order.pin_code],
      filter: (order, query) =>
        !query.get('courier_service_id') ||
        String(order.courier_service_id) === query.get('courier_service_id'),
    }),
    ...extra,
  });
  return { ...renderApp(PATHS.orderDesk, { storedUser: MANAGER }), ...fetchStub };
}

describe('Customer Orders (manager)', () => {
  it('lists the orders with customer, phone and courier, and offers only what each order allows', async () => {
    renderDesk(() => [orderOf(12, 'Delivered'), orderOf(11, 'Processing')]);
    expect(await screen.findByRole('heading', { name: 'Customer Orders', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Customer Orders' })).toHaveAttribute('href', PATHS.orderDesk);
    await screen.findAllByText('Cara Customer');
    expect(screen.getAllByText('Swift Couriers').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Change courier of order 12' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel order 12' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel order 11' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Proof of delivery of order 11' })).not.toBeInTheDocument();
  });

  it("opens a Delivered order's proof of delivery", async () => {
    const { user } = renderDesk(() => [orderOf(12, 'Delivered')], {
      'GET /api/orders/12': {
        status: 200,
        body: {
          ...orderOf(12, 'Delivered'),
          courier_name: 'Swift Couriers',
          status_history: [],
          tracking_url: 'http://depot.test/track/abcdefghijklmnopqrstuv',
          delivery_code: null,
          proof: {
            recipient_name: 'Cara Customer',
            method: 'code',
            at: '2026-11-22T11:05:00.000Z',
            device_at: null,
            photo_url: null,
          },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Proof of delivery of order 12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #12' });
    expect(await within(dialog).findByText('Delivery code')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Received byCara Customer');
    expect(dialog).toHaveTextContent('22/11/2026, 11:05');
  });

  it('prints the orders ticked as packing slips in a new tab, as one job', async () => {
    const { user } = renderDesk(() => [
      orderOf(12, 'Delivered'),
      orderOf(11, 'Processing'),
      orderOf(10, 'In Transit'),
    ]);
    const eleven = await screen.findByRole('checkbox', { name: 'Select order 11' });
    expect(screen.getByRole('button', { name: 'Print packing slips' })).toBeDisabled();
    await user.click(eleven);
    await user.click(screen.getByRole('checkbox', { name: 'Select order 12' }));
    const link = screen.getByRole('link', { name: 'Print packing slips (2)' });
    expect(link).toHaveAttribute('href', '/print/packing-slips?ids=11,12');
    expect(link).toHaveAttribute('target', '_blank');
    const page = screen.getByRole('checkbox', { name: 'Select every order on this page' });
    expect(page).toHaveAttribute('data-indeterminate', 'true');
    await user.click(page);
    expect(screen.getByRole('link', { name: 'Print packing slips (3)' })).toHaveAttribute(
      'href',
      '/print/packing-slips?ids=11,12,10',
    );
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('button', { name: 'Print packing slips' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select order 11' })).not.toBeChecked();
  });

  it('gives an order another courier', async () => {
    let orders = [orderOf(11, 'In Transit')];
    const { user, requestsTo } = renderDesk(() => orders, {
      'PUT /api/orders/11/courier': () => {
        orders = [orderOf(11, 'In Transit', 22)];
        return { status: 200, body: { message: 'Courier changed successfully', order: orders[0] } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Change courier of order 11' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change courier' }));
    const [courierInput] = dialog.getAllByLabelText('Courier service');
    if (!courierInput) throw new Error('no courier input');
    await user.click(courierInput);
    await user.click(await screen.findByRole('option', { name: 'Other Couriers' }));
    await user.click(dialog.getByRole('button', { name: 'Change courier' }));
    await waitFor(() => expect(requestsTo('PUT /api/orders/11/courier')).toHaveLength(1));
    expect(requestsTo('PUT /api/orders/11/courier')[0]?.body).toEqual({ courier_service_id: 22 });
    const asked = requestsTo('GET /api/orders').length;
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Change courier' })).not.toBeInTheDocument(),
    );
    // The list is asked again and shows the order with its new courier.
    await waitFor(() => expect(requestsTo('GET /api/orders').length).toBeGreaterThanOrEqual(asked));
    await waitFor(() => expect(screen.queryAllByRole('cell', { name: 'Other Couriers' })).toHaveLength(1));
  });

  it('cancels a Processing order after asking', async () => {
    let orders = [orderOf(11, 'Processing')];
    const { user, requestsTo } = renderDesk(() => orders, {
      'POST /api/orders/11/cancel': () => {
        orders = [orderOf(11, 'Cancelled')];
        return { status: 200, body: { message: 'Order cancelled', order: orders[0] } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel order 11' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel order' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(requestsTo('POST /api/orders/11/cancel')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel order 11' })).toBeDisabled());
  });

  it('reopens a Returned order with a reason, after showing its timeline and failed attempts', async () => {
    let orders = [orderOf(12, 'Returned'), orderOf(11, 'Processing')];
    const detailOf = (status: Order['status']) => ({
      ...orderOf(12, status),
      courier_name: 'Swift Couriers',
      tracking_url: 'http://localhost/track/abc',
      status_history: [
        { status: 'Processing', at: '2026-11-20T09:00:00.000Z' },
        { status: 'Returned', at: '2026-11-21T16:00:00.000Z' },
      ],
      attempts: [
        {
          reason: 'refused',
          note: 'Customer refused at the door',
          next_attempt_date: '2026-11-22',
          at: '2026-11-21T15:00:00.000Z',
          device_at: null,
        },
      ],
    });
    const { user, requestsTo } = renderDesk(() => orders, {
      'GET /api/orders/12': { status: 200, body: detailOf('Returned') },
      'POST /api/orders/12/reopen': () => {
        orders = [orderOf(12, 'Processing'), orderOf(11, 'Processing')];
        return { status: 200, body: { message: 'Order reopened', order: detailOf('Processing') } };
      },
    });
    await screen.findAllByText('Cara Customer');
    // Only a Delivered or Returned order can be reopened.
    expect(screen.queryByRole('button', { name: 'Reopen order 11' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reopen order 12' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reopen order' }));
    expect(await dialog.findByText('Delivery attempt failed')).toBeInTheDocument();
    expect(dialog.getByText('Refused: Customer refused at the door')).toBeInTheDocument();

    // A reason is required: nothing is sent without one.
    await user.click(dialog.getByRole('button', { name: 'Reopen order' }));
    expect(await dialog.findByText('Give a reason for reopening')).toBeInTheDocument();
    expect(requestsTo('POST /api/orders/12/reopen')).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Customer asked again');
    await user.click(dialog.getByRole('button', { name: 'Reopen order' }));
    await waitFor(() => expect(requestsTo('POST /api/orders/12/reopen')).toHaveLength(1));
    expect(requestsTo('POST /api/orders/12/reopen')[0]?.body).toEqual({ reason: 'Customer asked again' });
    expect(await screen.findByText('Order reopened')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Reopen order 12' })).not.toBeInTheDocument(),
    );
  });

  it('keeps the reopen dialog open with the reason the server refused', async () => {
    const { user } = renderDesk(() => [orderOf(12, 'Returned')], {
      'GET /api/orders/12': {
        status: 200,
        body: {
          ...orderOf(12, 'Returned'),
          courier_name: 'Swift',
          tracking_url: '',
          status_history: [],
          attempts: [],
        },
      },
      'POST /api/orders/12/reopen': {
        status: 409,
        body: {
          error: 'not_enough_stock',
          code: 'not_enough_stock',
          message: 'Not enough stock for Steel Hinges',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reopen order 12' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reopen order' }));
    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Deliver after all');
    await user.click(dialog.getByRole('button', { name: 'Reopen order' }));
    expect(await dialog.findByText('Not enough stock for Steel Hinges')).toBeInTheDocument();
  });
});
