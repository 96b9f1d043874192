import { AUTH_MESSAGES, type LoginBody, type LoginResponse } from '@depot/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiClient, isApiError } from '@/lib/api-client';

export async function loginUser(body: LoginBody): Promise<LoginResponse> {
  try {
    return await apiClient.post<LoginResponse>('/auth/login', body);
  } catch (error) {
    // docs/product/validation-and-messages.md#how-messages-reach-the-user: every rejected login
    // reads the same, whatever the server said.
    if (isApiError(error, 401)) throw new ApiError(401, AUTH_MESSAGES.invalidCredentials);
    throw error;
  }
}

export function useLogin({ onSuccess }: { onSuccess?: (response: LoginResponse) => void } = {}) {
  return useMutation({ mutationFn: loginUser, onSuccess });
}
