import { PATHS, type Role } from '@depot/contract';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { DashboardLayout } from '@/features/dashboard/components/dashboard-layout';
import type { AccountMenuLoader } from '@/features/dashboard/components/dashboard-shell';
import type { LazyComponent } from '@/lib/lazy-with-timeout';

export interface DashboardPageRoute {
  /** An absolute path from PATHS, under /dashboard. */
  path: string;
  Page: LazyComponent<object>;
}

interface DashboardRouteProps {
  routesByRole: Record<Role, readonly DashboardPageRoute[]>;
  accountMenu: AccountMenuLoader;
  /** Shown instead of the dashboard while the account has a manager's one-time password. */
  choosePassword: ReactNode;
}

/** /dashboard/*: the shell, with only the signed-in role's screens registered inside it. */
export default function DashboardRoute({ routesByRole, accountMenu, choosePassword }: DashboardRouteProps) {
  return (
    <DashboardLayout
      accountMenu={accountMenu}
      choosePassword={choosePassword}
      renderContent={(role) => (
        <Routes>
          <Route index element={<Navigate to={PATHS.overview} replace />} />
          {routesByRole[role].map(({ path, Page }) => (
            <Route key={path} path={toDashboardSubPath(path)} element={<Page />} />
          ))}
          <Route path="*" element={<NotFoundPage backTo={PATHS.overview} backLabel="Back to overview" />} />
        </Routes>
      )}
    />
  );
}

/** Routes inside /dashboard/* match paths relative to it: '/dashboard/stock-management' → 'stock-management'. */
function toDashboardSubPath(path: string): string {
  return path.slice(`${PATHS.dashboard}/`.length);
}
