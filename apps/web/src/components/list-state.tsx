import { Alert, Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessageOf } from '@/lib/api-client';

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
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={`Loading ${noun}`} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={`Could not load ${noun}`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessageOf(query.error)}</Text>
          <Button size="xs" variant="outline" color="red" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (isEmpty) {
    return (
      <Paper withBorder p="xl" ta="center">
        <Text fw={600}>{empty.title}</Text>
        {empty.hint && (
          <Text size="sm" c="dimmed" mt={4}>
            {empty.hint}
          </Text>
        )}
      </Paper>
    );
  }
  return children();
}
