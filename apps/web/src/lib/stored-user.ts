import { ROLES, type SessionUser } from '@depot/contract';
import { useSyncExternalStore } from 'react';

/** localStorage key of the stored user (docs/product/screens.md#loading-the-profile). */
export const STORED_USER_KEY = 'user';

const listeners = new Set<() => void>();
let lastRaw: string | null = null;
let lastUser: SessionUser | null = null;

export function getStoredUser(): SessionUser | null {
  const raw = readStorage();
  // useSyncExternalStore needs the same object back while the stored text has not changed.
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastUser = parseStoredUser(raw);
  }
  return lastUser;
}

export function storeUser({ id, role, name, email }: SessionUser): void {
  const raw = JSON.stringify({ id, role, name, email });
  if (raw === readStorage()) return;
  try {
    localStorage.setItem(STORED_USER_KEY, raw);
  } catch {
    // Storage can be full or disabled; the session cookie still works without it.
  }
  notify();
}

export function clearStoredUser(): void {
  try {
    localStorage.removeItem(STORED_USER_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
  notify();
}

export function useStoredUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, getStoredUser, () => null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORED_USER_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function notify(): void {
  for (const listener of listeners) listener();
}

function readStorage(): string | null {
  try {
    return localStorage.getItem(STORED_USER_KEY);
  } catch {
    return null;
  }
}

function parseStoredUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isSessionUser(value) ? value : null;
  } catch {
    return null;
  }
}

// A shape check only (no zod, which would land in the entry chunk). The dashboard draws the stored
// role only until GET /auth/profile confirms it; the server authorizes every request itself.
function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    Number.isInteger(user.id) &&
    typeof user.role === 'string' &&
    (ROLES as readonly string[]).includes(user.role) &&
    typeof user.name === 'string' &&
    typeof user.email === 'string'
  );
}
