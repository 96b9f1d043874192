import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { type DrawnQuery, useDrawnQuery } from './use-drawn-query';

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('useDrawnQuery', () => {
  it('is pending until the answer is drawn, then has its data', async () => {
    const answers: Record<string, () => Promise<string>> = { a: () => Promise.resolve('figures of a') };
    const { result } = renderHook(
      () => useDrawnQuery(useQuery({ queryKey: ['drawn', 'a'], queryFn: () => answers.a?.() ?? '' })),
      { wrapper: wrapperWith(newClient()) },
    );
    expect(result.current.status).toBe('pending');
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.data).toBe('figures of a');
  });

  it("shows a new key's placeholder at once, never the old key's data", async () => {
    let release: (value: string) => void = () => {};
    const seen: DrawnQuery<string>[] = [];
    const { result, rerender } = renderHook(
      ({ key }: { key: string }) => {
        const drawn = useDrawnQuery(
          useQuery({
            queryKey: ['drawn', key],
            queryFn: () =>
              key === 'first'
                ? Promise.resolve('first figures')
                : new Promise<string>((resolve) => {
                    release = resolve;
                  }),
          }),
        );
        seen.push(drawn);
        return drawn;
      },
      { wrapper: wrapperWith(newClient()), initialProps: { key: 'first' } },
    );
    await waitFor(() => expect(result.current.data).toBe('first figures'));
    seen.length = 0;
    rerender({ key: 'second' });
    expect(seen.every((drawn) => drawn.data === undefined && drawn.status === 'pending')).toBe(true);
    release('second figures');
    await waitFor(() => expect(result.current.data).toBe('second figures'));
    expect(seen.some((drawn) => drawn.data === 'first figures')).toBe(false);
  });

  it('passes a failure on with its error', async () => {
    const { result } = renderHook(
      () =>
        useDrawnQuery(
          useQuery({ queryKey: ['drawn', 'failing'], queryFn: () => Promise.reject(new Error('down')) }),
        ),
      { wrapper: wrapperWith(newClient()) },
    );
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect((result.current.error as Error).message).toBe('down');
  });
});
