import { PATHS, STOCK_MESSAGES } from '@depot/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FetchRoutes, stubFetch } from '@/testing/fetch-stub';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { renderRoute } from '@/testing/render-route';
import UpdateStockPage from './update-stock-page';

const MANAGER = TEST_USERS.inventoryManager;
const BOLTS = {
  stock_id: 12,
  stock_name: 'Bolts',
  price: 12.5,
  quantity: 40,
  weight: 1.25,
  inventory_manager_id: MANAGER.id,
};
const UPDATE_PATH = '/dashboard/stock-management/updateStock/12';
const UPDATED = { status: 200, body: { message: STOCK_MESSAGES.updated } };

function renderUpdateStock(routes: FetchRoutes, path = UPDATE_PATH) {
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(MANAGER) },
    'GET /api/stocks': { status: 200, body: [BOLTS] },
    ...routes,
  });
  return { ...renderApp(path, { storedUser: MANAGER }), ...fetchStub };
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

afterEach(() => {
  vi.useRealTimers();
});

describe('Update Stock form', () => {
  it('is prefilled from the stock item, with no field marked required', async () => {
    renderUpdateStock({ 'GET /api/stocks/12': { status: 200, body: BOLTS } });

    expect(await screen.findByRole('heading', { name: 'Update Stock' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Stock Name' })).toHaveValue('Bolts');
    expect(screen.getByRole('spinbutton', { name: 'Stock Price ($)' })).toHaveDisplayValue('12.50');
    expect(screen.getByRole('spinbutton', { name: 'Stock Quantity' })).toHaveDisplayValue('40');
    expect(screen.getByRole('spinbutton', { name: 'Stock Weight (kg)' })).toHaveDisplayValue('1.25');
    for (const label of ['Stock Name', 'Stock Price ($)', 'Stock Quantity', 'Stock Weight (kg)']) {
      expect(field(label)).not.toBeRequired();
    }
  });

  it('sends the changed values and shows the green alert', async () => {
    const { user, requestsTo } = renderUpdateStock({
      'GET /api/stocks/12': { status: 200, body: BOLTS },
      'PUT /api/stocks/12': UPDATED,
    });
    const price = await screen.findByRole('spinbutton', { name: 'Stock Price ($)' });
    await user.clear(price);
    await user.type(price, '13.75');
    await user.clear(field('Stock Weight (kg)'));

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(STOCK_MESSAGES.updated);
    // A blank field is left out, keeping its stored value.
    expect(requestsTo('PUT /api/stocks/12')).toEqual([
      expect.objectContaining({ body: { name: 'Bolts', price: '13.75', quantity: '40' } }),
    ]);
    expect(field('Stock Price ($)')).toHaveDisplayValue('13.75');
  });

  it("shows the server's message in a red alert when refused", async () => {
    const { user } = renderUpdateStock({
      'GET /api/stocks/12': { status: 200, body: BOLTS },
      'PUT /api/stocks/12': {
        status: 404,
        body: { error: STOCK_MESSAGES.notFound, message: STOCK_MESSAGES.notFound },
      },
    });
    await screen.findByRole('textbox', { name: 'Stock Name' });

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(STOCK_MESSAGES.notFound);
    expect(alert).toHaveStyle({ '--alert-color': 'var(--mantine-color-red-light-color)' });
  });

  it("checks a filled field against the contract's rules on that field and sends nothing", async () => {
    const { user, requestsTo } = renderUpdateStock({ 'GET /api/stocks/12': { status: 200, body: BOLTS } });
    const quantity = await screen.findByRole('spinbutton', { name: 'Stock Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '2.5');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(
      await screen.findByText('Quantity must be a whole number from 0 to 1,000,000,000'),
    ).toBeInTheDocument();
    expect(quantity).toHaveAccessibleDescription('Quantity must be a whole number from 0 to 1,000,000,000');
    expect(field('Stock Price ($)')).not.toHaveAttribute('aria-invalid');
    expect(requestsTo('PUT /api/stocks/12')).toHaveLength(0);
  });

  it("puts the server's refusal of a field on that field, beside the red alert", async () => {
    const rule = 'Price must be a number from 0 to 10,000,000 with at most 2 decimals';
    const { user } = renderUpdateStock({
      'GET /api/stocks/12': { status: 200, body: BOLTS },
      'PUT /api/stocks/12': {
        status: 400,
        body: {
          error: `Invalid input: ${rule}`,
          message: `Invalid input: ${rule}`,
          details: [{ path: 'body.price', message: rule }],
        },
      },
    });
    await screen.findByRole('textbox', { name: 'Stock Name' });

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(`Invalid input: ${rule}`);
    expect(field('Stock Price ($)')).toHaveAccessibleDescription(rule);
    expect(field('Stock Name')).not.toHaveAttribute('aria-invalid');
  });

  it("shows 'Stock not found' with a link back for a missing item", async () => {
    renderUpdateStock({
      'GET /api/stocks/12': {
        status: 404,
        body: { error: STOCK_MESSAGES.notFound, message: STOCK_MESSAGES.notFound },
      },
    });

    expect(await screen.findByText(STOCK_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Stock Management' })).toHaveAttribute(
      'href',
      PATHS.stockManagement,
    );
  });

  it("shows 'Stock not found' without asking the server for an id that cannot exist", async () => {
    const { requests } = renderUpdateStock({}, '/dashboard/stock-management/updateStock/abc');

    expect(await screen.findByText(STOCK_MESSAGES.notFound)).toBeInTheDocument();
    expect(requests.filter((request) => request.path.startsWith('/api/stocks/'))).toHaveLength(0);
  });

  it('lets the alert vanish after 2 seconds', async () => {
    vi.useFakeTimers();
    stubFetch({ 'GET /api/stocks/12': { status: 200, body: BOLTS }, 'PUT /api/stocks/12': UPDATED });
    renderRoute(PATHS.updateStock, <UpdateStockPage />, UPDATE_PATH);
    await act(() => vi.advanceTimersByTimeAsync(0));

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('alert')).toHaveTextContent(STOCK_MESSAGES.updated);

    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
