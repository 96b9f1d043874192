import { Alert, Button, Stack, Text } from '@mantine/core';

export const LOAD_ERROR_MESSAGE = 'This part of Depot failed to load.';

export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="red" title={LOAD_ERROR_MESSAGE} m="md">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Check your connection, then try again.</Text>
        <Button color="red" variant="outline" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
