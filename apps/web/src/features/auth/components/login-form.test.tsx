import { AUTH_MESSAGES } from '@depot/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';

async function openLoginModal() {
  const app = renderApp('/');
  await app.user.click(screen.getByRole('button', { name: 'Login' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Login' }));
  return { ...app, dialog };
}

async function submitLogin({ user, dialog }: Awaited<ReturnType<typeof openLoginModal>>, password: string) {
  await user.type(dialog.getByLabelText('Email'), 'sam@example.com');
  await user.type(dialog.getByLabelText('Password'), password);
  await user.click(dialog.getByRole('button', { name: 'Login' }));
}

describe('Login modal', () => {
  it('asks for the email and the password on their fields and sends nothing', async () => {
    const { requests } = stubFetch({});
    const { user, dialog } = await openLoginModal();

    await user.type(dialog.getByLabelText('Email'), '   ');
    await user.click(dialog.getByRole('button', { name: 'Login' }));

    expect(await dialog.findByText(AUTH_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(dialog.getByLabelText('Email')).toHaveAccessibleDescription(AUTH_MESSAGES.emailRequired);
    expect(dialog.getByLabelText('Password')).toHaveAccessibleDescription(AUTH_MESSAGES.passwordRequired);
    expect(requests).toHaveLength(0);
  });

  it("puts the server's refusal of a field on that field", async () => {
    stubFetch({
      'POST /auth/login': {
        status: 400,
        body: {
          error: 'Invalid input: Email is too long',
          message: 'Invalid input: Email is too long',
          details: [{ path: 'body.email', message: 'Email is too long' }],
        },
      },
    });
    const modal = await openLoginModal();

    await submitLogin(modal, 'any password at all');

    expect(await modal.dialog.findByText('Email is too long')).toBeInTheDocument();
    expect(modal.dialog.getByLabelText('Email')).toHaveAccessibleDescription('Email is too long');
    expect(modal.dialog.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(await screen.findByText('Invalid input: Email is too long')).toBeInTheDocument();
  });

  it("shows 'Invalid email or password' on a 401 and stores no user", async () => {
    const { requestsTo } = stubFetch({
      'POST /auth/login': { status: 401, body: { error: 'Unauthorized', message: 'Unauthorized' } },
    });
    const modal = await openLoginModal();

    await submitLogin(modal, 'wrong password');

    expect(await screen.findByText(AUTH_MESSAGES.invalidCredentials)).toBeInTheDocument();
    expect(requestsTo('POST /auth/login')[0]?.body).toEqual({
      email: 'sam@example.com',
      password: 'wrong password',
    });
    expect(localStorage.getItem('user')).toBeNull();
    expect(modal.router.state.location).toMatchObject({ pathname: '/', search: '' });
  });

  it("shows the server's message for other failures such as rate limiting", async () => {
    stubFetch({
      'POST /auth/login': {
        status: 429,
        body: { error: AUTH_MESSAGES.tooManyAttempts, message: AUTH_MESSAGES.tooManyAttempts },
      },
    });
    const modal = await openLoginModal();

    await submitLogin(modal, 'any password at all');

    expect(await screen.findByText(AUTH_MESSAGES.tooManyAttempts)).toBeInTheDocument();
  });

  it('stores the user, toasts "Logged in Successfully" and opens the dashboard', async () => {
    const { requestsTo } = stubFetch({
      'POST /auth/login': {
        status: 200,
        body: { message: AUTH_MESSAGES.loggedIn, user: TEST_USERS.supplier },
      },
      'GET /auth/profile': { status: 200, body: profileOf(TEST_USERS.supplier) },
    });
    const modal = await openLoginModal();

    await submitLogin(modal, 'correct horse battery');

    expect(await screen.findByText(AUTH_MESSAGES.loggedIn)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(TEST_USERS.supplier);
    expect(requestsTo('POST /auth/login')[0]?.credentials).toBe('include');
    expect(await screen.findByRole('heading', { name: "Supplier's Dashboard" })).toBeInTheDocument();
    expect(modal.router.state.location.pathname).toBe('/dashboard/overview');
  });

  it('leads to the Forgot Password modal, which sends the reset link request', async () => {
    const { requestsTo } = stubFetch({
      'POST /auth/forgot-password': { status: 200, body: { message: AUTH_MESSAGES.forgotPassword } },
    });
    const { user, dialog } = await openLoginModal();

    await user.click(dialog.getByRole('button', { name: 'Forgot password?' }));
    const forgot = within(await screen.findByRole('dialog', { name: 'Forgot Password' }));
    await user.type(forgot.getByLabelText('Email'), 'sam@example.com');
    await user.click(forgot.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(AUTH_MESSAGES.forgotPassword)).toBeInTheDocument();
    expect(requestsTo('POST /auth/forgot-password')[0]?.body).toEqual({ email: 'sam@example.com' });
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
  });
});
