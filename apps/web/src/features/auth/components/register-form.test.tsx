import { AUTH_MESSAGES } from '@depot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { PASSWORDS_DO_NOT_MATCH } from './register-form';

const PASSWORD = 'correct horse battery';

async function openRegisterModal() {
  const app = renderApp('/');
  await app.user.click(screen.getByRole('button', { name: 'Sign In/Register' }));
  const dialog = await screen.findByRole('dialog', { name: 'Register' });
  return { ...app, dialog: within(dialog) };
}

type RegisterModal = Awaited<ReturnType<typeof openRegisterModal>>;

async function fillRegisterForm({ user, dialog }: RegisterModal, confirmPassword = PASSWORD) {
  await user.click(dialog.getByRole('combobox', { name: 'Role' }));
  await user.click(await screen.findByRole('option', { name: 'Supplier' }));
  await user.type(dialog.getByLabelText('Name'), 'Sam Supplier');
  await user.type(dialog.getByLabelText('Email'), 'sam@example.com');
  await user.type(dialog.getByLabelText('Password'), PASSWORD);
  await user.type(dialog.getByLabelText('Confirm Password'), confirmPassword);
}

describe('Register modal', () => {
  it('shows "Passwords do not match" and sends nothing when the passwords differ', async () => {
    const { requests } = stubFetch({});
    const modal = await openRegisterModal();
    await fillRegisterForm(modal, `${PASSWORD}!`);

    await modal.user.click(modal.dialog.getByRole('button', { name: 'Register' }));

    expect(await modal.dialog.findByText(PASSWORDS_DO_NOT_MATCH)).toBeInTheDocument();
    expect(modal.dialog.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('requires every field before sending', async () => {
    const { requests } = stubFetch({});
    const modal = await openRegisterModal();

    await modal.user.click(modal.dialog.getByRole('button', { name: 'Register' }));

    expect(await modal.dialog.findByText('Role is required')).toBeInTheDocument();
    expect(modal.dialog.getByText('Name is required')).toBeInTheDocument();
    expect(modal.dialog.getByText('Email is required')).toBeInTheDocument();
    expect(modal.dialog.getByText('Password is required')).toBeInTheDocument();
    expect(modal.dialog.getByLabelText('Email')).toHaveAccessibleDescription(AUTH_MESSAGES.emailRequired);
    expect(modal.dialog.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(modal.dialog.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
      'Confirm your password',
    );
    expect(requests).toHaveLength(0);
  });

  it("checks the contract's email and password rules on their fields before sending", async () => {
    const { requests } = stubFetch({});
    const modal = await openRegisterModal();
    await modal.user.click(modal.dialog.getByRole('combobox', { name: 'Role' }));
    await modal.user.click(await screen.findByRole('option', { name: 'Customer' }));
    await modal.user.type(modal.dialog.getByLabelText('Name'), 'Cal');
    await modal.user.type(modal.dialog.getByLabelText('Email'), 'cal-at-example.com');
    await modal.user.type(modal.dialog.getByLabelText('Password'), 'too short');
    await modal.user.type(modal.dialog.getByLabelText('Confirm Password'), 'too short');

    await modal.user.click(modal.dialog.getByRole('button', { name: 'Register' }));

    expect(await modal.dialog.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(modal.dialog.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
    expect(modal.dialog.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 12 characters'),
    );
    expect(modal.dialog.queryByText(PASSWORDS_DO_NOT_MATCH)).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("puts the server's refusal of a field on that field, beside the error toast", async () => {
    stubFetch({
      'POST /auth/register': {
        status: 400,
        body: {
          error: AUTH_MESSAGES.commonPassword,
          message: AUTH_MESSAGES.commonPassword,
          details: [{ path: 'body.password', message: AUTH_MESSAGES.commonPassword }],
        },
      },
    });
    const modal = await openRegisterModal();
    await fillRegisterForm(modal);

    await modal.user.click(modal.dialog.getByRole('button', { name: 'Register' }));

    expect(await modal.dialog.findByText(AUTH_MESSAGES.commonPassword)).toBeInTheDocument();
    expect(modal.dialog.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining(AUTH_MESSAGES.commonPassword),
    );
    expect(modal.dialog.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(modal.dialog.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    // The error toast says it too.
    await waitFor(() => expect(screen.getAllByText(AUTH_MESSAGES.commonPassword)).toHaveLength(2));
  });

  it('sends the registration, toasts "Registered Successfully" and switches to the Login modal', async () => {
    const { requestsTo } = stubFetch({
      'POST /auth/register': {
        status: 201,
        body: {
          message: AUTH_MESSAGES.registered,
          user: { id: 1, role: 'Supplier', name: 'Sam Supplier', email: 'sam@example.com' },
        },
      },
    });
    const modal = await openRegisterModal();
    await fillRegisterForm(modal);

    await modal.user.click(modal.dialog.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText(AUTH_MESSAGES.registered)).toBeInTheDocument();
    expect(requestsTo('POST /auth/register')).toEqual([
      expect.objectContaining({
        body: { role: 'Supplier', name: 'Sam Supplier', email: 'sam@example.com', password: PASSWORD },
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
      }),
    ]);
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
    expect(modal.router.state.location).toMatchObject({ pathname: '/', search: '' });
    // Registering does not log in.
    expect(localStorage.getItem('user')).toBeNull();
  });

  it("shows the server's message in an error toast when registration is refused", async () => {
    stubFetch({
      'POST /auth/register': {
        status: 409,
        body: { error: AUTH_MESSAGES.emailTaken, message: AUTH_MESSAGES.emailTaken },
      },
    });
    const modal = await openRegisterModal();
    await fillRegisterForm(modal);

    await modal.user.click(modal.dialog.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText(AUTH_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Register' })).toBeInTheDocument();
  });

  it('links to the Login modal', async () => {
    stubFetch({});
    const modal = await openRegisterModal();
    await modal.user.click(modal.dialog.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
  });
});
