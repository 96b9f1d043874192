import { PATHS, type Role } from '@depot/contract';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useProfile } from '@/lib/profile';
import { clearStoredUser, storeUser } from '@/lib/stored-user';
import { DashboardShell } from './dashboard-shell';

interface DashboardLayoutProps {
  /** The screens registered for the signed-in user's role. */
  renderContent: (role: Role) => ReactNode;
}

/** Loads the profile first (SPEC §2): the dashboard is drawn for the role the server confirms. */
export function DashboardLayout({ renderContent }: DashboardLayoutProps) {
  const navigate = useNavigate();
  const profile = useProfile();
  const failed = profile.isError;
  const user = profile.data;

  useEffect(() => {
    if (!failed) return;
    clearStoredUser();
    navigate(PATHS.home, { replace: true });
  }, [failed, navigate]);

  useEffect(() => {
    if (user) storeUser(user);
  }, [user]);

  if (!user || failed) return <PageLoader label="Loading your dashboard…" />;
  return <DashboardShell role={user.role}>{renderContent(user.role)}</DashboardShell>;
}
