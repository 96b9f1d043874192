import { PATHS } from '@depot/contract';
import { useEffect } from 'react';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router';
import { profileQueryOptions } from '@/lib/profile-query';
import { createQueryClient } from '@/lib/query-client';
import { getStoredUser } from '@/lib/stored-user';
import { AppProviders } from './providers';
import { appRoutes, isDashboardPath, preloadDashboard } from './routes';

let goHome = () => window.location.assign(PATHS.home);
const queryClient = createQueryClient({ onSessionExpired: () => goHome() });

// On a dashboard page, the profile request and the dashboard's chunks start together, now, instead
// of each waiting for the one before (entry → dashboard chunk → profile → screen chunk).
if (isDashboardPath(window.location.pathname)) {
  void queryClient.prefetchQuery(profileQueryOptions());
  preloadDashboard(window.location.pathname, getStoredUser()?.role);
}

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
