import { isDashboardPath, PATHS } from '@depot/contract';
import { useEffect } from 'react';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router';
import { profileQueryOptions } from '@/lib/profile-query';
import { createQueryClient } from '@/lib/query-client';
import { getStoredUser } from '@/lib/stored-user';
import { AppProviders } from './providers';
import { appRoutes, preloadDashboard } from './routes';

let goHome = () => window.location.assign(PATHS.home);
const queryClient = createQueryClient({ onSessionExpired: () => goHome() });

// On a dashboard page, the profile request and the dashboard's chunks start together, now, instead
// of each waiting for the one before (entry → dashboard chunk → profile → screen chunk).
const { pathname } = window.location;
const onDashboard = isDashboardPath(pathname);
const storedRole = getStoredUser()?.role;
const profileLoaded = onDashboard ? queryClient.prefetchQuery(profileQueryOptions()) : undefined;
const preloaded = onDashboard ? preloadDashboard(pathname, storedRole) : Promise.resolve();
// Nothing stored (a first visit, or a login from another tab): the profile names the role, and the
// screen's chunk starts then, beside the shell's, rather than once the shell has rendered.
if (profileLoaded && !storedRole) {
  void profileLoaded.then(() => {
    const role = queryClient.getQueryData(profileQueryOptions().queryKey)?.role;
    if (role) preloadDashboard(pathname, role).catch(() => {});
  });
}

/** How long the first render waits for the dashboard's chunks before it shows a loader instead. */
const FIRST_RENDER_WAIT_MS = 3000;

/**
 * Settles when the app can render its first screen whole: at once, except on a dashboard page of a
 * returning user, whose shell and screen are drawn from chunks already loading. Waiting for them
 * (at most FIRST_RENDER_WAIT_MS) draws the page in one pass rather than a loader first.
 */
export const readyToRender: Promise<void> =
  onDashboard && storedRole
    ? Promise.race([preloaded, new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))])
    : Promise.resolve();

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
