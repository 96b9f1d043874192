import type { RegisterBody, RegisterResponse } from '@depot/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export function registerUser(body: RegisterBody): Promise<RegisterResponse> {
  // docs/product/api.md: registration is sent without credentials; it does not log the user in.
  return apiClient.post<RegisterResponse>('/auth/register', body, { credentials: 'omit' });
}

export function useRegister({ onSuccess }: { onSuccess?: (response: RegisterResponse) => void } = {}) {
  return useMutation({ mutationFn: registerUser, onSuccess });
}
