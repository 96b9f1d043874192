import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorMessageOf, isApiError, isTryAgainLater } from './api-client';
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
        if (mutation.meta?.handlesErrors) return;
        // While the server asks to try again, every failure says the same: one toast, not one each.
        if (isTryAgainLater(error)) toast.error(errorMessageOf(error), { toastId: TRY_AGAIN_TOAST });
        else toast.error(errorMessageOf(error));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A screen waiting on a server that asks to try again keeps trying, after its Retry-After,
        // under the "Reconnecting…" state (docs/RELIABILITY.md#database-trouble).
        retry: (failureCount, error) =>
          isTryAgainLater(error)
            ? failureCount < QUERY_RETRIES_WHILE_RECONNECTING
            : failureCount < 2 && !isClientError(error),
        retryDelay: retryDelayOf,
      },
      mutations: {
        // A change is tried again only where repeating it is safe (see ApiError's retry).
        retry: (failureCount, error) =>
          isTryAgainLater(error) && error.retry.safe && failureCount < MUTATION_RETRIES_WHILE_RECONNECTING,
        retryDelay: retryDelayOf,
      },
    },
  });
}

/** About two minutes of a database outage at the server's Retry-After of 5 s, then the screen's own error. */
const QUERY_RETRIES_WHILE_RECONNECTING = 24;
const MUTATION_RETRIES_WHILE_RECONNECTING = 6;
const TRY_AGAIN_TOAST = 'try-again-later';

/** The server's Retry-After where it gave one; TanStack Query's own backoff otherwise. */
function retryDelayOf(failureCount: number, error: unknown): number {
  return isTryAgainLater(error) ? error.retry.afterMs : Math.min(1000 * 2 ** failureCount, 30_000);
}

function isClientError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}
