import { PATHS } from '@depot/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { connectionState } from '@/lib/connection-state';
import { stubFetch } from '@/testing/fetch-stub';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';

const MANAGER = TEST_USERS.inventoryManager;
const BOLTS = {
  stock_id: 1,
  stock_name: 'Bolts',
  price: 12.5,
  quantity: 40,
  weight: 1.25,
  inventory_manager_id: MANAGER.id,
};
const BUSY = {
  status: 503,
  headers: { 'Retry-After': '1' },
  body: {
    error: 'Depot is busy right now. Please try again in a moment.',
    message: 'Depot is busy right now. Please try again in a moment.',
    code: 'database_busy',
  },
};

afterEach(() => connectionState.reportAnswered());

describe('Reconnecting state', () => {
  it('shows one calm "Reconnecting…" while the server answers 503, retries after Retry-After, and goes away with the data', async () => {
    let stockCalls = 0;
    const { requestsTo } = stubFetch({
      'GET /auth/profile': { status: 200, body: profileOf(MANAGER) },
      'GET /api/stocks': () => {
        stockCalls += 1;
        return stockCalls === 1 ? BUSY : { status: 200, body: [BOLTS] };
      },
    });
    renderApp(PATHS.stockManagement, { storedUser: MANAGER });

    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    expect(await screen.findByText('Bolts', {}, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument());
    expect(requestsTo('GET /api/stocks')).toHaveLength(2);
    expect(screen.queryByText(BUSY.body.message)).not.toBeInTheDocument();
  });

  it('answers many changes refused with 503 with one toast, not one each, and does not repeat a POST without an Idempotency-Key', async () => {
    const { requestsTo } = stubFetch({
      'GET /auth/profile': { status: 200, body: profileOf(MANAGER) },
      'GET /api/stocks': { status: 200, body: [BOLTS] },
      'POST /api/stocks': BUSY,
    });
    const { queryClient } = renderApp(PATHS.stockManagement, { storedUser: MANAGER });
    await screen.findByText('Bolts');

    const create = () =>
      queryClient
        .getMutationCache()
        .build(queryClient, { mutationFn: () => apiClient.post('/api/stocks', { name: 'Nuts' }) })
        .execute(undefined)
        .catch(() => undefined);
    await Promise.all([create(), create(), create()]);

    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    expect(await screen.findAllByText(BUSY.body.message)).toHaveLength(1);
    expect(requestsTo('POST /api/stocks')).toHaveLength(3);
  });
});
