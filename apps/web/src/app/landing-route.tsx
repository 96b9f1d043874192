import { PATHS } from '@depot/contract';
import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { LandingPage } from '@/features/landing/components/landing-page';
import { useAuthDialog } from '@/lib/auth-dialog';
import { lazyWithTimeout } from '@/lib/lazy-with-timeout';
import { useStoredUser } from '@/lib/stored-user';

const AuthModals = lazyWithTimeout(() => import('@/features/auth/components/auth-modals'));

export function LandingRoute() {
  const storedUser = useStoredUser();
  const { dialog, openDialog, closeDialog } = useAuthDialog();
  // The modal unmounts as it closes, before Mantine can give focus back: the opener gets it here.
  const opener = useRef<HTMLElement | null>(null);
  const open = (next: Parameters<typeof openDialog>[0]) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialog(next);
  };
  useEffect(() => {
    if (dialog === null) opener.current?.focus();
  }, [dialog]);

  if (storedUser) return <Navigate to={PATHS.dashboard} replace />;
  return (
    <>
      <LandingPage onRegister={() => open('register')} onLogin={() => open('login')} />
      {dialog && (
        // The modal itself renders in a portal; this keeps its loader or load error in view meanwhile.
        <Box pos="fixed" top={0} left={0} right={0} style={{ zIndex: 'var(--mantine-z-index-modal)' }}>
          <AuthModals dialog={dialog} onDialogChange={openDialog} onClose={closeDialog} />
        </Box>
      )}
    </>
  );
}
