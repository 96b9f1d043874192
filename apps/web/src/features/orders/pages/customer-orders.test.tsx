import { type Notification, type Order, type OrderDetail, PATHS } from '@depot/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeEventSource, openedLiveStream } from '@/testing/fake-event-source';
import { stubFetch } from '@/testing/fetch-stub';
import { listServer } from '@/testing/list-server';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { getOrderDraft } from '../order-draft';
import { NO_CUSTOMER_ORDERS_TEXT } from './customer-orders-page';

const CUSTOMER = TEST_USERS.customer;

function orderOf(id: number, overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
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
    status: 'Processing',
    courier_service_id: 21,
    customer_id: CUSTOMER.id,
    customer_name: CUSTOMER.name,
    courier_name: 'Swift Couriers',
    status_history: [{ status: 'Processing', at: '2026-11-20T09:00:00.000Z' }],
    tracking_url: 'http://depot.test/track/abcdefghijklmnopqrstuv',
    delivery_code: '4821',
    proof: null,
    ...overrides,
  };
}

function renderOrders(
  path: string,
  orders: () => OrderDetail[],
  extra: Parameters<typeof stubFetch>[0] = {},
) {
  installFakeEventSource();
  const routes: Parameters<typeof stubFetch>[0] = {
    'GET /auth/profile': { status: 200, body: profileOf(CUSTOMER) },
    'GET /api/orders': listServer<Order>(orders, {
      searchIn: (order) => [order.id, order.shipping_address, order.pin_code],
      filter: (order, query) =>
        query.getAll('status').length === 0 || query.getAll('status').includes(order.status),
    }),
    ...extra,
  };
  for (const order of orders()) {
    routes[`GET /api/orders/${order.id}`] = () => ({
      status: 200,
      body: orders().find((candidate) => candidate.id === order.id),
    });
  }
  const fetchStub = stubFetch(routes);
  return { ...renderApp(path, { storedUser: CUSTOMER }), ...fetchStub };
}

describe('My Orders (customer)', () => {
  it('is in the sidebar and lists the orders, each linking to its page, filtered by status on the server', async () => {
    const orders = [orderOf(12, { status: 'Delivered' }), orderOf(11)];
    const { requestsTo } = renderOrders(PATHS.customerOrders, () => orders);
    expect(await screen.findByRole('heading', { name: 'My Orders', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', PATHS.customerOrders);
    const link = await screen.findByRole('link', { name: 'Order #12' });
    expect(link).toHaveAttribute('href', '/dashboard/orders/12');
    expect(screen.getByRole('link', { name: 'Order #11' })).toBeInTheDocument();

    expect(requestsTo('GET /api/orders').at(-1)?.query.getAll('status')).toEqual([]);
  });

  it('asks the server for the statuses the URL holds', async () => {
    const orders = [orderOf(12, { status: 'Delivered' }), orderOf(11)];
    const { requestsTo } = renderOrders(`${PATHS.customerOrders}?status=Delivered`, () => orders);
    expect(await screen.findByRole('link', { name: 'Order #12' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Order #11' })).not.toBeInTheDocument();
    expect(requestsTo('GET /api/orders').at(-1)?.query.getAll('status')).toEqual(['Delivered']);
  });

  it('says so when there are none yet', async () => {
    renderOrders(PATHS.customerOrders, () => []);
    expect(await screen.findByText(NO_CUSTOMER_ORDERS_TEXT)).toBeInTheDocument();
  });
});

describe('an order page', () => {
  it('shows the timeline, items, totals, address, courier, expected date and the tracking link', async () => {
    const order = orderOf(11, {
      status: 'In Transit',
      status_history: [
        { status: 'Processing', at: '2026-11-20T09:00:00.000Z' },
        { status: 'In Transit', at: '2026-11-21T14:30:00.000Z' },
      ],
    });
    renderOrders('/dashboard/orders/11', () => [order]);
    expect(await screen.findByRole('heading', { name: 'Order #11' })).toBeInTheDocument();
    const timeline = screen.getByLabelText('Status timeline');
    expect(timeline).toHaveTextContent('Processing20/11/2026, 09:00');
    expect(timeline).toHaveTextContent('In Transit21/11/2026, 14:30');
    expect(screen.getByRole('list', { name: 'Order lines' })).toHaveTextContent(
      'Steel Hinges × 4 at $4.25$17.00',
    );
    expect(screen.getByText('$24.80')).toBeInTheDocument();
    expect(screen.getByText('Swift Couriers')).toBeInTheDocument();
    expect(screen.getByText('22/11/2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: order.tracking_url })).toHaveAttribute(
      'href',
      order.tracking_url,
    );
    // Only a Processing order can be cancelled.
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    // Open: the delivery code the courier asks for at the door (docs/decisions/032).
    expect(screen.getByRole('region', { name: 'Delivery code' })).toHaveTextContent('4821');
    expect(screen.queryByRole('region', { name: 'Proof of delivery' })).not.toBeInTheDocument();
  });

  it("shows a Delivered order's proof: recipient, method, both times and the photo", async () => {
    const order = orderOf(12, {
      status: 'Delivered',
      delivery_code: null,
      proof: {
        recipient_name: 'Neighbour at no. 3',
        method: 'photo',
        at: '2026-11-22T11:05:00.000Z',
        device_at: '2026-11-22T10:40:00.000Z',
        photo_url: '/api/orders/12/proof/photo',
      },
    });
    renderOrders('/dashboard/orders/12', () => [order]);
    const proof = await screen.findByRole('region', { name: 'Proof of delivery' });
    expect(proof).toHaveTextContent('Received byNeighbour at no. 3');
    expect(proof).toHaveTextContent('Proven byPhoto');
    expect(proof).toHaveTextContent('22/11/2026, 11:05');
    expect(proof).toHaveTextContent("Made offline on the courier's device at 22/11/2026, 10:40");
    expect(within(proof).getByRole('img', { name: /Photo of the delivery/ })).toHaveAttribute(
      'src',
      '/api/orders/12/proof/photo',
    );
    expect(screen.queryByRole('region', { name: 'Delivery code' })).not.toBeInTheDocument();
  });

  it('cancels a Processing order after asking, and shows it Cancelled', async () => {
    let order = orderOf(11);
    const { user, requestsTo } = renderOrders('/dashboard/orders/11', () => [order], {
      'POST /api/orders/11/cancel': () => {
        order = orderOf(11, {
          status: 'Cancelled',
          status_history: [...order.status_history, { status: 'Cancelled', at: '2026-11-20T10:00:00.000Z' }],
        });
        return { status: 200, body: { message: 'Order cancelled', order } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.getByLabelText('Status timeline')).toHaveTextContent('Cancelled'));
    expect(requestsTo('POST /api/orders/11/cancel')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('follows a live change of the order', async () => {
    let order = orderOf(11);
    renderOrders('/dashboard/orders/11', () => [order]);
    await screen.findByRole('heading', { name: 'Order #11' });
    const stream = await openedLiveStream();
    order = orderOf(11, {
      status: 'In Transit',
      status_history: [...order.status_history, { status: 'In Transit', at: '2026-11-21T08:15:00.000Z' }],
    });
    act(() => {
      stream.emit('order-updated', { order });
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Status timeline')).toHaveTextContent('In Transit21/11/2026, 08:15'),
    );
  });

  it('"Order again" fills the products form with the same items and delivery details', async () => {
    const { user, router } = renderOrders('/dashboard/orders/11', () => [orderOf(11)], {
      'GET /api/stocks': { status: 200, body: [] },
      'GET /api/couriers-services': { status: 200, body: [{ id: 21, name: 'Swift Couriers' }] },
    });
    await user.click(await screen.findByRole('button', { name: 'Order again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PATHS.products));
    expect(getOrderDraft(CUSTOMER.id)).toMatchObject({
      shipping_address: '12 Janpath Road, New Delhi',
      pin_code: '110001',
      location_type: 'urban',
      courier_service_id: 21,
      items: [{ stock_id: 3, product_name: 'Steel Hinges', quantity: 4 }],
    });
  });
});

describe('notifications', () => {
  it('link to their order', async () => {
    installFakeEventSource();
    const notification: Notification = {
      id: 4,
      title: 'In Transit',
      message: 'Order #11 is now In Transit',
      order_id: 11,
      created_at: '2026-11-21T14:30:00.000Z',
    };
    stubFetch({
      'GET /auth/profile': { status: 200, body: profileOf(CUSTOMER) },
      'GET /api/notifications': { status: 200, body: [notification] },
    });
    renderApp(PATHS.notifications, { storedUser: CUSTOMER });
    expect(await screen.findByRole('link', { name: 'View order #11' })).toHaveAttribute(
      'href',
      '/dashboard/orders/11',
    );
  });
});
