import { Group, Loader, Paper, Text } from '@mantine/core';
import { useReconnecting } from '@/lib/connection-state';

/**
 * One calm notice while the server asks to try again (lib/connection-state.ts); the screens keep
 * what they show and their requests retry underneath it.
 */
export function ReconnectingState() {
  const reconnecting = useReconnecting();
  if (!reconnecting) return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      shadow="md"
      radius="xl"
      px="md"
      py="xs"
      withBorder
      style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 1000 }}
    >
      <Group gap="xs" wrap="nowrap">
        <Loader size="xs" />
        <Text size="sm">Reconnecting…</Text>
      </Group>
    </Paper>
  );
}
