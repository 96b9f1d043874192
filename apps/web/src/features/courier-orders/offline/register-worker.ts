import { dropBoardCache } from '@/lib/offline-board';

/** localStorage: whose board the worker's cache holds. */
const BOARD_OWNER_KEY = 'depot-offline-board-owner';

/**
 * Registers the generated service worker (/sw.js, apps/web/vite.config.ts) once the courier's
 * board has loaded: only couriers' browsers install it, and the page's own requests come first.
 * Not in development, where Vite serves no worker.
 */
export function registerCourierWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without a worker the board still works online; offline, the browser's own page shows.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * The board's kept answers belong to one user: when another signs in on this device, what the
 * last one's board showed is dropped before it could be shown offline.
 */
export async function keepBoardCacheFor(userId: number): Promise<void> {
  let owner: string | null = null;
  try {
    owner = localStorage.getItem(BOARD_OWNER_KEY);
    localStorage.setItem(BOARD_OWNER_KEY, String(userId));
  } catch {
    // Without storage the owner is unknown: drop the cache to be safe.
  }
  if (owner !== String(userId)) await dropBoardCache();
}
