import { TEAM_LIST, type TeamMember, type TeamMemberResponse, type TeamSortField } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useList } from '@/hooks/use-list';
import { apiClient } from '@/lib/api-client';

export const teamKeys = {
  all: ['team'] as const,
  lists: () => [...teamKeys.all, 'list'] as const,
};

/** The staff accounts, newest first, filtered by status from the URL. */
export function useTeamList() {
  return useList<TeamMember, TeamSortField>({
    path: '/api/team',
    queryKey: teamKeys.lists(),
    spec: TEAM_LIST,
    filters: ['status'],
  });
}

export type TeamDecision = 'approve' | 'reject' | 'deactivate' | 'reactivate';

/** A manager's decision on a staff account; the list is refetched after it. */
export function useTeamDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: TeamDecision }) =>
      apiClient.post<TeamMemberResponse>(`/api/team/${id}/${decision}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
