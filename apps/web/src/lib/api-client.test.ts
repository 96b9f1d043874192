import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { ApiError, apiClient, NETWORK_ERROR_MESSAGE } from './api-client';

describe('apiClient', () => {
  it('sends JSON with credentials and returns the parsed answer', async () => {
    const { requests } = stubFetch({
      'POST /auth/forgot-password': { status: 200, body: { message: 'Sent' } },
    });

    await expect(apiClient.post('/auth/forgot-password', { email: 'a@example.com' })).resolves.toEqual({
      message: 'Sent',
    });
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/auth/forgot-password',
        query: new URLSearchParams(),
        credentials: 'include',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: { email: 'a@example.com' },
      },
    ]);
  });

  it('gets a list page with its parameters and reads the total from X-Total-Count', async () => {
    const { requests } = stubFetch({
      'GET /api/orders': { status: 200, body: [{ id: 1 }], headers: { 'X-Total-Count': '52' } },
    });
    await expect(
      apiClient.list('/api/orders', {
        q: 'bolt',
        sort: 'id',
        order: 'desc',
        status: ['Processing', 'In Transit'],
        from: '',
        limit: 25,
        offset: 25,
      }),
    ).resolves.toEqual({ rows: [{ id: 1 }], total: 52 });
    expect(requests[0]?.query.toString()).toBe(
      'q=bolt&sort=id&order=desc&status=Processing&status=In+Transit&limit=25&offset=25',
    );
  });

  it("counts a list's rows when the server sends no total", async () => {
    stubFetch({ 'GET /api/orders': { status: 200, body: [{ id: 1 }, { id: 2 }], headers: {} } });
    await expect(apiClient.list('/api/orders')).resolves.toEqual({ rows: [{ id: 1 }, { id: 2 }], total: 2 });
  });

  it('sends no Content-Type when there is no body', async () => {
    const { requests } = stubFetch({ 'POST /auth/logout': { status: 200, body: { message: 'Bye' } } });
    await apiClient.post('/auth/logout');
    expect(requests[0]?.headers).toEqual({ accept: 'application/json' });
    expect(requests[0]?.body).toBeUndefined();
  });

  it("throws an ApiError carrying the status and the server's message", async () => {
    stubFetch({
      'GET /auth/profile': {
        status: 401,
        body: { error: 'You are not logged in', message: 'You are not logged in' },
      },
    });
    const error = await apiClient.get('/auth/profile').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'You are not logged in' });
  });

  it('falls back to the error field when there is no message', async () => {
    stubFetch({ 'DELETE /api/stocks/1': { status: 409, body: { error: 'Stock is in use' } } });
    await expect(apiClient.delete('/api/stocks/1')).rejects.toMatchObject({
      status: 409,
      message: 'Stock is in use',
    });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiClient.get('/auth/profile')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });
});
