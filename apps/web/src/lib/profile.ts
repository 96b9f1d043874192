import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from './profile-query';

export function useProfile() {
  return useQuery(profileQueryOptions());
}
