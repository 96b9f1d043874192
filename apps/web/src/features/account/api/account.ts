import type {
  Account,
  AccountSession,
  ChangeEmailBody,
  ChangePasswordBody,
  MessageResponse,
  OrderMailsBody,
  UpdateAccountBody,
} from '@depot/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/profile-query';
import { toast } from '@/lib/toast';

export const accountKeys = {
  all: ['account'] as const,
  detail: () => [...accountKeys.all, 'detail'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
};

export const accountQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.detail(),
    queryFn: ({ signal }) => apiClient.get<Account>('/api/account', { signal }),
  });

export function useAccount() {
  return useQuery(accountQueryOptions());
}

export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => apiClient.get<AccountSession[]>('/api/account/sessions', { signal }),
  });
}

/**
 * Toasts the server's sentence, then refetches the account and the profile (the stored user) so
 * they show the change. The toast is here rather than in a screen's `mutate` callbacks: those are
 * dropped when the refetch redraws the screen first.
 */
function useRefreshAccount() {
  const queryClient = useQueryClient();
  return ({ message }: { message: string }) => {
    toast.success(message);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
    ]);
  };
}

export function useChangeName() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (body: UpdateAccountBody) =>
      apiClient.put<{ account: Account; message: string }>('/api/account', body),
    onSuccess: refresh,
  });
}

export function useChangeOrderMails() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (body: OrderMailsBody) =>
      apiClient.put<{ account: Account; message: string }>('/api/account/order-mails', body),
    onSuccess: refresh,
  });
}

export function useChangeEmail() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => apiClient.put<MessageResponse>('/api/account/email', body),
    onSuccess: refresh,
  });
}

export function useChangePassword() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiClient.put<MessageResponse>('/api/account/password', body),
    onSuccess: refresh,
  });
}

export function useEndSession() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete<MessageResponse>(`/api/account/sessions/${id}`),
    onSuccess: refresh,
  });
}

export function useEndOtherSessions() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: () => apiClient.post<MessageResponse>('/api/account/sessions/end-others'),
    onSuccess: refresh,
  });
}

export function useConfirmEmail() {
  return useMutation({
    mutationFn: (emailToken: string) =>
      apiClient.post<MessageResponse>(`/auth/confirm-email/${encodeURIComponent(emailToken)}`),
    // The page shows the refusal itself.
    meta: { handlesErrors: true },
  });
}
