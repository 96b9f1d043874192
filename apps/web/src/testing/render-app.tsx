import type { SessionUser } from '@depot/contract';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, type InitialEntry, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { appRoutes } from '@/app/routes';
import { theme } from '@/app/theme';
import { createQueryClient } from '@/lib/query-client';
import { STORED_USER_KEY } from '@/lib/stored-user';

export const TEST_USERS = {
  supplier: { id: 7, role: 'Supplier', name: 'Sam Supplier', email: 'sam@example.com' },
  customer: { id: 8, role: 'Customer', name: 'Cara Customer', email: 'cara@example.com' },
  inventoryManager: { id: 9, role: 'Inventory Manager', name: 'Ivy Manager', email: 'ivy@example.com' },
} satisfies Record<string, SessionUser>;

export function profileOf(user: SessionUser) {
  return {
    ...user,
    notifications: [],
    products: [],
    stocks: [],
    replenishment_orders: [],
    supply_orders: [],
    must_change_password: false,
  };
}

/** Renders the whole app (real routes, providers and lazy chunks) at `entry`, a path or a location. */
export function renderApp(entry: InitialEntry = '/', { storedUser }: { storedUser?: SessionUser } = {}) {
  if (storedUser) localStorage.setItem(STORED_USER_KEY, JSON.stringify(storedUser));
  const router = createMemoryRouter(appRoutes, { initialEntries: [entry] });
  const queryClient = createQueryClient({
    onSessionExpired: () => void router.navigate('/', { replace: true }),
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}

/** Renders one component with Mantine only, for components that need no router or server. */
export function renderWithMantine(ui: ReactElement) {
  return render(
    <MantineProvider theme={theme} env="test">
      {ui}
    </MantineProvider>,
  );
}
