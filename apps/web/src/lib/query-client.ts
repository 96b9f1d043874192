import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorMessageOf, isApiError } from './api-client';
import { clearStoredUser, getStoredUser } from './stored-user';
import { toast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Set when the mutation shows its own error message instead of the default error toast. */
      handlesErrors?: boolean;
    };
  }
}

interface QueryClientOptions {
  /** Called after a 401 ends a session the browser believed was open. */
  onSessionExpired: () => void;
}

export function createQueryClient({ onSessionExpired }: QueryClientOptions): QueryClient {
  const endSessionOn401 = (error: unknown) => {
    // Without a stored user a 401 is an expected answer (a failed login), not an expired session.
    if (isApiError(error, 401) && getStoredUser()) {
      clearStoredUser();
      onSessionExpired();
    }
  };

  return new QueryClient({
    queryCache: new QueryCache({ onError: endSessionOn401 }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _onMutateResult, mutation) => {
        endSessionOn401(error);
        if (!mutation.meta?.handlesErrors) toast.error(errorMessageOf(error));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < 2 && !isClientError(error),
      },
    },
  });
}

function isClientError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}
