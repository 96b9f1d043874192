import type { Profile } from '@depot/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiClient.get<Profile>('/auth/profile', { signal });
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
    // A failed profile sends the user home (SPEC §2); retrying would only delay that.
    retry: false,
  });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
