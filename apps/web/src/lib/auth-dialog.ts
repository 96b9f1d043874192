import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

export type AuthDialog = 'register' | 'login' | 'forgot-password';

const AUTH_DIALOGS: readonly AuthDialog[] = ['register', 'login', 'forgot-password'];

// History state survives a reload (and Chrome turns a visit to the same URL into one); a modal
// opened before the page was loaded again should not reopen, so the state names this page load.
const PAGE_LOAD_ID = Math.random().toString(36).slice(2);

/**
 * The open auth modal lives in the history entry's state, not the address: the landing page stays
 * at "/", Back closes the modal, and other screens can send the user to "/" with a modal open.
 */
export function authDialogState(dialog: AuthDialog) {
  return { authDialog: dialog, pageLoadId: PAGE_LOAD_ID };
}

export function useAuthDialog() {
  const location = useLocation();
  const navigate = useNavigate();
  const dialog = readAuthDialog(location.state);

  const openDialog = useCallback(
    // Opening adds a history entry; switching between modals replaces it.
    (next: AuthDialog) => navigate('.', { state: authDialogState(next), replace: dialog !== null }),
    [navigate, dialog],
  );
  const closeDialog = useCallback(() => navigate('.', { state: null, replace: true }), [navigate]);

  return { dialog, openDialog, closeDialog };
}

function readAuthDialog(state: unknown): AuthDialog | null {
  if (typeof state !== 'object' || state === null || !('authDialog' in state)) return null;
  if (!('pageLoadId' in state) || state.pageLoadId !== PAGE_LOAD_ID) return null;
  return AUTH_DIALOGS.find((name) => name === state.authDialog) ?? null;
}
