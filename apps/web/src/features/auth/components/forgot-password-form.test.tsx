import { AUTH_MESSAGES } from '@depot/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

async function openForgotPasswordModal() {
  const app = renderApp('/');
  await app.user.click(screen.getByRole('button', { name: 'Login' }));
  const login = within(await screen.findByRole('dialog', { name: 'Login' }));
  await app.user.click(login.getByRole('button', { name: 'Forgot password?' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Forgot Password' }));
  return { ...app, dialog };
}

describe('Forgot Password modal', () => {
  it('asks for the email on its field and sends nothing', async () => {
    const { requests } = stubFetch({});
    const { user, dialog } = await openForgotPasswordModal();

    await user.click(dialog.getByRole('button', { name: 'Send reset link' }));

    expect(await dialog.findByText(AUTH_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(dialog.getByLabelText('Email')).toHaveAccessibleDescription(AUTH_MESSAGES.emailRequired);
    expect(requests).toHaveLength(0);
  });

  it("puts the server's refusal of the email on the Email field", async () => {
    stubFetch({
      'POST /auth/forgot-password': {
        status: 400,
        body: {
          error: 'Invalid input: Email is too long',
          message: 'Invalid input: Email is too long',
          details: [{ path: 'body.email', message: 'Email is too long' }],
        },
      },
    });
    const { user, dialog } = await openForgotPasswordModal();

    await user.type(dialog.getByLabelText('Email'), 'sam@example.com');
    await user.click(dialog.getByRole('button', { name: 'Send reset link' }));

    expect(await dialog.findByText('Email is too long')).toBeInTheDocument();
    expect(dialog.getByLabelText('Email')).toHaveAccessibleDescription('Email is too long');
    expect(screen.getByRole('dialog', { name: 'Forgot Password' })).toBeInTheDocument();
  });
});
