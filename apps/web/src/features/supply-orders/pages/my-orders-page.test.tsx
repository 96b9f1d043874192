import { PATHS, REPLENISHMENT_MESSAGES } from '@depot/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { renderRoute } from '@/testing/render-route';
import { SUPPLY_ORDERS_REFRESH_MS } from '../api/list-supply-orders';
import { ORDERS_URL, SUPPLY_ORDER_COLUMNS, supplyOrder, tableRows } from '../testing/supply-order-fixtures';
import MyOrdersPage from './my-orders-page';

const MANAGER = TEST_USERS.inventoryManager;

afterEach(() => {
  vi.useRealTimers();
});

describe('My Orders page', () => {
  it('shows the manager’s orders in the supply orders table without the Action column', async () => {
    stubFetch({
      'GET /auth/profile': { status: 200, body: profileOf(MANAGER) },
      [`GET ${ORDERS_URL}`]: { status: 200, body: [supplyOrder(4)] },
    });
    renderApp(PATHS.myOrders, { storedUser: MANAGER });

    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(SUPPLY_ORDER_COLUMNS);
    expect(tableRows(table)[0]).toEqual([
      '4',
      'Hex bolt × 4Nut × 10',
      '14',
      '$59.90',
      '4 Warehouse Row, Pune',
      '+91 98765 43210',
      'Order Received',
      REPLENISHMENT_MESSAGES.waitingForUpdate,
    ]);
    expect(screen.queryByRole('button', { name: /^Update order/ })).not.toBeInTheDocument();
  });

  it('follows the supplier’s changes while open, asking again every 15 seconds', async () => {
    vi.useFakeTimers();
    let order = supplyOrder(4);
    const { requestsTo } = stubFetch({ [`GET ${ORDERS_URL}`]: () => ({ status: 200, body: [order] }) });
    renderRoute(PATHS.myOrders, <MyOrdersPage />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Order Received')).toBeInTheDocument();

    order = supplyOrder(4, { status: 'In Transit', expected_delivery_time: '2026-06-20T09:30:00.000Z' });
    await act(() => vi.advanceTimersByTimeAsync(SUPPLY_ORDERS_REFRESH_MS - 1));
    expect(screen.getByText('Order Received')).toBeInTheDocument();
    // The tick, and a moment for the answer to be read.
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText('In Transit')).toBeInTheDocument();
    expect(screen.getByText('20/06/2026, 09:30')).toBeInTheDocument();
    expect(requestsTo(`GET ${ORDERS_URL}`)).toHaveLength(2);
  });
});
