import { ACCOUNT_MESSAGES, PATHS, type TeamMember } from '@depot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchRoutes, stubFetch } from '@/testing/fetch-stub';
import { listServer } from '@/testing/list-server';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';

const MANAGER = TEST_USERS.inventoryManager;

const SELF: TeamMember = { ...MANAGER, status: 'active', created_at: '2026-01-05T09:00:00.000Z' };
const WAITING: TeamMember = {
  id: 31,
  role: 'Courier Service',
  name: 'Swift Couriers',
  email: 'swift@example.com',
  status: 'pending',
  created_at: '2026-06-14T09:00:00.000Z',
};
const SUPPLIER: TeamMember = {
  id: 32,
  role: 'Supplier',
  name: 'Acme Parts',
  email: 'acme@example.com',
  status: 'active',
  created_at: '2026-03-01T09:00:00.000Z',
};
const GONE: TeamMember = {
  id: 33,
  role: 'Inventory Manager',
  name: 'Old Manager',
  email: 'old@example.com',
  status: 'deactivated',
  created_at: '2026-02-01T09:00:00.000Z',
};

function renderTeamPage(members: () => TeamMember[], routes: FetchRoutes = {}) {
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(MANAGER) },
    'GET /api/team': listServer(members, {
      searchIn: (member) => [member.name, member.email],
      filter: (member, query) => {
        const statuses = query.getAll('status');
        return statuses.length === 0 || statuses.includes(member.status);
      },
    }),
    ...routes,
  });
  return { ...renderApp(PATHS.team, { storedUser: MANAGER }), ...fetchStub };
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('Team', () => {
  it("is in the manager's sidebar and lists staff with their status and the actions each allows", async () => {
    renderTeamPage(() => [WAITING, SUPPLIER, GONE, SELF]);
    expect(await screen.findByRole('heading', { name: 'Team' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Team' })).toHaveAttribute('href', PATHS.team);
    await screen.findByRole('table', { name: 'Team' });

    const waiting = within(rowOf('Swift Couriers'));
    expect(waiting.getByText('Waiting')).toBeInTheDocument();
    expect(waiting.getByRole('button', { name: 'Approve Swift Couriers' })).toBeInTheDocument();
    expect(waiting.getByRole('button', { name: 'Reject Swift Couriers' })).toBeInTheDocument();
    expect(
      within(rowOf('Acme Parts')).getByRole('button', { name: 'Deactivate Acme Parts' }),
    ).toBeInTheDocument();
    expect(
      within(rowOf('Old Manager')).getByRole('button', { name: 'Reactivate Old Manager' }),
    ).toBeInTheDocument();
    // A manager never gets a button to deactivate themselves.
    expect(within(rowOf(MANAGER.name)).queryByRole('button')).not.toBeInTheDocument();
  });

  it('approves at once and shows the account active', async () => {
    let members = [WAITING, SELF];
    const page = renderTeamPage(() => members, {
      'POST /api/team/31/approve': () => {
        members = [{ ...WAITING, status: 'active' }, SELF];
        return { status: 200, body: { member: members[0], message: ACCOUNT_MESSAGES.approved } };
      },
    });
    await screen.findByRole('table', { name: 'Team' });
    await page.user.click(screen.getByRole('button', { name: 'Approve Swift Couriers' }));
    expect(await screen.findByText(`${ACCOUNT_MESSAGES.approved}: Swift Couriers`)).toBeInTheDocument();
    expect(page.requestsTo('POST /api/team/31/approve')).toHaveLength(1);
    await waitFor(() => expect(within(rowOf('Swift Couriers')).getByText('Active')).toBeInTheDocument());
  });

  it('asks before deactivating, and a cancel sends nothing', async () => {
    let members = [SUPPLIER, SELF];
    const page = renderTeamPage(() => members, {
      'POST /api/team/32/deactivate': () => {
        members = [{ ...SUPPLIER, status: 'deactivated' }, SELF];
        return { status: 200, body: { member: members[0], message: ACCOUNT_MESSAGES.deactivated } };
      },
    });
    await screen.findByRole('table', { name: 'Team' });
    await page.user.click(screen.getByRole('button', { name: 'Deactivate Acme Parts' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Deactivate account' }));
    expect(dialog.getByText(/Deactivate Acme Parts\? They are logged out at once/)).toBeInTheDocument();
    await page.user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(page.requestsTo('POST /api/team/32/deactivate')).toHaveLength(0);

    await page.user.click(screen.getByRole('button', { name: 'Deactivate Acme Parts' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Deactivate account' }));
    await page.user.click(dialog.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(`${ACCOUNT_MESSAGES.deactivated}: Acme Parts`)).toBeInTheDocument();
    expect(page.requestsTo('POST /api/team/32/deactivate')).toHaveLength(1);
    await waitFor(() =>
      expect(
        within(rowOf('Acme Parts')).getByRole('button', { name: 'Reactivate Acme Parts' }),
      ).toBeInTheDocument(),
    );
  });

  it('filters by status through the list protocol', async () => {
    const page = renderTeamPage(() => [WAITING, SUPPLIER, SELF]);
    await screen.findByRole('table', { name: 'Team' });
    await page.user.click(screen.getByRole('radio', { name: 'Waiting' }));
    await waitFor(() => expect(screen.queryByText('Acme Parts')).not.toBeInTheDocument());
    expect(screen.getByText('Swift Couriers')).toBeInTheDocument();
    expect(page.requests.at(-1)?.query.getAll('status')).toEqual(['pending']);
  });

  it('is not a page for other roles', async () => {
    stubFetch({ 'GET /auth/profile': { status: 200, body: profileOf(TEST_USERS.supplier) } });
    renderApp(PATHS.team, { storedUser: TEST_USERS.supplier });
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Team' })).not.toBeInTheDocument();
  });
});
