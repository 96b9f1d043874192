import { AUTH_MESSAGES, PATHS } from '@depot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '@/hooks/use-is-phone';
import { stubFetch } from '@/testing/fetch-stub';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { OVERVIEW_TEXT } from '../pages/overview-page';

const NOT_LOGGED_IN = {
  status: 401,
  body: { error: AUTH_MESSAGES.notLoggedIn, message: AUTH_MESSAGES.notLoggedIn },
};

function renderDashboardAs(user: (typeof TEST_USERS)[keyof typeof TEST_USERS], path = '/dashboard') {
  const fetchStub = stubFetch({ 'GET /auth/profile': { status: 200, body: profileOf(user) } });
  return { ...renderApp(path, { storedUser: user }), ...fetchStub };
}

describe('Dashboard shell', () => {
  it("loads the profile, then shows the role's heading, sidebar and the overview", async () => {
    const { router, requestsTo } = renderDashboardAs(TEST_USERS.supplier);

    expect(screen.getByRole('status')).toHaveTextContent(/loading/i);
    expect(await screen.findByRole('heading', { name: "Supplier's Dashboard" })).toBeInTheDocument();
    expect(requestsTo('GET /auth/profile')).toEqual([expect.objectContaining({ credentials: 'include' })]);

    const sidebar = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    const links = sidebar.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Overview', '/dashboard/overview'],
      ['Products', '/dashboard/supply-products'],
      ['Supply Orders', '/dashboard/supply-orders'],
      ['Logout', '/logout'],
    ]);

    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByText(OVERVIEW_TEXT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/overview');
    expect(sidebar.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  });

  it("draws the stored user's dashboard while the profile loads, then the profile's role", async () => {
    let answerProfile: (answer: { status: number; body: unknown }) => void = () => {};
    stubFetch({
      'GET /auth/profile': () => new Promise((resolve) => (answerProfile = resolve)),
    });
    renderApp('/dashboard/overview', { storedUser: TEST_USERS.supplier });

    expect(await screen.findByRole('heading', { name: "Supplier's Dashboard" })).toBeInTheDocument();
    expect(await screen.findByText(OVERVIEW_TEXT)).toBeInTheDocument();

    // The session is a customer's after all (another login in another tab): its role wins.
    answerProfile({ status: 200, body: profileOf(TEST_USERS.customer) });
    expect(await screen.findByRole('heading', { name: "Customer's Dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "Supplier's Dashboard" })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(TEST_USERS.customer);
  });

  it('waits for the profile when no user is stored', async () => {
    let answerProfile: (answer: { status: number; body: unknown }) => void = () => {};
    stubFetch({
      'GET /auth/profile': () => new Promise((resolve) => (answerProfile = resolve)),
    });
    renderApp('/dashboard/overview');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading your dashboard…');
    expect(screen.queryByRole('heading', { name: /Dashboard/ })).not.toBeInTheDocument();

    answerProfile({ status: 200, body: profileOf(TEST_USERS.supplier) });
    expect(await screen.findByRole('heading', { name: "Supplier's Dashboard" })).toBeInTheDocument();
  });

  it('offers logging out on every device in the Account menu', async () => {
    const { user, router } = renderDashboardAs(TEST_USERS.customer);

    // The menu's code comes with the first click on its button, which then opens it.
    const account = await screen.findByRole('button', { name: 'Account' });
    expect(account).toHaveAttribute('aria-haspopup', 'menu');
    expect(account).not.toHaveAttribute('aria-disabled');
    await user.click(account);
    await user.click(await screen.findByRole('menuitem', { name: 'Log out on every device' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/logout-everywhere'));
  });

  it('opens the Account menu from the keyboard, and Escape brings focus back to its button', async () => {
    const { user } = renderDashboardAs(TEST_USERS.customer);
    const account = await screen.findByRole('button', { name: 'Account' });
    account.focus();
    await user.keyboard('{Enter}');

    const item = await screen.findByRole('menuitem', { name: 'Account settings' });
    await waitFor(() => expect(item).toHaveFocus());
    expect(item).toHaveAttribute('href', PATHS.account);
    expect(screen.getByRole('menuitem', { name: 'Log out on every device' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus();
  });

  it('makes the Account button an icon on a phone, still named Account, and keeps the title whole', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query === PHONE_QUERY,
    }));
    const { user } = renderDashboardAs(TEST_USERS.inventoryManager);

    const heading = await screen.findByRole('heading', { name: "Inventory Manager's Dashboard" });
    expect(heading).toHaveTextContent("Inventory Manager's Dashboard");
    // The stand-in button and the menu's own look the same: an icon named Account.
    const standIn = screen.getByRole('button', { name: 'Account' });
    expect(standIn).not.toHaveTextContent('Account');
    expect(standIn.querySelector('svg')).not.toBeNull();

    await user.click(standIn);
    const menuButton = await waitFor(() => {
      const loaded = screen.getByRole('button', { name: 'Account' });
      expect(loaded).toHaveAttribute('aria-expanded', 'true');
      return loaded;
    });
    expect(menuButton).not.toHaveTextContent('Account');
    expect(menuButton.querySelector('svg')).not.toBeNull();
    expect(await screen.findByRole('menuitem', { name: 'Log out on every device' })).toHaveAttribute(
      'href',
      '/logout-everywhere',
    );
  });

  it('writes Account on the button in a wider window', async () => {
    renderDashboardAs(TEST_USERS.customer);
    expect(await screen.findByRole('button', { name: 'Account' })).toHaveTextContent('Account');
  });

  it('opens a sidebar screen and marks its link active', async () => {
    const { user, router } = renderDashboardAs(TEST_USERS.supplier);
    const sidebar = within(await screen.findByRole('navigation', { name: 'Dashboard' }));

    await user.click(sidebar.getByRole('link', { name: 'Supply Orders' }));

    expect(await screen.findByRole('heading', { name: 'Supply Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/supply-orders');
    expect(sidebar.getByRole('link', { name: 'Supply Orders' })).toHaveAttribute('aria-current', 'page');
    expect(sidebar.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
  });

  it("does not register another role's routes", async () => {
    renderDashboardAs(TEST_USERS.customer, '/dashboard/couriers');

    expect(await screen.findByRole('heading', { name: "Customer's Dashboard" })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Courier Service' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to overview' })).toHaveAttribute(
      'href',
      '/dashboard/overview',
    );
  });

  it('shows Inventory Reporting as the Inventory Manager overview', async () => {
    renderDashboardAs(TEST_USERS.inventoryManager, '/dashboard/overview');

    expect(await screen.findByRole('heading', { name: "Inventory Manager's Dashboard" })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Inventory Reporting' })).toBeInTheDocument();
    expect(screen.queryByText(OVERVIEW_TEXT)).not.toBeInTheDocument();
  });

  it('registers the sub-routes of a role', async () => {
    renderDashboardAs(TEST_USERS.inventoryManager, '/dashboard/stock-management/updateStock/12');

    expect(await screen.findByRole('heading', { name: 'Update Stock' })).toBeInTheDocument();
    const sidebar = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(sidebar.getByRole('link', { name: 'Stock Management' })).toHaveAttribute('aria-current', 'page');
  });

  it('clears the stored user and goes home when the profile cannot be loaded', async () => {
    stubFetch({ 'GET /auth/profile': NOT_LOGGED_IN });
    const { router } = renderApp('/dashboard/overview', { storedUser: TEST_USERS.supplier });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('user')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign In/Register' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "Supplier's Dashboard" })).not.toBeInTheDocument();
  });

  it('goes home on a server error too', async () => {
    stubFetch({
      'GET /auth/profile': { status: 500, body: { error: 'Internal error', message: 'Internal error' } },
    });
    const { router } = renderApp('/dashboard', { storedUser: TEST_USERS.supplier });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('user')).toBeNull();
  });
});
