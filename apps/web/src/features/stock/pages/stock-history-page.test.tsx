import type { StockMovement } from '@depot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchRoutes, stubFetch } from '@/testing/fetch-stub';
import { listServer } from '@/testing/list-server';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { formatChange } from '../components/stock-movement-columns';

const MANAGER = TEST_USERS.inventoryManager;
const BOLTS = {
  stock_id: 12,
  stock_name: 'Bolts',
  price: 12.5,
  quantity: 1036,
  weight: 1.25,
  inventory_manager_id: MANAGER.id,
};
const HISTORY_PATH = '/dashboard/stock-management/history/12';
const ME = { id: MANAGER.id, name: 'Maya Manager' };

function movement(id: number, fields: Partial<StockMovement>): StockMovement {
  return {
    id,
    stock_id: 12,
    change: 0,
    quantity_after: 0,
    reason: 'edit',
    actor: ME,
    order_id: null,
    supply_order_id: null,
    stock_count_id: null,
    // Noon UTC: the same day in every time zone the tests may run in.
    created_at: `2026-11-${String(id).padStart(2, '0')}T12:00:00.000Z`,
    ...fields,
  };
}

/** Oldest first; the server answers newest first. */
const MOVEMENTS: StockMovement[] = [
  movement(1, { change: 30, quantity_after: 30, reason: 'opening', actor: null }),
  movement(2, { change: 10, quantity_after: 40, reason: 'edit' }),
  movement(3, {
    change: -4,
    quantity_after: 36,
    reason: 'order',
    actor: { id: 90, name: 'Chandra Customer' },
    order_id: 314,
  }),
  movement(4, { change: 1000, quantity_after: 1036, reason: 'supply_delivery', supply_order_id: 27 }),
  movement(5, { change: 0, quantity_after: 1036, reason: 'count', stock_count_id: 3 }),
];

function renderHistory(routes: FetchRoutes = {}, rows: StockMovement[] = MOVEMENTS) {
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(MANAGER) },
    'GET /api/stocks/12': { status: 200, body: BOLTS },
    'GET /api/stocks/12/movements': listServer(rows, {
      searchIn: () => [],
      filter: (row, query) => {
        const reasons = query.getAll('reason');
        return reasons.length === 0 || reasons.includes(row.reason);
      },
    }),
    ...routes,
  });
  return { ...renderApp(HISTORY_PATH, { storedUser: MANAGER }), ...fetchStub };
}

function bodyRows() {
  return within(screen.getByRole('table', { name: 'Stock movements' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('formatChange', () => {
  it('signs a change with a plus or a minus sign and groups thousands', () => {
    expect(formatChange(10)).toBe('+10');
    expect(formatChange(-4)).toBe('\u22124');
    expect(formatChange(-1200)).toBe('\u22121,200');
    expect(formatChange(0)).toBe('0');
  });
});

describe('Stock History page', () => {
  it('lists the item’s movements newest first: signed change, quantity after, reason, who, order, date', async () => {
    const { requestsTo } = renderHistory();

    expect(await screen.findByRole('heading', { name: 'History of Bolts' })).toBeInTheDocument();
    expect(screen.getByText('Stock Id 12 · 1,036 in stock')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Stock movements' });
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Change', 'Quantity After', 'Reason', 'By', 'Order']);
    expect(bodyRows()).toEqual([
      [`05/11/2026, ${hourMinute(MOVEMENTS[4])}`, '0', '1,036', 'Stock count', 'Maya Manager', 'Count 3'],
      [
        `04/11/2026, ${hourMinute(MOVEMENTS[3])}`,
        '+1,000',
        '1,036',
        'Supply delivery',
        'Maya Manager',
        'Supply order 27',
      ],
      [
        `03/11/2026, ${hourMinute(MOVEMENTS[2])}`,
        '\u22124',
        '36',
        'Customer order',
        'Chandra Customer',
        'Order 314',
      ],
      [`02/11/2026, ${hourMinute(MOVEMENTS[1])}`, '+10', '40', 'Edited on Update Stock', 'Maya Manager', '—'],
      [`01/11/2026, ${hourMinute(MOVEMENTS[0])}`, '+30', '30', 'Opening balance', '—', '—'],
    ]);
    expect(screen.getByText('5 movements')).toBeInTheDocument();
    const [request] = requestsTo('GET /api/stocks/12/movements');
    expect(request?.query.get('sort')).toBe('created_at');
    expect(request?.query.get('order')).toBe('desc');
    expect(request?.query.get('limit')).toBe('25');
    expect(request?.query.get('offset')).toBe('0');
  });

  it('narrows the history to the reasons chosen, asking the server with the reason filter', async () => {
    const { user, requestsTo } = renderHistory();
    await screen.findByRole('table', { name: 'Stock movements' });

    await user.click(screen.getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'Customer order' }));

    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.[3]).toBe('Customer order');
    expect(requestsTo('GET /api/stocks/12/movements').at(-1)?.query.getAll('reason')).toEqual(['order']);
    expect(screen.getByText('1 movement')).toBeInTheDocument();
  });

  it('pages through a long history', async () => {
    const many = Array.from({ length: 60 }, (_, index) =>
      movement(index + 1, {
        change: 1,
        quantity_after: index + 1,
        created_at: new Date(Date.UTC(2026, 0, 1) + index * 3_600_000).toISOString(),
      }),
    );
    const { user, requestsTo } = renderHistory({}, many);
    await screen.findByRole('table', { name: 'Stock movements' });
    expect(bodyRows()).toHaveLength(25);
    expect(bodyRows()[0]?.[2]).toBe('60');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(bodyRows()[0]?.[2]).toBe('10');
    expect(requestsTo('GET /api/stocks/12/movements').at(-1)?.query.get('offset')).toBe('50');
  });

  it('says the item is not found when it is not the manager’s', async () => {
    renderHistory({
      'GET /api/stocks/12': { status: 404, body: { error: 'Stock not found', message: 'Stock not found' } },
      'GET /api/stocks/12/movements': {
        status: 404,
        body: { error: 'Stock not found', message: 'Stock not found' },
      },
    });
    expect(await screen.findByText('Stock not found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

function hourMinute(row: StockMovement | undefined): string {
  const date = new Date(row?.created_at ?? '');
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}
