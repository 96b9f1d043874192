import { PATHS, SUPPLY_ORDER_MESSAGES, type SupplyOrder } from '@depot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '@/hooks/use-is-phone';
import { type FetchRoutes, stubFetch } from '@/testing/fetch-stub';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import {
  ORDERS_URL,
  SUPPLY_ORDER_COLUMNS,
  supplyOrder,
  supplyOrderServer,
  tableRows,
} from '../testing/supply-order-fixtures';

const SUPPLIER = TEST_USERS.supplier;

function renderSupplyOrders(orders: SupplyOrder[] | (() => SupplyOrder[]), routes: FetchRoutes = {}) {
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(SUPPLIER) },
    [`GET ${ORDERS_URL}`]: supplyOrderServer(orders),
    ...routes,
  });
  return { ...renderApp(PATHS.supplyOrders, { storedUser: SUPPLIER }), ...fetchStub };
}

type SupplyOrdersPage = ReturnType<typeof renderSupplyOrders>;

async function openUpdate({ user }: SupplyOrdersPage, id: number) {
  await user.click(await screen.findByRole('button', { name: `Update order ${id}` }));
  return within(await screen.findByRole('dialog', { name: `Update Order ${id}` }));
}

const IN_TRANSIT = supplyOrder(7, {
  status: 'In Transit',
  expected_delivery_time: '2026-06-20T09:30:00.000Z',
  order_items: [
    { product_id: 5, product_name: 'Flange', quantity: 3, delivered_quantity: 0, price: 1234.5, weight: 2 },
  ],
  total_quantity: 3,
  total_cost: 3703.5,
});

describe('Supply Orders page', () => {
  it('lists the orders with the documented columns, totals, and “Waiting for update”', async () => {
    renderSupplyOrders([IN_TRANSIT, supplyOrder(6)]);

    expect(await screen.findByRole('heading', { name: 'Supply Orders' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([...SUPPLY_ORDER_COLUMNS, 'Action']);
    expect(tableRows(table)).toEqual([
      [
        '',
        '715/06/2026',
        'Sam Supplier',
        'Ivy Manager',
        'Flange × 3',
        '$3,703.503 units',
        '4 Warehouse Row, Pune+91 98765 43210',
        'In Transit20/06/2026, 09:30',
        'DeliverUpdate',
      ],
      [
        '',
        '615/06/2026',
        'Sam Supplier',
        'Ivy Manager',
        'Hex bolt × 4Nut × 10',
        '$59.9014 units',
        '4 Warehouse Row, Pune+91 98765 43210',
        `Order Received${SUPPLY_ORDER_MESSAGES.waitingForUpdate}`,
        'DeliverUpdate',
      ],
    ]);
    // The whole address is there on hover when a long one is cut to two lines.
    expect(within(table).getAllByTitle('4 Warehouse Row, Pune')).toHaveLength(2);
    // Statuses read as written, not upper-cased.
    expect(within(table).getByText('Order Received')).toBeVisible();
  });

  it("shows 'Waiting for update' only while an update can still come", async () => {
    renderSupplyOrders([
      supplyOrder(8, { status: 'Delivered' }),
      supplyOrder(9, { status: 'Canceled' }),
      supplyOrder(10),
    ]);
    const table = await screen.findByRole('table');
    expect(tableRows(table).map((row) => row[7])).toEqual([
      `Order Received${SUPPLY_ORDER_MESSAGES.waitingForUpdate}`,
      'Canceled—',
      'Delivered—',
    ]);
  });

  it('shows a partly delivered order and records a delivery of the units arriving now', async () => {
    const partly = supplyOrder(11, {
      status: 'In Transit',
      order_items: [
        {
          product_id: 1,
          product_name: 'Hex bolt',
          quantity: 4,
          delivered_quantity: 4,
          price: 12.5,
          weight: 0.25,
        },
        {
          product_id: 2,
          product_name: 'Nut',
          quantity: 10,
          delivered_quantity: 3,
          price: 0.99,
          weight: 0.01,
        },
        {
          product_id: 3,
          product_name: 'Washer',
          quantity: 6,
          delivered_quantity: 0,
          price: 0.1,
          weight: 0.01,
        },
      ],
      total_quantity: 20,
      delivered_quantity: 7,
    });
    const page = renderSupplyOrders([partly], {
      'POST /api/replenishment-orders/11/deliveries': {
        status: 200,
        body: { message: SUPPLY_ORDER_MESSAGES.deliveryRecorded, order: partly },
      },
    });
    const table = await screen.findByRole('table');
    const [row] = tableRows(table);
    expect(row?.[4]).toBe('Hex bolt × 4 (4 delivered)Nut × 10 (3 delivered)Washer × 6 (0 delivered)');
    expect(row?.[7]).toContain('In TransitPartly delivered: 7 of 20');

    await page.user.click(screen.getByRole('button', { name: 'Record delivery for order 11' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record Delivery for Order 11' }));
    // Lines delivered whole are not offered; each box starts with what is still to come.
    expect(dialog.queryByRole('spinbutton', { name: 'Arriving now of Hex bolt' })).not.toBeInTheDocument();
    expect(dialog.getByRole('spinbutton', { name: 'Arriving now of Nut' })).toHaveValue(7);
    const washers = dialog.getByRole('spinbutton', { name: 'Arriving now of Washer' });
    expect(washers).toHaveValue(6);
    await page.user.clear(washers);
    await page.user.type(washers, '0');
    const nuts = dialog.getByRole('spinbutton', { name: 'Arriving now of Nut' });
    await page.user.clear(nuts);
    await page.user.type(nuts, '2');

    await page.user.click(dialog.getByRole('button', { name: 'Record Delivery' }));
    expect(await screen.findByText(SUPPLY_ORDER_MESSAGES.deliveryRecorded)).toBeInTheDocument();
    expect(page.requestsTo('POST /api/replenishment-orders/11/deliveries')[0]?.body).toEqual({
      lines: [{ product_id: 2, quantity: 2 }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows 'No supply orders found.' when there are none", async () => {
    renderSupplyOrders([]);
    expect(await screen.findByText(SUPPLY_ORDER_MESSAGES.noSupplyOrders)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('starts the Update dialog from the current status and asks for a change', async () => {
    const page = renderSupplyOrders([IN_TRANSIT]);
    const dialog = await openUpdate(page, 7);

    expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveValue('In Transit');
    expect(
      within(dialog.getByRole('combobox', { name: 'Status' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Order Received', 'Processing', 'In Transit', 'Delivered', 'Delayed', 'Canceled']);
    // As the tables write it: dd/mm/yyyy hh:mm (docs/product/screens.md#formats).
    expect(dialog.getByLabelText('Expected Delivery')).toHaveValue('20/06/2026 09:30');

    await page.user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(SUPPLY_ORDER_MESSAGES.nothingToUpdate);
    expect(page.requestsTo('PUT /api/replenishment-orders/7')).toHaveLength(0);

    // The message answers that try: changing a field takes it away.
    await page.user.selectOptions(dialog.getByRole('combobox', { name: 'Status' }), 'Delayed');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("puts the server's refusal of a field on that field, beside the error toast", async () => {
    const page = renderSupplyOrders([IN_TRANSIT], {
      'PUT /api/replenishment-orders/7': {
        status: 400,
        body: {
          error: SUPPLY_ORDER_MESSAGES.invalidExpectedDelivery,
          message: SUPPLY_ORDER_MESSAGES.invalidExpectedDelivery,
          details: [
            { path: 'body.expected_delivery_time', message: SUPPLY_ORDER_MESSAGES.invalidExpectedDelivery },
          ],
        },
      },
    });
    const dialog = await openUpdate(page, 7);
    await page.user.clear(dialog.getByLabelText('Expected Delivery'));
    await page.user.type(dialog.getByLabelText('Expected Delivery'), '2026-06-22T08:00');
    await page.user.click(dialog.getByRole('button', { name: 'Update' }));

    await waitFor(() =>
      expect(dialog.getByLabelText('Expected Delivery')).toHaveAccessibleDescription(
        expect.stringContaining(SUPPLY_ORDER_MESSAGES.invalidExpectedDelivery),
      ),
    );
    expect(dialog.getByRole('combobox', { name: 'Status' })).not.toHaveAttribute('aria-invalid');
    await waitFor(() =>
      expect(screen.getAllByText(SUPPLY_ORDER_MESSAGES.invalidExpectedDelivery)).toHaveLength(2),
    );
  });

  it('sends only what changed, the date-time as UTC, then toasts and refreshes', async () => {
    let orders = [supplyOrder(6)];
    const page = renderSupplyOrders(() => orders, {
      'PUT /api/replenishment-orders/6': () => {
        orders = [
          supplyOrder(6, { status: 'Processing', expected_delivery_time: '2026-07-01T14:30:00.000Z' }),
        ];
        return { status: 200, body: { message: SUPPLY_ORDER_MESSAGES.updated, order: orders[0] } };
      },
    });
    const dialog = await openUpdate(page, 6);
    expect(dialog.getByLabelText('Expected Delivery')).toHaveValue('');
    await page.user.selectOptions(dialog.getByRole('combobox', { name: 'Status' }), 'Processing');
    await page.user.type(dialog.getByLabelText('Expected Delivery'), '01/07/2026 14:30');
    await page.user.click(dialog.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(SUPPLY_ORDER_MESSAGES.updated)).toBeInTheDocument();
    expect(page.requestsTo('PUT /api/replenishment-orders/6')[0]?.body).toEqual({
      status: 'Processing',
      expected_delivery_time: '2026-07-01T14:30:00.000Z',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('01/07/2026, 14:30')).toBeInTheDocument();
  });

  it('sends the date-time alone when only it changed', async () => {
    const page = renderSupplyOrders([IN_TRANSIT], {
      'PUT /api/replenishment-orders/7': {
        status: 200,
        body: { message: SUPPLY_ORDER_MESSAGES.updated, order: IN_TRANSIT },
      },
    });
    const dialog = await openUpdate(page, 7);
    await page.user.clear(dialog.getByLabelText('Expected Delivery'));
    await page.user.type(dialog.getByLabelText('Expected Delivery'), '2026-06-22T08:00');
    await page.user.click(dialog.getByRole('button', { name: 'Update' }));
    await screen.findByText(SUPPLY_ORDER_MESSAGES.updated);
    expect(page.requestsTo('PUT /api/replenishment-orders/7')[0]?.body).toEqual({
      expected_delivery_time: '2026-06-22T08:00:00.000Z',
    });
  });

  it("toasts the server's error when the update is refused, and only logs a network error", async () => {
    const refusal = 'This order is Delivered and can no longer be changed';
    let answer: () => Promise<never> | { status: number; body: unknown } = () => ({
      status: 409,
      body: { error: refusal, message: refusal },
    });
    const page = renderSupplyOrders([supplyOrder(6)], { 'PUT /api/replenishment-orders/6': () => answer() });
    const dialog = await openUpdate(page, 6);
    await page.user.selectOptions(dialog.getByRole('combobox', { name: 'Status' }), 'Delayed');
    await page.user.click(dialog.getByRole('button', { name: 'Update' }));

    const toast = await screen.findByText(refusal);
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
    expect(screen.getByRole('dialog', { name: 'Update Order 6' })).toBeInTheDocument();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await page.user.click(dialog.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getAllByText(refusal)).toHaveLength(1);
  });

  it('turns the Update button off for Delivered and Canceled orders', async () => {
    renderSupplyOrders([
      supplyOrder(8, { status: 'Delivered' }),
      supplyOrder(9, { status: 'Canceled' }),
      IN_TRANSIT,
    ]);
    expect(await screen.findByRole('button', { name: 'Update order 8' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update order 9' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update order 7' })).toBeEnabled();
  });

  it('pages on the server, showing the total, and filters by status', async () => {
    const orders = Array.from({ length: 52 }, (_, index) =>
      supplyOrder(index + 1, { status: index % 2 ? 'Processing' : 'Order Received' }),
    );
    const page = renderSupplyOrders(orders);
    expect(await screen.findByText('Showing 1–25 of 52 supply orders')).toBeInTheDocument();
    expect(tableRows(screen.getByRole('table'))).toHaveLength(25);
    expect(screen.getByRole('button', { name: 'Update order 52' })).toBeInTheDocument();

    await page.user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 51–52 of 52 supply orders')).toBeInTheDocument();
    expect(tableRows(screen.getByRole('table'))).toHaveLength(2);
    expect(page.requestsTo(`GET ${ORDERS_URL}`).at(-1)?.query.toString()).toBe(
      'sort=id&order=desc&limit=25&offset=50',
    );
    expect(page.router.state.location.search).toBe('?page=3');

    await page.user.click(screen.getByRole('combobox', { name: 'Status' }));
    await page.user.click(await screen.findByRole('option', { name: 'Processing' }));
    expect(await screen.findByText('Showing 1–25 of 26 supply orders')).toBeInTheDocument();
    expect(page.requestsTo(`GET ${ORDERS_URL}`).at(-1)?.query.getAll('status')).toEqual(['Processing']);
    expect(page.router.state.location.search).toBe('?status=Processing');
  });
});

describe('Supply Orders on a phone', () => {
  it('lists the orders as cards with their Update action', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query === PHONE_QUERY,
    }));
    renderSupplyOrders([IN_TRANSIT]);

    const list = await screen.findByRole('list', { name: 'Supply orders' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(list).getAllByRole('listitem') as [HTMLElement];
    expect(card).toHaveTextContent('Order ID 7');
    expect(card).toHaveTextContent('Flange × 3');
    expect(card).toHaveTextContent('$3,703.50');
    expect(card).toHaveTextContent('20/06/2026, 09:30');
    expect(within(card).getByRole('button', { name: 'Update order 7' })).toBeEnabled();
  });
});
