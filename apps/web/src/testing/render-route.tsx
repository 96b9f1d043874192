import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';

/**
 * One screen at one route, with the app's providers but no dashboard shell, profile or lazy chunks:
 * for tests on fake timers (install them first), where nothing may wait on real I/O. Drive it with
 * fireEvent: user-event waits on a timer of its own that a faked clock never fires.
 */
export function renderRoute(routePath: string, element: ReactElement, entry: string = routePath) {
  const router = createMemoryRouter([{ path: routePath, element }], { initialEntries: [entry] });
  const queryClient = createQueryClient({ onSessionExpired: () => {} });
  const view = render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
