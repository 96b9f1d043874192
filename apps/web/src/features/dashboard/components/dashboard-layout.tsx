import { PATHS, type Role, type SessionUser } from '@depot/contract';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { isApiError } from '@/lib/api-client';
import { useProfile } from '@/lib/profile';
import { SessionUserContext } from '@/lib/session-user';
import { clearStoredUser, storeUser, useStoredUser } from '@/lib/stored-user';
import { type AccountMenuLoader, DashboardShell } from './dashboard-shell';

interface DashboardLayoutProps {
  /** The screens registered for the signed-in user's role. */
  renderContent: (role: Role) => ReactNode;
  accountMenu: AccountMenuLoader;
  /**
   * Shown instead of the dashboard while the profile says the account still has a manager's
   * one-time password (docs/decisions/016-accounts-belong-to-their-owners.md).
   */
  choosePassword?: ReactNode;
}

/**
 * Loads the profile (docs/product/screens.md#loading-the-profile). Until it answers, the dashboard
 * is drawn for the role of the user stored at login, so a returning user sees it at once; the
 * profile's role then wins, and a failed profile clears the stored user and goes home. The server
 * checks every request on its own, so the stored role only decides what is drawn, never what is
 * allowed.
 */
export function DashboardLayout({ renderContent, accountMenu, choosePassword }: DashboardLayoutProps) {
  const navigate = useNavigate();
  const profile = useProfile();
  const storedUser = useStoredUser();
  // Without a connection (the courier's board opened offline: docs/decisions/029-offline-courier-changes.md)
  // the stored user goes on being drawn; only an answer from the server ends it.
  const failed = profile.isError && !(isApiError(profile.error, 0) && storedUser);
  // The stored user object while the profile agrees with it, so its confirmation redraws nothing.
  const user =
    profile.data && !sameUser(profile.data, storedUser) ? profile.data : (storedUser ?? profile.data);
  const role = user?.role;
  const content = useMemo(() => role && renderContent(role), [role, renderContent]);

  useEffect(() => {
    if (!failed) return;
    clearStoredUser();
    navigate(PATHS.home, { replace: true });
  }, [failed, navigate]);

  useEffect(() => {
    if (profile.data) storeUser(profile.data);
  }, [profile.data]);

  if (!user || !role || failed) return <PageLoader label="Loading your dashboard…" />;
  if (profile.data?.must_change_password && choosePassword) return choosePassword;
  return (
    <SessionUserContext value={user}>
      <DashboardShell role={role} accountMenu={accountMenu}>
        {content}
      </DashboardShell>
    </SessionUserContext>
  );
}

function sameUser(a: SessionUser, b: SessionUser | null): boolean {
  return b !== null && a.id === b.id && a.role === b.role && a.name === b.name && a.email === b.email;
}
