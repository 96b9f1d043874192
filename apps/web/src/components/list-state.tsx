import type { ReactNode } from 'react';
import { EmptyState, LoadingSpinner, QueryError } from './query-states';

interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface ListStateProps {
  query: ListQueryState;
  /** The query answered and holds no rows. */
  isEmpty: boolean;
  /** What the list holds, in the spinner's and the error's words: "Loading {noun}". */
  noun: string;
  empty: { title: string; hint?: string };
  /** The list itself, drawn once there are rows. */
  children: () => ReactNode;
}

/** A list screen's states before its rows: a spinner, a load error with Retry, or the empty text. */
export function ListState({ query, isEmpty, noun, empty, children }: ListStateProps) {
  if (query.isPending) return <LoadingSpinner label={`Loading ${noun}`} />;
  if (query.isError) {
    return (
      <QueryError title={`Could not load ${noun}`} error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  if (isEmpty) return <EmptyState title={empty.title}>{empty.hint}</EmptyState>;
  return children();
}
