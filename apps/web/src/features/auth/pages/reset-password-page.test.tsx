import { AUTH_MESSAGES } from '@depot/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { RESET_PASSWORDS_DO_NOT_MATCH } from './reset-password-page';

const NEW_PASSWORD = 'a brand new passphrase';

async function renderResetPage() {
  const app = renderApp('/reset-password/token-123');
  await screen.findByRole('heading', { name: 'Reset Password' });
  return app;
}

describe('Reset Password page', () => {
  it("shows 'Passwords do not match.' and sends nothing when the passwords differ", async () => {
    const { requests } = stubFetch({});
    const { user } = await renderResetPage();

    await user.type(screen.getByLabelText('New Password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm Password'), 'something else entirely');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText(RESET_PASSWORDS_DO_NOT_MATCH)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
      RESET_PASSWORDS_DO_NOT_MATCH,
    );
    expect(requests).toHaveLength(0);
  });

  it("checks the contract's password rules on the New Password field", async () => {
    const { requests } = stubFetch({});
    const { user } = await renderResetPage();

    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordRequired)).toBeInTheDocument();
    // Both blank: they match, so only the missing password is reported.
    expect(screen.queryByText(RESET_PASSWORDS_DO_NOT_MATCH)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 12 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 12 characters'),
    );
    expect(requests).toHaveLength(0);
  });

  it("puts the server's refusal of the password on the New Password field", async () => {
    stubFetch({
      'POST /auth/reset-password/token-123': {
        status: 400,
        body: {
          error: AUTH_MESSAGES.commonPassword,
          message: AUTH_MESSAGES.commonPassword,
          details: [{ path: 'body.password', message: AUTH_MESSAGES.commonPassword }],
        },
      },
    });
    const { user } = await renderResetPage();

    await user.type(screen.getByLabelText('New Password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm Password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await waitFor(() =>
      expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
        expect.stringContaining(AUTH_MESSAGES.commonPassword),
      ),
    );
    expect(screen.getByLabelText('Confirm Password')).not.toHaveAttribute('aria-invalid');
  });

  it('sends the new password with the token, toasts the answer and opens the login modal', async () => {
    const { requestsTo } = stubFetch({
      'POST /auth/reset-password/token-123': { status: 200, body: { message: AUTH_MESSAGES.passwordReset } },
    });
    const { user, router } = await renderResetPage();

    await user.type(screen.getByLabelText('New Password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm Password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText(AUTH_MESSAGES.passwordReset)).toBeInTheDocument();
    expect(requestsTo('POST /auth/reset-password/token-123')[0]?.body).toEqual({ password: NEW_PASSWORD });
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("toasts the server's message when the token is refused", async () => {
    stubFetch({
      'POST /auth/reset-password/token-123': {
        status: 400,
        body: { error: AUTH_MESSAGES.invalidResetToken, message: AUTH_MESSAGES.invalidResetToken },
      },
    });
    const { user, router } = await renderResetPage();

    await user.type(screen.getByLabelText('New Password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm Password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText(AUTH_MESSAGES.invalidResetToken)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password/token-123');
  });

  it("links 'Back to home'", async () => {
    stubFetch({});
    await renderResetPage();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
