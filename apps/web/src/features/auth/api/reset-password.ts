import type { MessageResponse, ResetPasswordBody } from '@depot/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface ResetPasswordInput extends ResetPasswordBody {
  resetToken: string;
}

export function resetPassword({ resetToken, password }: ResetPasswordInput): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>(`/auth/reset-password/${encodeURIComponent(resetToken)}`, {
    password,
  });
}

export function useResetPassword({ onSuccess }: { onSuccess?: (response: MessageResponse) => void } = {}) {
  return useMutation({ mutationFn: resetPassword, onSuccess });
}
