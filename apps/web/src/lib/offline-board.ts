/**
 * What the courier's board and its service worker agree on (docs/decisions/029-offline-courier-changes.md),
 * here in lib because logging out (the auth feature) forgets the board too. The build's PWA
 * configuration reads the names.
 */

/** The request header that marks the board's own GET: the only API answer the worker keeps. */
export const BOARD_REQUEST_HEADER = 'x-depot-offline';
export const BOARD_REQUEST_VALUE = 'courier-board';
/** The Cache Storage cache holding the last pages of the board. */
export const BOARD_CACHE = 'depot-courier-board';

/** Forgets every kept answer of the board: one user's orders are never shown to the next. */
export async function dropBoardCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(BOARD_CACHE).catch(() => false);
}
