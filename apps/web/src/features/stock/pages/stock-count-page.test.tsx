import { STOCK_COUNT_MESSAGES, type StockItem } from '@depot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchRoutes, stubFetch } from '@/testing/fetch-stub';
import { listServer } from '@/testing/list-server';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';

const MANAGER = TEST_USERS.inventoryManager;
const COUNT_PATH = '/dashboard/stock-management/count';

function stockItem(stock_id: number, stock_name: string, quantity: number): StockItem {
  return { stock_id, stock_name, price: 1, quantity, weight: 1, inventory_manager_id: MANAGER.id, sku: null };
}
const BOLTS = stockItem(1, 'Bolts', 40);
const NUTS = stockItem(2, 'Nuts', 1200);
const WASHERS = stockItem(3, 'Washers', 7);

function renderCount(routes: FetchRoutes = {}) {
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(MANAGER) },
    'GET /api/stocks': listServer([BOLTS, NUTS, WASHERS], { searchIn: (item) => [item.stock_name] }),
    ...routes,
  });
  return { ...renderApp(COUNT_PATH, { storedUser: MANAGER }), ...fetchStub };
}

const summaryRows = () =>
  within(screen.getByRole('table', { name: 'Counted items' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('Stock Count page', () => {
  it('shows each variance as counts are typed and confirms them with the quantities shown', async () => {
    const { user, requestsTo } = renderCount({
      'POST /api/stock-counts': {
        status: 201,
        body: { message: STOCK_COUNT_MESSAGES.confirmed, count: { id: 1, created_at: '', lines: [] } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Stock Count' })).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Confirm Count' });
    expect(confirm).toBeDisabled();

    await user.type(await screen.findByRole('spinbutton', { name: 'Counted Bolts' }), '37');
    await user.type(screen.getByRole('spinbutton', { name: 'Counted Washers' }), '9');
    await user.type(screen.getByRole('spinbutton', { name: 'Counted Nuts' }), '1200');

    expect(screen.getByText('3 items counted')).toBeInTheDocument();
    expect(summaryRows()).toEqual([
      ['Bolts', '40', '37', '\u22123'],
      ['Nuts', '1,200', '1,200', '0'],
      ['Washers', '7', '9', '+2'],
    ]);
    await user.click(confirm);

    expect(await screen.findByText('Stock count confirmed')).toBeInTheDocument();
    expect(requestsTo('POST /api/stock-counts')[0]?.body).toEqual({
      lines: [
        { stock_id: 1, expected_quantity: 40, counted_quantity: 37 },
        { stock_id: 2, expected_quantity: 1200, counted_quantity: 1200 },
        { stock_id: 3, expected_quantity: 7, counted_quantity: 9 },
      ],
    });
    expect(screen.getByText('No items counted yet.')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Counted Bolts' })).toHaveValue(null);
  });

  it('on a stale count shows the refusal and the quantities held now, keeping the counts typed', async () => {
    const stale =
      'A quantity changed since the count was shown: Bolts (40, now 36). Check its count and confirm again.';
    const { user, requestsTo } = renderCount({
      'POST /api/stock-counts': {
        status: 409,
        body: { error: stale, message: stale, code: 'stock_count_stale' },
      },
      'GET /api/stocks/1': { status: 200, body: { ...BOLTS, quantity: 36 } },
    });
    await user.type(await screen.findByRole('spinbutton', { name: 'Counted Bolts' }), '35');
    expect(summaryRows()).toEqual([['Bolts', '40', '35', '\u22125']]);

    await user.click(screen.getByRole('button', { name: 'Confirm Count' }));

    expect(await screen.findByText(stale)).toBeInTheDocument();
    await waitFor(() => expect(summaryRows()).toEqual([['Bolts', '36', '35', '\u22121']]));
    expect(screen.getByRole('spinbutton', { name: 'Counted Bolts' })).toHaveValue(35);
    expect(requestsTo('GET /api/stocks/1')).toHaveLength(1);
  });

  it('takes an item out of the count when its box is cleared, and will not send a count that is not whole', async () => {
    const { user } = renderCount();
    const bolts = await screen.findByRole('spinbutton', { name: 'Counted Bolts' });
    await user.type(bolts, '3.5');
    expect(summaryRows()).toEqual([['Bolts', '40', '—', '—']]);
    expect(screen.getByRole('button', { name: 'Confirm Count' })).toBeDisabled();
    await user.clear(bolts);
    expect(screen.getByText('No items counted yet.')).toBeInTheDocument();
  });
});
