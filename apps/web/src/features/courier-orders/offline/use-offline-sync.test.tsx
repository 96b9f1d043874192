import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { enqueueChange, type QueuedChange, queuedChangesOf, removeChange } from './queue';
import { useOfflineSync } from './use-offline-sync';

const COURIER_ID = 12;

function queued(orderId: number): QueuedChange {
  return {
    key: `change-${orderId}`,
    userId: COURIER_ID,
    orderId,
    deviceTime: `2026-11-28T09:0${orderId}:00.000Z`,
    status: 'In Transit',
  };
}

function renderSync() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useOfflineSync(COURIER_ID), { wrapper });
}

/** A server slow enough that the courier taps "Sync now" while the start's round still runs. */
function slowServer() {
  const releases: (() => void)[] = [];
  const fetchStub = stubFetch({
    'PUT /api/orders/1': () => new Promise((resolve) => releases.push(() => resolve(answer(1)))),
    'PUT /api/orders/2': answer(2),
  });
  const release = () => {
    for (const answerNow of releases.splice(0)) answerNow();
  };
  return { ...fetchStub, release };
}

function answer(id: number) {
  return { status: 200, body: { message: 'Order status updated', order: { id, status: 'In Transit' } } };
}

afterEach(async () => {
  for (const change of await queuedChangesOf(COURIER_ID)) await removeChange(change.key);
});

describe('useOfflineSync', () => {
  it('sends the queued changes once each and shows each outcome once when a second sync joins the round', async () => {
    await enqueueChange(queued(1));
    await enqueueChange(queued(2));
    const server = slowServer();
    const { result } = renderSync();
    await waitFor(() => expect(server.requestsTo('PUT /api/orders/1')).toHaveLength(1));

    let joined: Promise<void> | undefined;
    act(() => {
      joined = result.current.sync();
    });
    server.release();
    await act(async () => {
      await joined;
    });

    await waitFor(() => expect(result.current.waiting).toEqual([]));
    expect(result.current.outcomes.map((outcome) => [outcome.orderId, outcome.result])).toEqual([
      [1, 'synced'],
      [2, 'synced'],
    ]);
    expect(server.requestsTo('PUT /api/orders/1')).toHaveLength(1);
    expect(server.requestsTo('PUT /api/orders/2')).toHaveLength(1);
    expect(server.requestsTo('PUT /api/orders/1')[0]?.headers['idempotency-key']).toBe('change-1');
  });
});
