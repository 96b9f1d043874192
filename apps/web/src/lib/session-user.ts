import type { SessionUser } from '@depot/contract';
import { createContext, use } from 'react';

/**
 * The user the dashboard is drawn for: the stored user until GET /auth/profile answers, then the
 * profile's. Screens read their user's id here rather than from the profile query, which may not
 * have answered yet when they first render.
 */
export const SessionUserContext = createContext<SessionUser | null>(null);

export function useSessionUser(): SessionUser {
  const user = use(SessionUserContext);
  if (!user) throw new Error('useSessionUser is for screens inside the dashboard');
  return user;
}
