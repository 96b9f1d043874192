import { PATHS } from '@depot/contract';
import { Box } from '@mantine/core';
import { Navigate } from 'react-router';
import { LandingPage } from '@/features/landing/components/landing-page';
import { useAuthDialog } from '@/lib/auth-dialog';
import { lazyWithTimeout } from '@/lib/lazy-with-timeout';
import { useStoredUser } from '@/lib/stored-user';

const AuthModals = lazyWithTimeout(() => import('@/features/auth/components/auth-modals'));

export function LandingRoute() {
  const storedUser = useStoredUser();
  const { dialog, openDialog, closeDialog } = useAuthDialog();

  if (storedUser) return <Navigate to={PATHS.dashboard} replace />;
  return (
    <>
      <LandingPage onRegister={() => openDialog('register')} onLogin={() => openDialog('login')} />
      {dialog && (
        // The modal itself renders in a portal; this keeps its loader or load error in view meanwhile.
        <Box pos="fixed" top={0} left={0} right={0} style={{ zIndex: 'var(--mantine-z-index-modal)' }}>
          <AuthModals dialog={dialog} onDialogChange={openDialog} onClose={closeDialog} />
        </Box>
      )}
    </>
  );
}
