import { PATHS, STOCK_MESSAGES, type StockItem } from '@depot/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '@/hooks/use-is-phone';
import { type FetchRoutes, stubFetch } from '@/testing/fetch-stub';
import { listServer } from '@/testing/list-server';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { renderRoute } from '@/testing/render-route';
import { LOW_STOCK_TITLE } from '../components/use-low-stock-warning';
import StockManagementPage, { NO_STOCK_TEXT } from './stock-management-page';

const MANAGER = TEST_USERS.inventoryManager;

function stockItem(stock_id: number, stock_name: string, price = 1, quantity = 1, weight = 1): StockItem {
  return { stock_id, stock_name, price, quantity, weight, inventory_manager_id: MANAGER.id, sku: null };
}

const BOLTS = { ...stockItem(1, 'Bolts', 12.5, 40, 1.25), sku: 'BLT-10' };
const NUTS = stockItem(2, 'Nuts', 3, 1200, 0.5);
const WASHERS = stockItem(3, 'washers', 120.75, 7, 12);

function renderStockPage(stocks: StockItem[] | (() => StockItem[]), routes: FetchRoutes = {}) {
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(MANAGER) },
    'GET /api/stocks': listServer(stocks, { searchIn: (item) => [item.stock_name] }),
    ...routes,
  });
  return { ...renderApp(PATHS.stockManagement, { storedUser: MANAGER }), ...fetchStub };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function renderPageOnFakeTimers(stocks: StockItem[]) {
  vi.useFakeTimers();
  stubFetch({ 'GET /api/stocks': { status: 200, body: stocks } });
  renderRoute(PATHS.stockManagement, <StockManagementPage />);
  await advance(0);
}

function bodyRows() {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

/** The alert saying `text`; the low-stock warning may show beside it on a slow run. */
async function findAlert(text: string) {
  const alert = (await screen.findByText(text)).closest('[role="alert"]');
  expect(alert).not.toBeNull();
  return alert as HTMLElement;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Stock Management page', () => {
  it('shows a spinner, then the stock table with $ and kg formatting and edit links', async () => {
    renderStockPage([BOLTS, NUTS]);

    expect(await screen.findByRole('heading', { name: 'Stock Management' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading stocks' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Stock Id', 'Stock Name', 'Price', 'Quantity', 'Weight', 'SKU', 'Actions']);
    expect(bodyRows()).toEqual([
      ['1', 'Bolts', '$12.50', '40', '1.25 kg', 'BLT-10', 'HistoryReorderEditDelete'],
      ['2', 'Nuts', '$3.00', '1,200', '0.50 kg', '', 'HistoryReorderEditDelete'],
    ]);
    expect(screen.getByRole('link', { name: 'Edit Bolts' })).toHaveAttribute(
      'href',
      '/dashboard/stock-management/updateStock/1',
    );
    expect(screen.getByRole('link', { name: 'History of Bolts' })).toHaveAttribute(
      'href',
      '/dashboard/stock-management/history/1',
    );
    expect(screen.getByRole('link', { name: 'Add Stock' })).toHaveAttribute(
      'href',
      '/dashboard/stock-management/addStock',
    );
  });

  it('shows an empty state when the manager has no stock', async () => {
    renderStockPage([]);

    expect(await screen.findByText(NO_STOCK_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Stock' })).toBeInTheDocument();
  });

  it('sorts by a column header, toggling ascending and descending', async () => {
    const { user } = renderStockPage([BOLTS, NUTS, WASHERS]);
    await screen.findByRole('table');
    const priceHeader = screen.getByRole('columnheader', { name: 'Price' });
    expect(screen.getByRole('columnheader', { name: 'Stock Id' })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(priceHeader).getByRole('button'));
    expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Stock Id' })).not.toHaveAttribute('aria-sort');
    await waitFor(() => expect(bodyRows().map((row) => row[2])).toEqual(['$3.00', '$12.50', '$120.75']));

    await user.click(within(priceHeader).getByRole('button'));
    expect(priceHeader).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(bodyRows().map((row) => row[2])).toEqual(['$120.75', '$12.50', '$3.00']));

    await user.click(screen.getByRole('button', { name: 'Stock Name' }));
    await waitFor(() => expect(bodyRows().map((row) => row[1])).toEqual(['Bolts', 'Nuts', 'washers']));
  });

  it('asks the server for the sort and the page, not sorting in the browser', async () => {
    const { user, requestsTo } = renderStockPage([BOLTS, NUTS, WASHERS]);
    await screen.findByRole('table');
    // The low-stock check asks for one row to read the total; the list asks with its sort.
    const lastQuery = () =>
      requestsTo('GET /api/stocks')
        .filter((request) => request.query.has('sort'))
        .at(-1)
        ?.query.toString();
    expect(lastQuery()).toBe('sort=stock_id&order=asc&limit=25&offset=0');

    await user.click(screen.getByRole('button', { name: 'Weight' }));
    await waitFor(() => expect(lastQuery()).toBe('sort=weight&order=asc&limit=25&offset=0'));
    await user.click(screen.getByRole('button', { name: 'Weight' }));
    await waitFor(() => expect(lastQuery()).toBe('sort=weight&order=desc&limit=25&offset=0'));
  });

  it('filters the rows by name with the search box', async () => {
    const { user } = renderStockPage([BOLTS, NUTS, WASHERS]);
    await screen.findByRole('table');

    await user.type(screen.getByRole('searchbox', { name: 'Search stock' }), 'WASH');
    await waitFor(() => expect(bodyRows().map((row) => row[1])).toEqual(['washers']));

    await user.clear(screen.getByRole('searchbox', { name: 'Search stock' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search stock' }), 'gears');
    expect(await screen.findByText('No stock items match “gears”.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search stock' })).toHaveValue('gears');
  });

  it('asks for confirmation, deletes, shows the server message and drops the row', async () => {
    let stocks = [BOLTS, NUTS];
    const { user, requestsTo } = renderStockPage(() => stocks, {
      'DELETE /api/stocks/1': () => {
        stocks = [NUTS];
        return { status: 200, body: { message: STOCK_MESSAGES.deleted } };
      },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Delete Bolts' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Stock' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Bolts?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo('DELETE /api/stocks/1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Bolts' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Stock' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const alert = await findAlert(STOCK_MESSAGES.deleted);
    expect(alert).toHaveStyle({ '--alert-color': 'var(--mantine-color-green-light-color)' });
    expect(requestsTo('DELETE /api/stocks/1')).toEqual([expect.objectContaining({ credentials: 'include' })]);
    expect(bodyRows().map((row) => row[1])).toEqual(['Nuts']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's error in a red alert when the delete is refused", async () => {
    const { user } = renderStockPage([BOLTS], {
      'DELETE /api/stocks/1': {
        status: 404,
        body: { error: STOCK_MESSAGES.notFound, message: STOCK_MESSAGES.notFound },
      },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Delete Bolts' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Stock' })).getByRole('button', {
        name: 'Delete',
      }),
    );

    const alert = await findAlert(STOCK_MESSAGES.notFound);
    expect(alert).toHaveStyle({ '--alert-color': 'var(--mantine-color-red-light-color)' });
  });
});

describe('Stock Management on a phone', () => {
  it('lists the stock as cards, sorted with a select instead of column headers', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query === PHONE_QUERY,
    }));
    const { user } = renderStockPage([BOLTS, NUTS, WASHERS]);

    const list = await screen.findByRole('list', { name: 'Stock items' });
    expect(screen.getByText('3 stock items')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('Bolts'),
      expect.stringContaining('Nuts'),
      expect.stringContaining('washers'),
    ]);
    expect(cards[0]).toHaveTextContent('$12.50');
    expect(cards[0]).toHaveTextContent('1.25 kg');
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: 'Edit Bolts' })).toHaveAttribute(
      'href',
      '/dashboard/stock-management/updateStock/1',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price (descending)');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Stock items' }))
          .getAllByRole('listitem')
          .map((card) => card.textContent),
      ).toEqual([
        expect.stringMatching(/^washersStock Id 3/),
        expect.stringMatching(/^BoltsStock Id 1/),
        expect.stringMatching(/^NutsStock Id 2/),
      ]),
    );
  });
});

describe('Low-stock warning', () => {
  it("shows 'Low Stocks Level' every 5 seconds to a manager with 5 or fewer items, for 3 seconds", async () => {
    await renderPageOnFakeTimers([BOLTS, NUTS, WASHERS, stockItem(4, 'Pins'), stockItem(5, 'Rivets')]);
    expect(screen.getByRole('table')).toBeInTheDocument();

    await advance(4999);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('alert')).toHaveTextContent(LOW_STOCK_TITLE);

    await advance(2999);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await advance(2000);
    expect(screen.getByRole('alert')).toHaveTextContent(LOW_STOCK_TITLE);
  });

  it('does not warn a manager with 6 items', async () => {
    await renderPageOnFakeTimers([1, 2, 3, 4, 5, 6].map((id) => stockItem(id, `Item ${id}`)));
    expect(screen.getByRole('table')).toBeInTheDocument();

    await advance(20_000);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('counts every item, not the ones a search shows, and asks for that count only while searching', async () => {
    vi.useFakeTimers();
    const items = [1, 2, 3, 4, 5, 6].map((id) => stockItem(id, `Item ${id}`));
    const { requests } = stubFetch({
      'GET /api/stocks': listServer(items, { searchIn: (item) => [item.stock_name] }),
    });
    renderRoute(PATHS.stockManagement, <StockManagementPage />, `${PATHS.stockManagement}?q=Item%201`);
    await advance(0);
    expect(bodyRows()).toHaveLength(1);
    await advance(20_000);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requests.filter((request) => request.query.get('limit') === '1')).toHaveLength(1);
  });

  it('asks for no separate count when the list is not searched', async () => {
    vi.useFakeTimers();
    const { requests } = stubFetch({
      'GET /api/stocks': listServer([BOLTS, NUTS], { searchIn: (item) => [item.stock_name] }),
    });
    renderRoute(PATHS.stockManagement, <StockManagementPage />);
    await advance(0);
    expect(requests.map((request) => request.query.get('limit'))).toEqual(['25']);
    await advance(5000);
    expect(screen.getByRole('alert')).toHaveTextContent(LOW_STOCK_TITLE);
  });

  it('warns a manager with no stock at all', async () => {
    await renderPageOnFakeTimers([]);
    expect(screen.getByText(NO_STOCK_TEXT)).toBeInTheDocument();

    await advance(5000);
    expect(screen.getByRole('alert')).toHaveTextContent(LOW_STOCK_TITLE);
  });
});
