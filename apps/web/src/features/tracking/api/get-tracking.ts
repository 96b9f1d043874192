import type { Tracking } from '@depot/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '@/lib/api-client';

/**
 * How often the open page asks again: the live event stream is per signed-in user, and this page
 * has no user (docs/decisions/022-order-following.md). Two requests a minute stay far under the
 * endpoint's limit.
 */
export const TRACKING_REFRESH_MS = 30_000;

/** GET /api/track/{token}: public, no session. An unknown token is a 404, asked for once. */
export function useTracking(token: string) {
  return useQuery({
    queryKey: ['tracking', token],
    queryFn: ({ signal }) => apiClient.get<Tracking>(`/api/track/${encodeURIComponent(token)}`, { signal }),
    refetchInterval: (query) => (isApiError(query.state.error, 404) ? false : TRACKING_REFRESH_MS),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}
