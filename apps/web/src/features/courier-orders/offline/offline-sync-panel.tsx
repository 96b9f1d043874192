import { Alert, Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import { OFFLINE_MESSAGES } from './offline-messages';
import { changeLabel } from './queue';
import { useOfflineSync } from './use-offline-sync';

/**
 * Above the courier's board: whether the browser is offline, how many changes wait on this device
 * ("N waiting to sync"), and what became of each one sent — synced, or refused with the server's
 * reason (docs/product/screens.md#courier-service).
 */
export function OfflineSyncPanel({ userId }: { userId: number }) {
  const { waiting, outcomes, online, syncing, sync, dismiss } = useOfflineSync(userId);
  if (online && waiting.length === 0 && outcomes.length === 0) return null;

  return (
    <Stack gap="xs">
      {!online && (
        <Alert color="yellow" title="Offline" role="status">
          {OFFLINE_MESSAGES.offline}
        </Alert>
      )}
      {waiting.length > 0 && (
        <Paper withBorder p="sm" aria-label="Changes waiting to sync" component="section">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Badge color="yellow" variant="light" size="lg" role="status" aria-live="polite">
              {OFFLINE_MESSAGES.waiting(waiting.length)}
            </Badge>
            {online && (
              <Button size="xs" variant="default" onClick={() => void sync()} loading={syncing}>
                Sync now
              </Button>
            )}
          </Group>
          <List size="sm" mt="xs" spacing={2}>
            {waiting.map((change) => (
              <List.Item key={change.key}>
                Order {change.orderId} → {changeLabel(change)}{' '}
                <Text span size="xs" c="dimmed">
                  {OFFLINE_MESSAGES.madeAt(formatDateTime(change.deviceTime))}
                </Text>
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
      {outcomes.length > 0 && (
        <Paper withBorder p="sm" aria-label="Sent from this device" component="section">
          <Group justify="space-between" gap="xs">
            <Text fw={600} size="sm">
              Sent from this device
            </Text>
            <Button size="xs" variant="subtle" onClick={dismiss}>
              Dismiss
            </Button>
          </Group>
          <List size="sm" mt="xs" spacing={2} aria-live="polite">
            {outcomes.map((outcome) => (
              <List.Item key={outcome.key}>
                <Text span size="sm" c={outcome.result === 'synced' ? 'teal.9' : 'red.9'}>
                  {outcome.result === 'synced'
                    ? OFFLINE_MESSAGES.synced(outcome.orderId, outcome.label)
                    : OFFLINE_MESSAGES.refused(outcome.orderId, outcome.label, outcome.reason ?? '')}
                </Text>{' '}
                <Text span size="xs" c="dimmed">
                  {OFFLINE_MESSAGES.madeAt(formatDateTime(outcome.deviceTime))}
                </Text>
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}
