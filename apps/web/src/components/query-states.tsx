import { Alert, Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessageOf } from '@/lib/api-client';

/** A spinner while a screen's data loads; its label is what screen readers announce. */
export function LoadingSpinner({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}

/** A failed load: what failed, the server's reason, and a way to try again. */
export function QueryError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessageOf(error)}</Text>
        <Button size="xs" variant="outline" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}

/** Nothing to show yet, and what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper withBorder p="xl" ta="center">
      <Text fw={600}>{title}</Text>
      {children && (
        <Text size="sm" c="dimmed" mt={4}>
          {children}
        </Text>
      )}
    </Paper>
  );
}
