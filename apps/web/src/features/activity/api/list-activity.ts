import {
  ACTIVITY_LIST,
  type ActivityEvent,
  type ActivitySortField,
  isDayRangeInOrder,
} from '@depot/contract';
import { type Filters, useList } from '@/hooks/use-list';

export const activityKeys = {
  all: ['activity'] as const,
  lists: () => [...activityKeys.all, 'list'] as const,
};

/** The day range the filters hold, when it is out of order: nothing is asked then. */
export const dayRangeOf = (filters: Filters) => ({ from: filters.from?.[0], to: filters.to?.[0] });

/**
 * The audit events the manager may read, newest first, a page at a time: the search is the "Who"
 * box (the actor's name or email); action, from and to are the list's filters.
 */
export function useActivityList() {
  return useList<ActivityEvent, ActivitySortField>({
    path: '/api/activity',
    queryKey: activityKeys.lists(),
    spec: ACTIVITY_LIST,
    filters: ['action', 'from', 'to'],
    enabled: (filters) => isDayRangeInOrder(dayRangeOf(filters)),
    // The trail grows with every change made elsewhere in the app: read it afresh on each visit.
    staleTime: 0,
  });
}
