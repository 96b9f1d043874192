import {
  type CourierDay,
  type CustomerDay,
  PATHS,
  type SessionUser,
  type SupplierDay,
} from '@depot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { NO_DELIVERIES_TODAY_TEXT, NOTHING_OVERDUE_TEXT } from '../components/courier-day';
import { NO_DELIVERIES_TEXT, NO_OPEN_ORDERS_TEXT } from '../components/customer-day';
import { NO_OPEN_SUPPLY_ORDERS_TEXT, NOTHING_DUE_TEXT } from '../components/supplier-day';
import { OVERVIEW_TEXT } from './overview-page';

const COURIER: SessionUser = { id: 11, role: 'Courier Service', name: 'Speedy', email: 'speedy@example.com' };

const CUSTOMER_DAY: CustomerDay = {
  today: '2026-06-15',
  open: { Processing: 2, 'In Transit': 1 },
  delivered: 4,
  last_deliveries: [
    { id: 41, delivered_at: '2026-06-14T10:00:00.000Z', items_total: 40, shipping_cost: 5, item_count: 2 },
  ],
};
const SUPPLIER_DAY: SupplierDay = {
  today: '2026-06-15',
  yesterday: '2026-06-14',
  week_from: '2026-06-15',
  week_to: '2026-06-21',
  open: { 'Order Received': 3, Processing: 1, 'In Transit': 0, Delayed: 2 },
  due_this_week: 2,
  overdue: 1,
};
const COURIER_DAY: CourierDay = {
  today: '2026-06-15',
  yesterday: '2026-06-14',
  today_by_status: { Processing: 5, 'In Transit': 2, Delivered: 1, Returned: 0, Cancelled: 0 },
  overdue: { Processing: 1, 'In Transit': 3 },
};

function renderOverview(user: SessionUser, routes: Record<string, unknown>) {
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(user) },
    'GET /api/supplier-scorecards': { status: 200, body: { scorecards: [] } },
    ...Object.fromEntries(Object.entries(routes).map(([key, body]) => [key, { status: 200, body }])),
    'GET /api/orders': { status: 200, body: [] },
    // The board's counts: the courier has orders, none of them in the filtered list.
    'GET /api/orders/status-counts': {
      status: 200,
      body: { counts: { Processing: 5, 'In Transit': 3, Delivered: 0, Cancelled: 0 }, total: 8 },
    },
    'GET /api/replenishment-orders': { status: 200, body: [] },
  });
  return { ...renderApp(PATHS.overview, { storedUser: user }), ...fetchStub };
}

const linkTo = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe("a customer's Overview", () => {
  it('shows open orders by status and the last deliveries, each number a link to the list it counts', async () => {
    renderOverview(TEST_USERS.customer, { 'GET /api/overview/customer': CUSTOMER_DAY });
    expect(await screen.findByText(OVERVIEW_TEXT)).toBeInTheDocument();
    await screen.findByRole('link', { name: '2 Processing orders' });
    expect(linkTo('2 Processing orders')).toBe('/dashboard/orders?status=Processing');
    expect(linkTo('1 In Transit orders')).toBe('/dashboard/orders?status=In+Transit');
    expect(linkTo('4 Delivered orders')).toBe(
      '/dashboard/orders?status=Delivered&sort=delivery_date&order=desc',
    );
    const last = screen.getByRole('region', { name: 'Last deliveries' });
    expect(within(last).getByRole('link', { name: 'Order #41' })).toHaveAttribute(
      'href',
      '/dashboard/orders/41',
    );
    expect(within(last).getByText(/2 items · \$45\.00/)).toBeInTheDocument();
  });

  it('says so when there is nothing open and nothing delivered', async () => {
    renderOverview(TEST_USERS.customer, {
      'GET /api/overview/customer': {
        ...CUSTOMER_DAY,
        open: { Processing: 0, 'In Transit': 0 },
        delivered: 0,
        last_deliveries: [],
      },
    });
    expect(await screen.findByText(NO_OPEN_ORDERS_TEXT)).toBeInTheDocument();
    expect(screen.getByText(NO_DELIVERIES_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Products to place one.' })).toHaveAttribute(
      'href',
      PATHS.products,
    );
  });
});

describe("a supplier's Overview", () => {
  it('shows open supply orders by status, those due this week and those overdue, linked to Supply Orders filtered', async () => {
    renderOverview(TEST_USERS.supplier, { 'GET /api/overview/supplier': SUPPLIER_DAY });
    await screen.findByRole('link', { name: '6 All open supply orders' });
    const open = 'status=Order+Received&status=Processing&status=In+Transit&status=Delayed';
    expect(linkTo('6 All open supply orders')).toBe(`/dashboard/supply-orders?${open}`);
    expect(linkTo('2 Delayed supply orders')).toBe('/dashboard/supply-orders?status=Delayed');
    expect(linkTo('2 Due this week supply orders')).toBe(
      `/dashboard/supply-orders?${open}&due_from=2026-06-15&due_to=2026-06-21`,
    );
    expect(linkTo('1 Overdue supply orders')).toBe(`/dashboard/supply-orders?${open}&due_to=2026-06-14`);
    expect(screen.getByText('This week (15/06/2026 – 21/06/2026)')).toBeInTheDocument();
  });

  it('opens Supply Orders with the filter shown, and clears it', async () => {
    const page = renderOverview(TEST_USERS.supplier, { 'GET /api/overview/supplier': SUPPLIER_DAY });
    await userEvent.click(await screen.findByRole('link', { name: '1 Overdue supply orders' }));
    const clear = await screen.findByRole('button', { name: 'Clear the filter Expected up to 14/06/2026' });
    const asked = page.requestsTo('GET /api/replenishment-orders').at(-1)?.query;
    expect(asked?.getAll('status')).toEqual(['Order Received', 'Processing', 'In Transit', 'Delayed']);
    expect(asked?.get('due_to')).toBe('2026-06-14');
    await userEvent.click(clear);
    expect(screen.queryByRole('button', { name: /Clear the filter Expected/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(page.requestsTo('GET /api/replenishment-orders').at(-1)?.query.has('due_to')).toBe(false),
    );
  });

  it('says so when nothing is open or due', async () => {
    renderOverview(TEST_USERS.supplier, {
      'GET /api/overview/supplier': {
        ...SUPPLIER_DAY,
        open: { 'Order Received': 0, Processing: 0, 'In Transit': 0, Delayed: 0 },
        due_this_week: 0,
        overdue: 0,
      },
    });
    expect(await screen.findByText(NO_OPEN_SUPPLY_ORDERS_TEXT)).toBeInTheDocument();
    expect(screen.getByText(NOTHING_DUE_TEXT)).toBeInTheDocument();
  });
});

describe("a courier's Overview", () => {
  it("shows today's deliveries by status and the overdue ones, linked to the board filtered", async () => {
    const page = renderOverview(COURIER, { 'GET /api/overview/courier': COURIER_DAY });
    await screen.findByRole('link', { name: '5 Processing orders due today' });
    expect(linkTo('5 Processing orders due today')).toBe(
      '/dashboard/couriers?status=Processing&delivery_from=2026-06-15&delivery_to=2026-06-15',
    );
    expect(linkTo('3 In Transit orders overdue')).toBe(
      '/dashboard/couriers?status=In+Transit&delivery_to=2026-06-14',
    );
    expect(screen.getByText('Due today (15/06/2026)')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: '3 In Transit orders overdue' }));
    expect(
      await screen.findByRole('button', { name: 'Clear the filter Due up to 14/06/2026' }),
    ).toBeInTheDocument();
    const asked = page.requestsTo('GET /api/orders').at(-1)?.query;
    expect(asked?.getAll('status')).toEqual(['In Transit']);
    expect(asked?.get('delivery_to')).toBe('2026-06-14');
  });

  it('says so when nothing is due today or overdue', async () => {
    renderOverview(COURIER, {
      'GET /api/overview/courier': {
        ...COURIER_DAY,
        today_by_status: { Processing: 0, 'In Transit': 0, Delivered: 0, Returned: 0, Cancelled: 0 },
        overdue: { Processing: 0, 'In Transit': 0 },
      },
    });
    expect(await screen.findByText(NO_DELIVERIES_TODAY_TEXT)).toBeInTheDocument();
    expect(screen.getByText(NOTHING_OVERDUE_TEXT)).toBeInTheDocument();
  });
});
