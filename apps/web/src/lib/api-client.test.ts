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
        credentials: 'include',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: { email: 'a@example.com' },
      },
    ]);
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
