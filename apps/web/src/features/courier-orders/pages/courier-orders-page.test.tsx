import { ORDER_MESSAGES, ORDER_STATUSES, type Order, PATHS, type SessionUser } from '@depot/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeEventSource, openedLiveStream } from '@/testing/fake-event-source';
import { type FetchRoutes, stubFetch } from '@/testing/fetch-stub';
import { listServer } from '@/testing/list-server';
import { profileOf, renderApp } from '@/testing/render-app';
import { NO_COURIER_ORDERS_TEXT, NO_OPEN_ORDERS_TEXT } from './courier-orders-page';

const COURIER: SessionUser = {
  id: 12,
  role: 'Courier Service',
  name: 'Swift Couriers',
  email: 'swift@example.com',
};

function order(id: number, overrides: Partial<Order> = {}): Order {
  return {
    id,
    created_at: '2026-11-22T10:35:00.000Z',
    shipping_address: `${id} Janpath Road`,
    pin_code: '110001',
    location_type: 'urban',
    phone_number: '+91 98765 43210',
    consignment_weight: 1.4,
    order_items: [{ stock_id: 1, product_name: 'Steel Hinges', quantity: 4, price: 4.25, weight: 0.35 }],
    items_total: 17,
    shipping_cost: 7.8,
    delivery_date: '2026-11-24T10:35:00.000Z',
    status: 'Processing',
    courier_service_id: COURIER.id,
    customer_name: 'Asha Verma',
    customer_id: 8,
    ...overrides,
  };
}

/** The board over `orders`: its open orders, or what `search` chooses ('?status=all', '?due=today'). */
function renderBoard(orders: Order[] | (() => Order[]), routes: FetchRoutes = {}, search = '') {
  installFakeEventSource();
  const rowsOf = () => (typeof orders === 'function' ? orders() : orders);
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(COURIER) },
    'GET /api/orders': listServer(orders, {
      searchIn: (row) => [row.id, row.customer_name, row.shipping_address, row.pin_code, row.phone_number],
      filter: (row, query) => !query.has('status') || query.getAll('status').includes(row.status),
    }),
    'GET /api/orders/status-counts': () => {
      const counts = Object.fromEntries(
        ORDER_STATUSES.map((status) => [status, rowsOf().filter((row) => row.status === status).length]),
      );
      return { status: 200, body: { counts, total: rowsOf().length } };
    },
    ...routes,
  });
  return { ...renderApp(`${PATHS.couriers}${search}`, { storedUser: COURIER }), ...fetchStub };
}

const bodyRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('Courier Service page', () => {
  it('keeps a Cancelled order on the board with its Update disabled, and a live cancel disables it', async () => {
    let orders = [order(2, { status: 'Cancelled' }), order(1)];
    renderBoard(() => orders, {}, '?status=all');
    expect(await screen.findByRole('button', { name: 'Update status of order 2' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update status of order 1' })).toBeEnabled();
    const stream = await openedLiveStream();
    const cancelled = order(1, { status: 'Cancelled' });
    orders = [orders[0] as Order, cancelled];
    act(() => {
      stream.emit('order-updated', { order: cancelled });
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Update status of order 1' })).toBeDisabled(),
    );
  });

  it('drops an order given to another courier', async () => {
    let orders = [order(2), order(1)];
    renderBoard(() => orders);
    await screen.findByRole('button', { name: 'Update status of order 1' });
    const stream = await openedLiveStream();
    const moved = order(1, { courier_service_id: 99 });
    orders = [order(2)];
    act(() => {
      stream.emit('order-updated', { order: moved });
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Update status of order 1' })).not.toBeInTheDocument(),
    );
  });

  it("shows the courier's orders with the customer, their phone and the dates", async () => {
    const { requestsTo } = renderBoard([order(2, { status: 'In Transit' }), order(1)]);

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Order ID',
      'Customer',
      'Delivery Address',
      'Weight',
      'Items',
      'Shipping Cost',
      'Order status',
      'Action',
    ]);
    expect(bodyRows()).toEqual([
      [
        '222/11/2026',
        'Asha Verma+91 98765 43210',
        '2 Janpath Road (110001)',
        '1.40 kg',
        'Steel Hinges × 4',
        '$7.80',
        'In TransitDelivery 24/11/2026',
        'UpdateFailed attempt',
      ],
      [
        '122/11/2026',
        'Asha Verma+91 98765 43210',
        '1 Janpath Road (110001)',
        '1.40 kg',
        'Steel Hinges × 4',
        '$7.80',
        'ProcessingDelivery 24/11/2026',
        'UpdateFailed attempt',
      ],
    ]);
    expect(within(table).getAllByRole('link', { name: '+91 98765 43210' })[0]).toHaveAttribute(
      'href',
      'tel:+91 98765 43210',
    );
    // The open orders, soonest due first.
    const query = requestsTo('GET /api/orders')[0]?.query;
    expect(query?.getAll('status')).toEqual(['Processing', 'In Transit']);
    expect(query?.has('delivery_to')).toBe(false);
    expect(query?.get('sort')).toBe('delivery_date');
    expect(query?.get('order')).toBe('asc');
    expect(screen.getByText('2 orders')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Processing (1)' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Open (2)' })).toBeChecked();
  });

  it('shows an empty state when no order is assigned', async () => {
    renderBoard([]);
    expect(await screen.findByText(NO_COURIER_ORDERS_TEXT)).toBeInTheDocument();
  });

  it('says when nothing is open, and when nothing is due today', async () => {
    renderBoard([order(1, { status: 'Delivered' })]);
    expect(await screen.findByText(NO_OPEN_ORDERS_TEXT)).toBeInTheDocument();
  });

  it('asks for what is due by today with "Due today"', async () => {
    const { user, requestsTo, router } = renderBoard([order(1)]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('radio', { name: 'Due today' }));
    await waitFor(() =>
      expect(requestsTo('GET /api/orders').at(-1)?.query.get('delivery_to')).toMatch(/^\d{4}-\d{2}-\d{2}$/),
    );
    expect(requestsTo('GET /api/orders/status-counts').at(-1)?.query.get('delivery_to')).toMatch(/^\d{4}-/);
    expect(router.state.location.search).toBe('?due=today');
  });

  it('keeps Delivered final: its Update and its tick are disabled', async () => {
    renderBoard([order(2, { status: 'Delivered' }), order(1)], {}, '?status=all');
    expect(await screen.findByRole('button', { name: 'Update status of order 2' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select order 2' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select order 1' })).toBeEnabled();
  });

  // Many clicks on a table of ticks: room for a busy machine.
  it('sets one status on the ticked orders in one request and tells what was refused', {
    timeout: 30_000,
  }, async () => {
    const { user, requestsTo } = renderBoard([order(3), order(2), order(1)], {
      'POST /api/orders/status': {
        status: 200,
        body: {
          message: '1 order updated, 1 refused',
          results: [
            { id: 3, outcome: 'updated', order: order(3, { status: 'In Transit' }) },
            { id: 1, outcome: 'refused', code: 'not_found', message: 'Order not found' },
          ],
        },
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select order 3' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order 1' }));
    const bar = within(screen.getByRole('region', { name: 'Selected orders' }));
    expect(bar.getByText('2 selected')).toBeInTheDocument();
    // The ticked orders' packing slips open in a new tab, one page each.
    const print = bar.getByRole('link', { name: 'Print packing slips (2)' });
    expect(print).toHaveAttribute('href', '/print/packing-slips?ids=3,1');
    expect(print).toHaveAttribute('target', '_blank');
    // Delivered needs each order's own proof: not offered for several at once.
    const bulkOptions = within(bar.getByRole('combobox', { name: 'New status' })).getAllByRole('option');
    expect(bulkOptions.map((option) => option.textContent)).toEqual(['Processing', 'In Transit', 'Returned']);
    await user.click(bar.getByRole('button', { name: 'Set status' }));

    expect(await screen.findByText('1 order updated, 1 refused')).toBeInTheDocument();
    const [request] = requestsTo('POST /api/orders/status');
    expect(request?.body).toEqual({ ids: [3, 1], status: 'In Transit' });
    expect(request?.headers['idempotency-key']).toBeTruthy();
    expect(await bar.findByText('Order 1: Order not found')).toBeInTheDocument();
    // The refused order stays ticked; the changed one shows its new status in place.
    expect(bar.getByText('1 selected')).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()[0]?.[6]).toBe('In TransitDelivery 24/11/2026'));
  });

  it('asks once more before setting Returned on the ticked orders, as Returned is final', {
    timeout: 30_000,
  }, async () => {
    const { user, requestsTo } = renderBoard([order(2), order(1)], {
      'POST /api/orders/status': {
        status: 200,
        body: {
          message: '2 orders updated',
          results: [
            { id: 2, outcome: 'updated', order: order(2, { status: 'Returned' }) },
            { id: 1, outcome: 'updated', order: order(1, { status: 'Returned' }) },
          ],
        },
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select order 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order 1' }));
    const bar = within(screen.getByRole('region', { name: 'Selected orders' }));
    await user.selectOptions(bar.getByRole('combobox', { name: 'New status' }), 'Returned');
    await user.click(bar.getByRole('button', { name: 'Set status' }));

    const confirm = within(await screen.findByRole('dialog', { name: 'Returned is final' }));
    expect(confirm.getByText(/Mark 2 orders Returned\?/)).toBeInTheDocument();
    expect(requestsTo('POST /api/orders/status')).toHaveLength(0);
    // Cancel sends nothing; asking again and confirming sends the one request.
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Returned is final' })).toBeNull());
    expect(requestsTo('POST /api/orders/status')).toHaveLength(0);
    await user.click(bar.getByRole('button', { name: 'Set status' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Returned is final' })).getByRole('button', {
        name: 'Set Returned',
      }),
    );
    expect(await screen.findByText('2 orders updated')).toBeInTheDocument();
    expect(requestsTo('POST /api/orders/status').map((request) => request.body)).toEqual([
      { ids: [2, 1], status: 'Returned' },
    ]);
  });

  it('changes a status through the dialog, toasts and updates the row in place', async () => {
    const { user, requestsTo } = renderBoard([order(1)], {
      'PUT /api/orders/1': {
        status: 200,
        body: { message: ORDER_MESSAGES.statusUpdated, order: order(1, { status: 'In Transit' }) },
      },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Update status of order 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Order Status' }));
    const select = dialog.getByRole('combobox', { name: 'Order status' });
    expect(select).toHaveValue('Processing');
    expect(dialog.getByRole('button', { name: 'Update' })).toBeDisabled();

    await user.selectOptions(select, 'In Transit');
    await user.click(dialog.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(ORDER_MESSAGES.statusUpdated)).toBeInTheDocument();
    expect(requestsTo('PUT /api/orders/1').map((request) => request.body)).toEqual([
      { status: 'In Transit' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyRows()[0]?.[6]).toBe('In TransitDelivery 24/11/2026');
  });

  it('keeps the dialog open with the reason when the server refuses', async () => {
    const { user } = renderBoard([order(1)], {
      'PUT /api/orders/1': { status: 404, body: { error: 'Order not found', message: 'Order not found' } },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Update status of order 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Order Status' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Order status' }), 'In Transit');
    await user.click(dialog.getByRole('button', { name: 'Update' }));

    expect(await dialog.findByText('Order not found')).toBeInTheDocument();
    expect(bodyRows()[0]?.[6]).toBe('ProcessingDelivery 24/11/2026');
  });

  it("puts the server's refusal of the status on the status field, beside the alert", async () => {
    const refusal = `Invalid input: ${ORDER_MESSAGES.invalidStatus}`;
    const { user } = renderBoard([order(1)], {
      'PUT /api/orders/1': {
        status: 400,
        body: {
          error: refusal,
          message: refusal,
          details: [{ path: 'body.status', message: ORDER_MESSAGES.invalidStatus }],
        },
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Update status of order 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Order Status' }));
    const select = dialog.getByRole('combobox', { name: 'Order status' });
    await user.selectOptions(select, 'In Transit');
    await user.click(dialog.getByRole('button', { name: 'Update' }));

    expect(await dialog.findByText(refusal)).toBeInTheDocument();
    expect(select).toHaveAccessibleDescription(ORDER_MESSAGES.invalidStatus);
    expect(select).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds a newly assigned order and applies a change live, without a reload', async () => {
    let orders = [order(1)];
    renderBoard(() => orders);
    await screen.findByRole('table');
    const stream = await openedLiveStream();

    const assigned = order(5, { created_at: '2026-11-23T08:00:00.000Z' });
    orders = [assigned, ...orders];
    act(() => stream.emit('order-assigned', { order: assigned }));
    await waitFor(() => expect(bodyRows().map((row) => row[0]?.slice(0, 1))).toEqual(['5', '1']));

    act(() => stream.emit('order-updated', { order: order(1, { status: 'Delivered' }) }));
    await waitFor(() => expect(bodyRows()[1]?.[6]).toBe('DeliveredDelivery 24/11/2026'));
  });

  it('filters by status and searches on the server, keeping both in the address', {
    timeout: 30_000,
  }, async () => {
    const { user, requestsTo, router } = renderBoard([order(2, { status: 'In Transit' }), order(1)]);
    await screen.findByRole('table');
    const ids = () => bodyRows().map((row) => row[0]?.slice(0, 1));

    await user.click(await screen.findByRole('radio', { name: 'In Transit (1)' }));
    await waitFor(() => expect(ids()).toEqual(['2']));
    expect(requestsTo('GET /api/orders').at(-1)?.query.getAll('status')).toEqual(['In Transit']);
    expect(router.state.location.search).toBe('?status=In+Transit');

    await user.click(screen.getByRole('radio', { name: 'Open (2)' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), '1 Janpath');
    await waitFor(() => expect(ids()).toEqual(['1']));
    expect(router.state.location.search).toBe('?q=1+Janpath');

    await user.clear(screen.getByRole('searchbox', { name: 'Search orders' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'Mumbai');
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
  });

  it('records a failed attempt through its dialog: a note for Other, then the row shows the next date', async () => {
    const next = new Date(Date.now() + 2 * 86_400_000);
    const day = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}`;
    const shown = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
    const { user, requestsTo } = renderBoard(
      [order(1), order(2, { status: 'Delivered' })],
      {
        'POST /api/orders/1/attempts': {
          status: 201,
          body: {
            message: ORDER_MESSAGES.attemptRecorded,
            order: { ...order(1, { last_attempt_reason: 'other', next_attempt_date: day }), attempts: [] },
          },
        },
      },
      '?status=all',
    );
    await screen.findByRole('table');
    // A final order takes no attempt.
    expect(screen.getByRole('button', { name: 'Failed attempt for order 2' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Failed attempt for order 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Failed attempt' }));
    expect(dialog.getByRole('combobox', { name: 'Reason' })).toHaveValue('no_one_home');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Reason' }), 'Other');
    await user.clear(dialog.getByLabelText(/Next attempt date/));
    await user.type(dialog.getByLabelText(/Next attempt date/), day);
    await user.click(dialog.getByRole('button', { name: 'Record attempt' }));
    // Other needs a note: nothing is sent until it has one.
    expect(await dialog.findByText(ORDER_MESSAGES.attemptNoteRequired)).toBeInTheDocument();
    expect(requestsTo('POST /api/orders/1/attempts')).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: /What happened/ }), 'Gate locked');
    await user.click(dialog.getByRole('button', { name: 'Record attempt' }));
    expect(await screen.findByText(ORDER_MESSAGES.attemptRecorded)).toBeInTheDocument();
    expect(requestsTo('POST /api/orders/1/attempts').map((request) => request.body)).toEqual([
      { reason: 'other', note: 'Gate locked', next_attempt_date: day },
    ]);
    expect(requestsTo('POST /api/orders/1/attempts')[0]?.headers['idempotency-key']).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getAllByText(`Other · next ${shown}`).length).toBeGreaterThan(0));
  });

  it('offers Returned among the statuses and says it is final before it is sent', async () => {
    const { user } = renderBoard([order(1)]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Update status of order 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Order Status' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Order status' }), 'Returned');
    expect(dialog.getByText('Returned is final')).toBeInTheDocument();
  });
});
