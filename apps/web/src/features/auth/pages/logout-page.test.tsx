import { AUTH_MESSAGES } from '@depot/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp, TEST_USERS } from '@/testing/render-app';

describe('Logout page', () => {
  it('logs out on the server, clears the stored user and cache, toasts the message and goes home', async () => {
    const { requestsTo } = stubFetch({
      'POST /auth/logout': { status: 200, body: { message: AUTH_MESSAGES.loggedOut } },
    });
    const { router, queryClient } = renderApp('/logout', { storedUser: TEST_USERS.customer });
    queryClient.setQueryData(['profile'], { id: TEST_USERS.customer.id });

    expect(await screen.findByText(AUTH_MESSAGES.loggedOut)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requestsTo('POST /auth/logout')).toHaveLength(1);
    expect(localStorage.getItem('user')).toBeNull();
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
    expect(await screen.findByRole('button', { name: 'Sign In/Register' })).toBeInTheDocument();
  });

  it('still clears the stored user when the session had already ended', async () => {
    stubFetch({
      'POST /auth/logout': {
        status: 401,
        body: { error: AUTH_MESSAGES.notLoggedIn, message: AUTH_MESSAGES.notLoggedIn },
      },
    });
    const { router } = renderApp('/logout', { storedUser: TEST_USERS.customer });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('user')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign In/Register' })).toBeInTheDocument();
    expect(screen.queryByText(AUTH_MESSAGES.notLoggedIn)).not.toBeInTheDocument();
  });

  it('logs out on every device from /logout-everywhere', async () => {
    const { requestsTo } = stubFetch({
      'POST /auth/logout-all': { status: 200, body: { message: AUTH_MESSAGES.loggedOutEverywhere } },
    });
    const { router } = renderApp('/logout-everywhere', { storedUser: TEST_USERS.supplier });

    expect(await screen.findByText(AUTH_MESSAGES.loggedOutEverywhere)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requestsTo('POST /auth/logout-all')).toHaveLength(1);
    expect(requestsTo('POST /auth/logout')).toHaveLength(0);
    expect(localStorage.getItem('user')).toBeNull();
  });
});
