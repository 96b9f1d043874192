import type { ForgotPasswordBody, MessageResponse } from '@depot/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export function requestPasswordReset(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/auth/forgot-password', body);
}

export function useForgotPassword({ onSuccess }: { onSuccess?: (response: MessageResponse) => void } = {}) {
  return useMutation({ mutationFn: requestPasswordReset, onSuccess });
}
