import { customerOrderPath, type Notification, type NotificationSortField } from '@depot/contract';
import { Anchor, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ListColumn } from '@/components/data-list/data-list';
import { formatDateTime } from '@/lib/format';
import './notification-list.css';

/** What a notification shows; the list draws each as a card of its own (NotificationCard). */
export const NOTIFICATION_COLUMNS: ListColumn<Notification, NotificationSortField>[] = [
  { header: 'Title', cell: (item) => item.title },
  { header: 'When', cell: (item) => formatDateTime(item.created_at) },
  { header: 'Message', cell: (item) => item.message },
  {
    header: 'Order',
    cell: (item) =>
      item.order_id != null && (
        <Anchor component={Link} to={customerOrderPath(item.order_id)}>
          View order #{item.order_id}
        </Anchor>
      ),
  },
];

/** A notification: title, when (dd/mm/yyyy hh:mm) and message, marked by its title's class. */
export function NotificationCard({ item }: { item: Notification }) {
  return (
    <Paper component="li" withBorder p="sm" className={`notification ${item.title.toLowerCase()}`}>
      <Group justify="space-between" align="baseline" gap="xs">
        <Text fw={700}>{item.title}</Text>
        <Text component="time" dateTime={item.created_at} size="sm" c="dimmed">
          {formatDateTime(item.created_at)}
        </Text>
      </Group>
      <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {item.message}
      </Text>
      {item.order_id != null && (
        <Anchor component={Link} to={customerOrderPath(item.order_id)} size="sm">
          View order #{item.order_id}
        </Anchor>
      )}
    </Paper>
  );
}
