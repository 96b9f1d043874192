import { importMessages, PATHS, STOCK_MESSAGES } from '@depot/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FetchRoutes, stubFetch } from '@/testing/fetch-stub';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { renderRoute } from '@/testing/render-route';
import AddStockPage from './add-stock-page';

const MANAGER = TEST_USERS.inventoryManager;

function renderAddStock(routes: FetchRoutes = {}) {
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(MANAGER) },
    'GET /api/stocks': { status: 200, body: [] },
    ...routes,
  });
  return { ...renderApp(PATHS.addStock, { storedUser: MANAGER }), ...fetchStub };
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

async function fillStockForm(user: ReturnType<typeof renderAddStock>['user']) {
  await user.type(field('Stock Name'), 'Bolts');
  await user.type(field('Stock Price ($)'), '12.50');
  await user.type(field('Stock Quantity'), '40');
  await user.type(field('Stock Weight (kg)'), '1.25');
}

const ADDED = {
  status: 201,
  body: {
    message: STOCK_MESSAGES.added,
    stock: {
      stock_id: 31,
      stock_name: 'Bolts',
      price: 12.5,
      quantity: 40,
      weight: 1.25,
      inventory_manager_id: MANAGER.id,
    },
  },
};

afterEach(() => {
  vi.useRealTimers();
});

describe('Add Stock form', () => {
  it('has the four required fields with their number rules', async () => {
    renderAddStock();

    expect(await screen.findByRole('heading', { name: 'Add Stock' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Stock Name' })).toBeRequired();
    for (const [label, step] of [
      ['Stock Price ($)', '0.01'],
      ['Stock Quantity', '1'],
      ['Stock Weight (kg)', '0.01'],
    ]) {
      const input = screen.getByRole('spinbutton', { name: label });
      expect(input).toBeRequired();
      expect(input).toHaveAttribute('min', '0');
      expect(input).toHaveAttribute('step', step);
    }
    expect(screen.getByRole('link', { name: '← Back to Stock Management' })).toHaveAttribute(
      'href',
      PATHS.stockManagement,
    );
  });

  it('says which fields are missing and sends nothing', async () => {
    const { user, requestsTo } = renderAddStock();
    await screen.findByRole('heading', { name: 'Add Stock' });

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(STOCK_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText('Price is required')).toBeInTheDocument();
    expect(screen.getByText('Quantity is required')).toBeInTheDocument();
    expect(screen.getByText('Weight is required')).toBeInTheDocument();
    expect(field('Stock Price ($)')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Stock Name')).toHaveAccessibleDescription(STOCK_MESSAGES.nameRequired);
    expect(field('Stock Weight (kg)')).toHaveAccessibleDescription('Weight is required');
    expect(requestsTo('POST /api/stocks')).toHaveLength(0);
  });

  it('refuses negative numbers, more than 2 decimals and part units the way the server would', async () => {
    const { user, requestsTo } = renderAddStock();
    await screen.findByRole('heading', { name: 'Add Stock' });
    await user.type(field('Stock Name'), 'Bolts');
    await user.type(field('Stock Price ($)'), '-1');
    await user.type(field('Stock Quantity'), '2.5');
    await user.type(field('Stock Weight (kg)'), '1.255');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(
      await screen.findByText('Price must be a number from 0 to 10,000,000 with at most 2 decimals'),
    ).toBeInTheDocument();
    expect(screen.getByText('Quantity must be a whole number from 0 to 1,000,000,000')).toBeInTheDocument();
    expect(
      screen.getByText('Weight must be a number from 0 to 1,000,000 with at most 2 decimals'),
    ).toBeInTheDocument();
    expect(requestsTo('POST /api/stocks')).toHaveLength(0);
  });

  it('sends the values as typed with the manager id, shows the green alert and clears the form', async () => {
    const { user, requestsTo } = renderAddStock({ 'POST /api/stocks': ADDED });
    await screen.findByRole('heading', { name: 'Add Stock' });
    await fillStockForm(user);

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(STOCK_MESSAGES.added);
    expect(alert).toHaveStyle({ '--alert-color': 'var(--mantine-color-green-light-color)' });
    expect(requestsTo('POST /api/stocks')).toEqual([
      expect.objectContaining({
        credentials: 'include',
        body: {
          inventory_manager_id: MANAGER.id,
          name: 'Bolts',
          price: '12.50',
          quantity: '40',
          weight: '1.25',
          sku: null,
        },
      }),
    ]);
    for (const label of ['Stock Name', 'Stock Price ($)', 'Stock Quantity', 'Stock Weight (kg)']) {
      expect(field(label)).toHaveValue(label === 'Stock Name' ? '' : null);
    }
  });

  it("shows the server's message in a red alert and keeps the values when refused", async () => {
    const { user } = renderAddStock({
      'POST /api/stocks': {
        status: 403,
        body: { error: STOCK_MESSAGES.notYourInventory, message: STOCK_MESSAGES.notYourInventory },
      },
    });
    await screen.findByRole('heading', { name: 'Add Stock' });
    await fillStockForm(user);

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(STOCK_MESSAGES.notYourInventory);
    expect(alert).toHaveStyle({ '--alert-color': 'var(--mantine-color-red-light-color)' });
    expect(field('Stock Name')).toHaveValue('Bolts');
    expect(field('Stock Price ($)')).toHaveValue(12.5);
  });

  it("puts the server's refusal of a field on that field, beside the red alert", async () => {
    const refusal = `Invalid input: ${STOCK_MESSAGES.nameTooLong}`;
    const { user } = renderAddStock({
      'POST /api/stocks': {
        status: 400,
        body: {
          error: refusal,
          message: refusal,
          details: [{ path: 'body.name', message: STOCK_MESSAGES.nameTooLong }],
        },
      },
    });
    await screen.findByRole('heading', { name: 'Add Stock' });
    await fillStockForm(user);

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(field('Stock Name')).toHaveAccessibleDescription(STOCK_MESSAGES.nameTooLong);
    expect(field('Stock Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Stock Price ($)')).not.toHaveAttribute('aria-invalid');
    expect(field('Stock Name')).toHaveValue('Bolts');
  });

  it('sends a SKU trimmed, and shows a SKU another item has on the SKU field', async () => {
    const { user, requestsTo } = renderAddStock({
      'POST /api/stocks': {
        status: 409,
        body: {
          error: importMessages.skuTaken,
          message: importMessages.skuTaken,
          code: 'sku_taken',
          details: [{ path: 'body.sku', message: importMessages.skuTaken }],
        },
      },
    });
    await screen.findByRole('heading', { name: 'Add Stock' });
    expect(screen.getByText('All fields but SKU are required.')).toBeInTheDocument();
    expect(field('SKU')).not.toBeRequired();
    await fillStockForm(user);
    await user.type(field('SKU'), ' RICE-5 ');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(importMessages.skuTaken);
    expect(field('SKU')).toHaveAttribute('aria-invalid', 'true');
    expect(field('SKU')).toHaveAccessibleDescription(expect.stringContaining(importMessages.skuTaken));
    expect(field('Stock Name')).not.toHaveAttribute('aria-invalid');
    expect(field('SKU')).toHaveValue(' RICE-5 ');
    expect(requestsTo('POST /api/stocks')[0]?.body).toMatchObject({ sku: 'RICE-5' });
  });

  it('refuses a SKU over 64 characters before sending', async () => {
    const { user, requestsTo } = renderAddStock();
    await screen.findByRole('heading', { name: 'Add Stock' });
    await fillStockForm(user);
    fireEvent.change(field('SKU'), { target: { value: 'x'.repeat(65) } });

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(importMessages.skuTooLong)).toBeInTheDocument();
    expect(requestsTo('POST /api/stocks')).toHaveLength(0);
  });

  it('lets the alert vanish after 3 seconds', async () => {
    vi.useFakeTimers();
    stubFetch({ 'POST /api/stocks': ADDED });
    renderRoute(PATHS.addStock, <AddStockPage />);
    fireEvent.change(field('Stock Name'), { target: { value: 'Bolts' } });
    fireEvent.change(field('Stock Price ($)'), { target: { value: '12.50' } });
    fireEvent.change(field('Stock Quantity'), { target: { value: '40' } });
    fireEvent.change(field('Stock Weight (kg)'), { target: { value: '1.25' } });

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('alert')).toHaveTextContent(STOCK_MESSAGES.added);

    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
