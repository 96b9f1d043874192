import { ACCOUNT_MESSAGES, type Account, type AccountSession, PATHS } from '@depot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchRoutes, stubFetch } from '@/testing/fetch-stub';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';

const USER = TEST_USERS.customer;
const ACCOUNT: Account = { ...USER, must_change_password: false, pending_email: null, order_mails: true };
const THIS_LAPTOP: AccountSession = {
  id: 101,
  device: 'Firefox 132 on Linux',
  ip: '203.0.113.5',
  created_at: '2026-06-15T08:00:00.000Z',
  last_seen_at: '2026-06-15T10:00:00.000Z',
  current: true,
};
const OLD_PHONE: AccountSession = {
  id: 102,
  device: 'Safari 17 on iOS',
  ip: '198.51.100.7',
  created_at: '2026-06-14T08:00:00.000Z',
  last_seen_at: '2026-06-14T21:30:00.000Z',
  current: false,
};

function renderAccountPage(
  routes: FetchRoutes = {},
  sessions: () => AccountSession[] = () => [THIS_LAPTOP, OLD_PHONE],
) {
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(USER) },
    'GET /api/account': { status: 200, body: ACCOUNT },
    'GET /api/account/sessions': () => ({ status: 200, body: sessions() }),
    'GET /api/addresses': { status: 200, body: [] },
    ...routes,
  });
  return { ...renderApp(PATHS.account, { storedUser: USER }), ...fetchStub };
}

describe('the Account page', () => {
  it('shows the name, the email and the open sessions, this device marked', async () => {
    renderAccountPage();
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue(USER.name);
    expect(screen.getByText(USER.email, { selector: 'strong' })).toBeInTheDocument();
    const sessions = within(await screen.findByRole('list', { name: 'Active sessions' }));
    const items = sessions.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('This device')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText(/198\.51\.100\.7/)).toBeInTheDocument();
  });

  it('renames the user, and says so once the account shows the new name', async () => {
    let account = ACCOUNT;
    const page = renderAccountPage({
      'GET /api/account': () => ({ status: 200, body: account }),
      'PUT /api/account': () => {
        account = { ...ACCOUNT, name: 'Cara Lovelace' };
        return { status: 200, body: { account, message: ACCOUNT_MESSAGES.nameChanged } };
      },
    });
    const section = within(await screen.findByRole('region', { name: 'Name' }));
    await page.user.clear(section.getByRole('textbox', { name: 'Name' }));
    await page.user.type(section.getByRole('textbox', { name: 'Name' }), 'Cara Lovelace');
    await page.user.click(section.getByRole('button', { name: 'Save Name' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.nameChanged)).toBeInTheDocument();
    expect(page.requestsTo('PUT /api/account')).toEqual([
      expect.objectContaining({ body: { name: 'Cara Lovelace' } }),
    ]);
  });

  it('logs out one other session, then all the others', async () => {
    let sessions = [THIS_LAPTOP, OLD_PHONE, { ...OLD_PHONE, id: 103, device: 'Chrome 131 on Windows' }];
    const page = renderAccountPage(
      {
        'DELETE /api/account/sessions/102': () => {
          sessions = sessions.filter((session) => session.id !== 102);
          return { status: 200, body: { message: ACCOUNT_MESSAGES.sessionEnded } };
        },
        'POST /api/account/sessions/end-others': () => {
          sessions = [THIS_LAPTOP];
          return { status: 200, body: { message: ACCOUNT_MESSAGES.otherSessionsEnded } };
        },
      },
      () => sessions,
    );
    await page.user.click(await screen.findByRole('button', { name: /^Log out Safari 17 on iOS/ }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.sessionEnded)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Safari 17 on iOS')).not.toBeInTheDocument());

    await page.user.click(screen.getByRole('button', { name: 'Log out all other sessions' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.otherSessionsEnded)).toBeInTheDocument();
    expect(await screen.findByText('You are logged in on this device only.')).toBeInTheDocument();
    expect(page.requestsTo('POST /api/account/sessions/end-others')).toHaveLength(1);
  });

  it('changes the password with the current one, checking the confirmation first', async () => {
    const page = renderAccountPage({
      'PUT /api/account/password': { status: 200, body: { message: ACCOUNT_MESSAGES.passwordChanged } },
    });
    const section = within(await screen.findByRole('region', { name: 'Password' }));
    await page.user.type(section.getByLabelText(/^Current Password/), 'amber-kettle-orbit-42');
    await page.user.type(section.getByLabelText(/^New Password/), 'fresh-kettle-orbit-99');
    await page.user.type(section.getByLabelText(/^Confirm New Password/), 'fresh-kettle-orbit-98');
    await page.user.click(section.getByRole('button', { name: 'Change Password' }));
    expect(await section.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(page.requestsTo('PUT /api/account/password')).toHaveLength(0);

    await page.user.clear(section.getByLabelText(/^Confirm New Password/));
    await page.user.type(section.getByLabelText(/^Confirm New Password/), 'fresh-kettle-orbit-99');
    await page.user.click(section.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(page.requestsTo('PUT /api/account/password')).toEqual([
      expect.objectContaining({
        body: { current_password: 'amber-kettle-orbit-42', new_password: 'fresh-kettle-orbit-99' },
      }),
    ]);
  });

  it("puts the server's refusal of the current password on its field", async () => {
    const page = renderAccountPage({
      'PUT /api/account/password': {
        status: 400,
        body: {
          error: ACCOUNT_MESSAGES.wrongCurrentPassword,
          message: ACCOUNT_MESSAGES.wrongCurrentPassword,
          code: 'invalid_input',
          details: [{ path: 'body.current_password', message: ACCOUNT_MESSAGES.wrongCurrentPassword }],
        },
      },
    });
    const section = within(await screen.findByRole('region', { name: 'Password' }));
    const current = section.getByLabelText(/^Current Password/);
    await page.user.type(current, 'not-my-password-at-all');
    await page.user.type(section.getByLabelText(/^New Password/), 'fresh-kettle-orbit-99');
    await page.user.type(section.getByLabelText(/^Confirm New Password/), 'fresh-kettle-orbit-99');
    await page.user.click(section.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription(ACCOUNT_MESSAGES.wrongCurrentPassword));
  });

  it('asks for an email change and shows it waiting for the link', async () => {
    let account = ACCOUNT;
    const page = renderAccountPage({
      'GET /api/account': () => ({ status: 200, body: account }),
      'PUT /api/account/email': () => {
        account = { ...ACCOUNT, pending_email: 'new@example.com' };
        return { status: 200, body: { message: ACCOUNT_MESSAGES.emailChangeSent } };
      },
    });
    const section = within(await screen.findByRole('region', { name: 'Email' }));
    await page.user.type(section.getByRole('textbox', { name: 'New Email' }), 'new@example.com');
    await page.user.type(section.getByLabelText(/^Current Password/), 'amber-kettle-orbit-42');
    await page.user.click(section.getByRole('button', { name: 'Send Confirmation Link' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailChangeSent)).toBeInTheDocument();
    expect(await section.findByText(/We sent a link to new@example.com/)).toBeInTheDocument();
    expect(page.requestsTo('PUT /api/account/email')).toEqual([
      expect.objectContaining({
        body: { email: 'new@example.com', current_password: 'amber-kettle-orbit-42' },
      }),
    ]);
    // The email itself stays until the link is opened.
    expect(section.getByText(USER.email, { selector: 'strong' })).toBeInTheDocument();
  });
  it("turns a customer's order mails off, and shows the switch off once saved", async () => {
    let account = ACCOUNT;
    const page = renderAccountPage({
      'GET /api/account': () => ({ status: 200, body: account }),
      'PUT /api/account/order-mails': () => {
        account = { ...ACCOUNT, order_mails: false };
        return { status: 200, body: { account, message: ACCOUNT_MESSAGES.orderMailsOff } };
      },
    });
    const section = within(await screen.findByRole('region', { name: 'Order mails' }));
    const toggle = section.getByRole('switch', { name: 'Mail me when my orders change' });
    expect(toggle).toBeChecked();
    await page.user.click(toggle);
    expect(await screen.findByText(ACCOUNT_MESSAGES.orderMailsOff)).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(page.requestsTo('PUT /api/account/order-mails')).toEqual([
      expect.objectContaining({ body: { order_mails: false } }),
    ]);
  });

  it('puts the switch back when saving fails', async () => {
    const page = renderAccountPage({
      'PUT /api/account/order-mails': {
        status: 500,
        body: { error: 'internal', message: 'Something went wrong' },
      },
    });
    const section = within(await screen.findByRole('region', { name: 'Order mails' }));
    const toggle = section.getByRole('switch', { name: 'Mail me when my orders change' });
    await page.user.click(toggle);
    await waitFor(() => expect(page.requestsTo('PUT /api/account/order-mails')).toHaveLength(1));
    await waitFor(() => expect(toggle).toBeChecked());
    expect(toggle).toBeEnabled();
  });

  it('shows no order mails to a user who places no orders', async () => {
    const supplier = TEST_USERS.supplier;
    stubFetch({
      'GET /auth/profile': { status: 200, body: profileOf(supplier) },
      'GET /api/account': { status: 200, body: { ...ACCOUNT, ...supplier } },
      'GET /api/account/sessions': { status: 200, body: [THIS_LAPTOP] },
    });
    renderApp(PATHS.account, { storedUser: supplier });
    expect(await screen.findByRole('region', { name: 'Name' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Order mails' })).not.toBeInTheDocument();
  });
});

describe('a one-time password', () => {
  it("asks for the user's own password before the dashboard, and then shows it", async () => {
    const supplier = TEST_USERS.supplier;
    let mustChange = true;
    const page = stubFetch({
      'GET /auth/profile': () => ({
        status: 200,
        body: { ...profileOf(supplier), must_change_password: mustChange },
      }),
      'PUT /api/account/password': () => {
        mustChange = false;
        return { status: 200, body: { message: ACCOUNT_MESSAGES.passwordChanged } };
      },
      'GET /api/account': {
        status: 200,
        body: { ...supplier, must_change_password: false, pending_email: null },
      },
      'GET /api/account/sessions': { status: 200, body: [] },
      'GET /api/stock-replenishment/products': { status: 200, body: [] },
    });
    const { user } = renderApp(PATHS.supplierProducts, { storedUser: supplier });
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^One-time Password/), 'manager-typed-password-9');
    await user.type(screen.getByLabelText(/^New Password/), 'supplier-own-password-5');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'supplier-own-password-5');
    await user.click(screen.getByRole('button', { name: 'Save My Password' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Choose your password' })).not.toBeInTheDocument(),
    );
    expect(page.requestsTo('PUT /api/account/password')).toHaveLength(1);
    expect(page.requestsTo('GET /api/stock-replenishment/products').length).toBeGreaterThan(0);
  });
});

describe("the Account page's saved addresses", () => {
  const HOME = {
    id: 5,
    shipping_address: '12 Janpath Road',
    pin_code: '110001',
    location_type: 'urban' as const,
    phone_number: '98765 43210',
    created_at: '2026-06-10T08:00:00.000Z',
    last_used_at: '2026-06-14T08:00:00.000Z',
  };

  it("lists them, deletes one only after the confirmation, and edits one with the order form's rules", async () => {
    let saved = [HOME];
    const rendered = renderAccountPage({
      'GET /api/addresses': () => ({ status: 200, body: saved }),
      'DELETE /api/addresses/5': () => {
        saved = [];
        return { status: 200, body: { message: 'Address deleted' } };
      },
      'PUT /api/addresses/5': (request) => ({
        status: 200,
        body: { message: 'Address updated', address: { ...HOME, ...(request.body as object) } },
      }),
    });
    const { user } = rendered;
    const list = within(await screen.findByRole('list', { name: 'Saved addresses' }));
    expect(list.getByText('12 Janpath Road')).toBeInTheDocument();

    await user.click(list.getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit address' }));
    await user.clear(dialog.getByRole('textbox', { name: 'Pin Code' }));
    await user.type(dialog.getByRole('textbox', { name: 'Pin Code' }), '12345');
    await user.click(dialog.getByRole('button', { name: 'Save Address' }));
    expect(await dialog.findByText('Invalid PIN code. Please enter a valid PIN code.')).toBeInTheDocument();
    expect(rendered.requestsTo('PUT /api/addresses/5')).toHaveLength(0);
    await user.clear(dialog.getByRole('textbox', { name: 'Pin Code' }));
    await user.type(dialog.getByRole('textbox', { name: 'Pin Code' }), '110002');
    await user.click(dialog.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(rendered.requestsTo('PUT /api/addresses/5')).toHaveLength(1));
    expect(rendered.requestsTo('PUT /api/addresses/5')[0]?.body).toMatchObject({ pin_code: '110002' });

    await user.click(list.getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete address' }));
    expect(rendered.requestsTo('DELETE /api/addresses/5')).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rendered.requestsTo('DELETE /api/addresses/5')).toHaveLength(1));
    expect(await screen.findByText(/No saved addresses yet/)).toBeInTheDocument();
  });
});
