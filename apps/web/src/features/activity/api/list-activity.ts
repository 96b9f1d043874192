import type { ActivityEvent, AuditAction } from '@depot/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Events per page; the list grows by this much with each 'Show older'. */
export const ACTIVITY_PAGE_SIZE = 50;

/** The Activity page's filters; empty strings mean "any". Days are YYYY-MM-DD, UTC, `to` whole. */
export interface ActivityFilters {
  action: AuditAction | '';
  actor: string;
  from: string;
  to: string;
}

export const NO_ACTIVITY_FILTERS: ActivityFilters = { action: '', actor: '', from: '', to: '' };

export const activityKeys = {
  all: ['activity'] as const,
  lists: () => [...activityKeys.all, 'list'] as const,
  list: (filters: ActivityFilters) => [...activityKeys.lists(), filters] as const,
};

/** GET /api/activity with the filters that are set, then the page. */
export function activityPath(filters: ActivityFilters, offset: number): string {
  const params = new URLSearchParams();
  if (filters.action) params.set('action', filters.action);
  const actor = filters.actor.trim();
  if (actor) params.set('actor', actor);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  params.set('limit', String(ACTIVITY_PAGE_SIZE));
  params.set('offset', String(offset));
  return `/api/activity?${params}`;
}

export const activityQueryOptions = (filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: activityKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<ActivityEvent[]>(activityPath(filters, pageParam), { signal }),
    initialPageParam: 0,
    // A short page is the last one.
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < ACTIVITY_PAGE_SIZE ? undefined : pages.length * ACTIVITY_PAGE_SIZE,
    // The trail grows with every change made elsewhere in the app: read it afresh on each visit.
    staleTime: 0,
  });

/** The audit events the manager may read, newest first. */
export function useActivity(filters: ActivityFilters, enabled: boolean) {
  return useInfiniteQuery({ ...activityQueryOptions(filters), enabled });
}
