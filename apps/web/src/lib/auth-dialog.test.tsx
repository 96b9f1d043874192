import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { authDialogState } from './auth-dialog';

describe('auth dialog state', () => {
  it('opens the modal named in the history state of this page load', async () => {
    stubFetch({});
    renderApp({ pathname: '/', state: authDialogState('forgot-password') });
    expect(await screen.findByRole('dialog', { name: 'Forgot Password' })).toBeInTheDocument();
  });

  it('ignores a modal left in the history state by an earlier page load', async () => {
    stubFetch({});
    renderApp({ pathname: '/', state: { ...authDialogState('login'), pageLoadId: 'an-earlier-load' } });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
