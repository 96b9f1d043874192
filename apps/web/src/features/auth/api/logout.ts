import type { MessageResponse } from '@depot/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export function logoutUser(): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/auth/logout');
}

interface UseLogoutOptions {
  onSuccess?: (response: MessageResponse) => void;
  onError?: (error: Error) => void;
  onSettled?: () => void;
}

export function useLogout({ onSuccess, onError, onSettled }: UseLogoutOptions = {}) {
  return useMutation({
    mutationFn: logoutUser,
    onSuccess,
    onError,
    onSettled,
    meta: { handlesErrors: true },
  });
}
