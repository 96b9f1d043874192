import { useSyncExternalStore } from 'react';

/**
 * Whether Depot's server is answering "try again later" (503 while its database is down or busy,
 * or a proxy's 502/504 while no instance answers): the app then shows one calm "Reconnecting…"
 * state and retries, instead of an error per request (docs/RELIABILITY.md#database-trouble). Any
 * other answer ends it.
 */
let reconnecting = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (reconnecting === next) return;
  reconnecting = next;
  for (const listener of listeners) listener();
}

export const connectionState = {
  reportUnavailable: () => set(true),
  reportAnswered: () => set(false),
  isReconnecting: () => reconnecting,
};

export function useReconnecting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => reconnecting,
    () => false,
  );
}
