import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authDialogState } from '@/lib/auth-dialog';
import { stubFetch } from '@/testing/fetch-stub';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';

describe('Landing page', () => {
  it('offers Sign In/Register and Login, staying at /', async () => {
    stubFetch({});
    const { user, router } = renderApp('/');

    expect(screen.getByRole('heading', { name: 'Depot' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In/Register' }));
    expect(await screen.findByRole('dialog', { name: 'Register' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/', search: '' });
  });

  it('closes the modal with Escape or its Close button', async () => {
    stubFetch({});
    const { user, router } = renderApp({ pathname: '/', state: authDialogState('login') });

    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.state).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends a stored user to the dashboard', async () => {
    stubFetch({ 'GET /auth/profile': { status: 200, body: profileOf(TEST_USERS.customer) } });
    const { router } = renderApp('/', { storedUser: TEST_USERS.customer });

    expect(await screen.findByRole('heading', { name: "Customer's Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/overview');
  });
});
