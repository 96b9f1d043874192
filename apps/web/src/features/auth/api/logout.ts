import type { MessageResponse } from '@depot/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export function logoutUser(): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/auth/logout');
}

/** Ends every session of the user, on every device, this one included. */
export function logoutEverywhere(): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/auth/logout-all');
}

interface UseLogoutOptions {
  /** End every session of the user, not only this browser's. */
  everywhere?: boolean;
  onSuccess?: (response: MessageResponse) => void;
  onError?: (error: Error) => void;
  onSettled?: () => void;
}

export function useLogout({ everywhere = false, onSuccess, onError, onSettled }: UseLogoutOptions = {}) {
  return useMutation({
    mutationFn: everywhere ? logoutEverywhere : logoutUser,
    onSuccess,
    onError,
    onSettled,
    meta: { handlesErrors: true },
  });
}
