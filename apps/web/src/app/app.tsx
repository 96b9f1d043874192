import { PATHS } from '@depot/contract';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { appRoutes } from './routes';

const router = createBrowserRouter(appRoutes);
const queryClient = createQueryClient({
  onSessionExpired: () => void router.navigate(PATHS.home, { replace: true }),
});

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
