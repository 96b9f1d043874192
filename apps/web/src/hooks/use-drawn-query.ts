import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue } from 'react';

/** What a section draws from a query: its state, its data, its error and a retry. */
export type DrawnQuery<T> = (
  | { status: 'pending'; data: undefined }
  | { status: 'error'; data: T | undefined }
  | { status: 'success'; data: T }
) & { error: unknown; refetch: () => unknown };

/**
 * A query's answer as a section draws it, in a deferred render (docs/decisions/039-reports-drawn-in-deferred-renders.md).
 * TanStack Query hands an answer to React through `useSyncExternalStore`, whose updates React renders
 * synchronously: a section that draws a whole report from it would hold a phone's main
 * thread for all of it. Here that synchronous render shows what the section showed before (its
 * placeholder at first), and React draws the answer in a deferred render, in short slices it can
 * interrupt. Data for a new key shows the placeholder at once, never the old key's figures.
 */
export function useDrawnQuery<T>(query: UseQueryResult<T>): DrawnQuery<T> {
  const deferredData = useDeferredValue(query.data);
  const data = query.data === undefined ? undefined : deferredData;
  const rest = { error: query.error, refetch: query.refetch };
  if (query.status === 'error') return { status: 'error', data, ...rest };
  if (data === undefined) return { status: 'pending', data: undefined, ...rest };
  return { status: 'success', data, ...rest };
}
