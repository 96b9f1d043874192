import type { Notification } from '@depot/contract';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import './notification-list.css';

/** Notifications newest first: title, message and when (dd/mm/yyyy hh:mm). */
export function NotificationList({ items }: { items: readonly Notification[] }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label="Notifications" style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Paper
          component="li"
          key={item.id}
          withBorder
          p="sm"
          className={`notification ${item.title.toLowerCase()}`}
        >
          <Group justify="space-between" align="baseline" gap="xs">
            <Text fw={700}>{item.title}</Text>
            <Text component="time" dateTime={item.created_at} size="sm" c="dimmed">
              {formatDateTime(item.created_at)}
            </Text>
          </Group>
          <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {item.message}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
