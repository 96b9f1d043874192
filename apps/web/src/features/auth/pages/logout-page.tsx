import { PATHS } from '@depot/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { dropBoardCache } from '@/lib/offline-board';
import { clearStoredUser } from '@/lib/stored-user';
import { toast } from '@/lib/toast';
import { useLogout } from '../api/logout';

interface LogoutPageProps {
  /** End every session of the user, on every device, not only this browser's. */
  everywhere?: boolean;
}

export default function LogoutPage({ everywhere = false }: LogoutPageProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const logout = useLogout({
    everywhere,
    onSuccess: ({ message }) => toast.success(message),
    onError: (error) => {
      // A 401 means the session was already gone, which is what the user asked for.
      if (!isApiError(error, 401)) toast.error(errorMessageOf(error));
    },
    onSettled: () => {
      clearStoredUser();
      queryClient.removeQueries();
      // The courier's board kept for offline use is this user's only (docs/decisions/029-offline-courier-changes.md).
      void dropBoardCache();
      navigate(PATHS.home, { replace: true });
    },
  });
  const { mutate } = logout;

  useEffect(() => {
    // StrictMode runs effects twice in development; the server should see one logout.
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  return <PageLoader label="Logging out…" />;
}
