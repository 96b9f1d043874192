import type { Profile } from '@depot/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from './api-client';

// Apart from useProfile (profile.ts): the entry starts this query on dashboard pages, and importing
// the hook would bring useQuery into the landing page's entry chunk.

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiClient.get<Profile>('/auth/profile', { signal });
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
    // A failed profile sends the user home (docs/product/screens.md#loading-the-profile); retrying
    // would only delay that.
    retry: false,
  });
