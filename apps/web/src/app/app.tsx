import { PATHS } from '@depot/contract';
import { useEffect } from 'react';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { appRoutes } from './routes';

let goHome = () => window.location.assign(PATHS.home);
const queryClient = createQueryClient({ onSessionExpired: () => goHome() });

// React Router's declarative mode: the data router (createBrowserRouter) would add about 17 kB
// (gzip) to the landing page for loaders and actions Depot does not use.
function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => {
    goHome = () => navigate(PATHS.home, { replace: true });
  }, [navigate]);
  return useRoutes(appRoutes);
}

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
