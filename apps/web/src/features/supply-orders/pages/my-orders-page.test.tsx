import { PATHS, SUPPLY_ORDER_MESSAGES } from '@depot/contract';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeEventSource, openedLiveStream } from '@/testing/fake-event-source';
import { stubFetch } from '@/testing/fetch-stub';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { ORDERS_URL, SUPPLY_ORDER_COLUMNS, supplyOrder, tableRows } from '../testing/supply-order-fixtures';

const MANAGER = TEST_USERS.inventoryManager;

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
      '',
      '415/06/2026',
      'Sam Supplier',
      'Ivy Manager',
      'Hex bolt × 4Nut × 10',
      '$59.9014 units',
      '4 Warehouse Row, Pune+91 98765 43210',
      `Order Received${SUPPLY_ORDER_MESSAGES.waitingForUpdate}`,
    ]);
    expect(screen.queryByRole('button', { name: /^Update order/ })).not.toBeInTheDocument();
  });

  it('prints the supply orders ticked as purchase orders in a new tab', async () => {
    stubFetch({
      'GET /auth/profile': { status: 200, body: profileOf(MANAGER) },
      [`GET ${ORDERS_URL}`]: { status: 200, body: [supplyOrder(5), supplyOrder(4)] },
    });
    const { user } = renderApp(PATHS.myOrders, { storedUser: MANAGER });
    const four = await screen.findByRole('checkbox', { name: 'Select supply order 4' });
    expect(screen.getByRole('button', { name: 'Print purchase orders' })).toBeDisabled();
    await user.click(four);
    expect(screen.getByRole('link', { name: 'Print purchase orders (1)' })).toHaveAttribute(
      'href',
      '/print/purchase-orders?ids=4',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select every supply order on this page' }));
    expect(screen.getByRole('link', { name: 'Print purchase orders (2)' })).toHaveAttribute(
      'href',
      '/print/purchase-orders?ids=4,5',
    );
  });

  it('follows the supplier’s changes live, without a reload', async () => {
    installFakeEventSource();
    let order = supplyOrder(4);
    const { requestsTo } = stubFetch({
      'GET /auth/profile': { status: 200, body: profileOf(MANAGER) },
      [`GET ${ORDERS_URL}`]: () => ({ status: 200, body: [order] }),
    });
    renderApp(PATHS.myOrders, { storedUser: MANAGER });
    expect(within(await screen.findByRole('table')).getByText('Order Received')).toBeInTheDocument();

    order = supplyOrder(4, { status: 'In Transit', expected_delivery_time: '2026-06-20T09:30:00.000Z' });
    const stream = await openedLiveStream();
    act(() => stream.emit('supply-order-updated', { order }));

    expect(await within(screen.getByRole('table')).findByText('In Transit')).toBeInTheDocument();
    expect(screen.getByText('20/06/2026, 09:30')).toBeInTheDocument();
    expect(requestsTo(`GET ${ORDERS_URL}`)).toHaveLength(2);
  });
});
