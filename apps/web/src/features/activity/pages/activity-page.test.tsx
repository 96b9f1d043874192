import { type ActivityEvent, AUDIT_ACTIONS, PATHS } from '@depot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '@/hooks/use-is-phone';
import { type FetchRoutes, stubFetch } from '@/testing/fetch-stub';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { NO_ACTIVITY_TEXT, NO_MATCHING_ACTIVITY_TEXT } from './activity-page';

const MANAGER = TEST_USERS.inventoryManager;
/** Any page of the list: the stub answers whatever the query. */
const FIRST_PAGE = '/api/activity';

const actor = { id: MANAGER.id, name: MANAGER.name, email: MANAGER.email, role: MANAGER.role };
const STOCK_UPDATED: ActivityEvent = {
  id: 3,
  occurred_at: '2026-11-22T14:05:00.000Z',
  action: 'stock.updated',
  entity_type: 'stock',
  entity_id: 12,
  actor,
  before: { name: 'Copper wire', price: 12.5, quantity: 40, weight: 1.25 },
  after: { name: 'Copper wire', price: 12.5, quantity: 35, weight: 1.25 },
  request_id: 'req-3',
};
const STOCK_CREATED: ActivityEvent = {
  id: 2,
  occurred_at: '2026-11-22T09:00:00.000Z',
  action: 'stock.created',
  entity_type: 'stock',
  entity_id: 12,
  actor,
  before: null,
  after: { name: 'Copper wire', quantity: 40 },
  request_id: 'req-2',
};
const LOGIN_FAILED: ActivityEvent = {
  id: 1,
  occurred_at: '2026-11-21T08:30:00.000Z',
  action: 'auth.login_failed',
  entity_type: 'user',
  entity_id: MANAGER.id,
  actor: null,
  before: null,
  after: { ip: '203.0.113.9', account_exists: true },
  request_id: 'req-1',
};

const PRICE_CHANGED: ActivityEvent = {
  ...STOCK_UPDATED,
  id: 5,
  before: { name: 'Copper wire', price: 12.5, quantity: 1000000, weight: 1.25 },
  after: { name: 'Copper wire', price: 1234.5, quantity: 999999, weight: 12345.6 },
  request_id: 'req-5',
};
const SUPPLY_ORDER_UPDATED: ActivityEvent = {
  id: 4,
  occurred_at: '2026-11-23T10:00:00.000Z',
  action: 'supply_order.updated',
  entity_type: 'supply_order',
  entity_id: 31,
  actor: { id: 40, name: 'Sam Supplier', email: 'sam@example.com', role: 'Supplier' },
  before: { status: 'Order Received', expected_delivery_time: null },
  after: { status: 'In Transit', expected_delivery_time: '2026-11-28T16:30:00.000Z' },
  request_id: 'req-4',
};
const SUPPLY_ORDER_PLACED: ActivityEvent = {
  id: 6,
  occurred_at: '2026-11-23T09:00:00.000Z',
  action: 'supply_order.placed',
  entity_type: 'supply_order',
  entity_id: 31,
  actor,
  before: null,
  after: {
    status: 'Order Received',
    supplier_id: 40,
    items: [{ product_id: 8, product_name: 'Copper wire', quantity: 1500, price: 2.25 }],
    total_quantity: 1500,
    total_cost: 3375,
  },
  request_id: 'req-6',
};

function renderActivity(routes: FetchRoutes) {
  const fetchStub = stubFetch({ 'GET /auth/profile': { status: 200, body: profileOf(MANAGER) }, ...routes });
  return { ...renderApp(PATHS.activity, { storedUser: MANAGER }), ...fetchStub };
}

const ok = (body: ActivityEvent[]) => ({ status: 200, body });

function bodyRows() {
  return within(screen.getByRole('table', { name: 'Activity' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('Activity page', () => {
  it('is in the manager sidebar and lists events as the server orders them, changes field by field', async () => {
    renderActivity({ [`GET ${FIRST_PAGE}`]: ok([STOCK_UPDATED, STOCK_CREATED, LOGIN_FAILED]) });

    expect(await screen.findByRole('heading', { name: 'Activity' })).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(sidebar).getByRole('link', { name: 'Activity' })).toHaveAttribute('href', PATHS.activity);
    await screen.findByRole('table', { name: 'Activity' });
    expect(bodyRows()).toEqual([
      [
        '22/11/2026, 14:05',
        'Ivy ManagerInventory Manager',
        'Stock updated',
        'Stock #12',
        'quantity: 40 → 35',
        'req-3',
      ],
      [
        '22/11/2026, 09:00',
        'Ivy ManagerInventory Manager',
        'Stock added',
        'Stock #12',
        'name: Copper wirequantity: 40',
        'req-2',
      ],
      [
        '21/11/2026, 08:30',
        'Not logged in',
        'Login failed',
        `Account #${MANAGER.id}`,
        'ip: 203.0.113.9account exists: yes',
        'req-1',
      ],
    ]);
  });

  it('shows changed values as the rest of the app does: dollars, kg, counts and dd/mm/yyyy, hh:mm', async () => {
    renderActivity({ [`GET ${FIRST_PAGE}`]: ok([PRICE_CHANGED, SUPPLY_ORDER_PLACED, SUPPLY_ORDER_UPDATED]) });
    await screen.findByRole('table', { name: 'Activity' });
    const changes = (row: number) =>
      within(
        within(screen.getByRole('table', { name: 'Activity' })).getAllByRole('row')[row + 1] as HTMLElement,
      )
        .getAllByRole('listitem')
        .map((item) => item.textContent);

    expect(changes(0)).toEqual([
      'price: $12.50 → $1,234.50',
      'quantity: 1,000,000 → 999,999',
      'weight: 1.25 kg → 12,345.60 kg',
    ]);
    expect(changes(1)).toEqual([
      'status: Order Received',
      'supplier id: 40',
      'items: 1,500 × Copper wire at $2.25',
      'total quantity: 1,500',
      'total cost: $3,375.00',
    ]);
    expect(changes(2)).toEqual([
      'status: Order Received → In Transit',
      'expected delivery time: — → 28/11/2026, 16:30',
    ]);
    expect(bodyRows().map((row) => row[2])).toEqual([
      'Stock updated',
      'Supply order placed',
      'Supply order updated',
    ]);
    for (const action of AUDIT_ACTIONS) expect(document.body).not.toHaveTextContent(action);
  });

  it('asks the server again with the action, who and days chosen, keeping them in the address', async () => {
    const page = renderActivity({
      [`GET ${FIRST_PAGE}`]: ({ query }) =>
        ok(
          query.get('from')
            ? []
            : query.get('action') === 'stock.created'
              ? [STOCK_CREATED]
              : [STOCK_UPDATED, STOCK_CREATED],
        ),
    });
    await screen.findByRole('table', { name: 'Activity' });
    const lastQuery = () => page.requestsTo(`GET ${FIRST_PAGE}`).at(-1)?.query.toString();
    expect(lastQuery()).toBe('sort=occurred_at&order=desc&limit=25&offset=0');

    await page.user.click(screen.getByRole('combobox', { name: 'Action' }));
    await page.user.click(await screen.findByRole('option', { name: 'Stock added' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.[2]).toBe('Stock added');

    await page.user.type(screen.getByRole('searchbox', { name: 'Who' }), 'ivy');
    await waitFor(() =>
      expect(lastQuery()).toBe('q=ivy&sort=occurred_at&order=desc&limit=25&offset=0&action=stock.created'),
    );

    await page.user.type(screen.getByLabelText('From'), '2026-11-22');
    expect(await screen.findByText(NO_MATCHING_ACTIVITY_TEXT)).toBeInTheDocument();
    expect(page.router.state.location.search).toBe('?action=stock.created&q=ivy&from=2026-11-22');
  });

  it('refuses a From day after the To day without asking the server', async () => {
    const page = renderActivity({ [`GET ${FIRST_PAGE}`]: ok([STOCK_UPDATED]) });
    await screen.findByRole('table', { name: 'Activity' });
    await page.user.type(screen.getByLabelText('To'), '2026-11-01');
    await page.user.type(screen.getByLabelText('From'), '2026-11-05');
    expect(await screen.findByText('from must be on or before to')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Activity' })).not.toBeInTheDocument();
    expect(page.requests.filter((request) => request.query.get('from') === '2026-11-05')).toHaveLength(0);
  });

  it('says so when there is no activity yet', async () => {
    renderActivity({ [`GET ${FIRST_PAGE}`]: ok([]) });
    expect(await screen.findByText(NO_ACTIVITY_TEXT)).toBeInTheDocument();
  });

  it("shows the server's reason when the list cannot load, and retries", async () => {
    let answer: { status: number; body: unknown } = {
      status: 403,
      body: { error: 'You do not have access to this page', message: 'You do not have access to this page' },
    };
    const page = renderActivity({ [`GET ${FIRST_PAGE}`]: () => answer });
    expect(await screen.findByText('Could not load activity')).toBeInTheDocument();
    expect(screen.getByText('You do not have access to this page')).toBeInTheDocument();

    answer = ok([STOCK_UPDATED]);
    await page.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Activity' })).toBeInTheDocument();
  });

  it('shows each event as a card on a phone', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query === PHONE_QUERY,
    }));
    renderActivity({ [`GET ${FIRST_PAGE}`]: ok([STOCK_UPDATED, LOGIN_FAILED, PRICE_CHANGED]) });

    // The cards are the list's own items; each card's changes are a list of their own.
    const cards = Array.from((await screen.findByRole('list', { name: 'Activity' })).children);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('Stock updated');
    expect(cards[0]).toHaveTextContent('quantity: 40 → 35');
    expect(cards[1]).toHaveTextContent('Login failed');
    expect(cards[2]).toHaveTextContent('price: $12.50 → $1,234.50');
    expect(cards[2]).toHaveTextContent('weight: 1.25 kg → 12,345.60 kg');
  });
});
