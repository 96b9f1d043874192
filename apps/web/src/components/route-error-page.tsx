import { Button, Stack, Text, Title } from '@mantine/core';

/** Shown when a screen throws while rendering, instead of React Router's developer page. */
export function RouteErrorPage() {
  return (
    <Stack gap="sm" p="md" align="flex-start" role="alert">
      <Title order={1}>Something went wrong</Title>
      <Text>Depot hit an unexpected error on this page.</Text>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Stack>
  );
}
