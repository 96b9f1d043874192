import type { ActivityEvent } from '@depot/contract';
import { List, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import { changeText, describeChanges } from './describe-changes';

const ENTITY_LABELS: Record<ActivityEvent['entity_type'], string> = {
  stock: 'Stock',
  order: 'Order',
  supply_order: 'Supply order',
  supply_order_draft: 'Draft supply order',
  supplier: 'Supplier',
  supplier_product: 'Supplier product',
  user: 'Account',
};

export const whenText = (event: ActivityEvent) => formatDateTime(event.occurred_at);

/** Who acted: name and role, or that nobody was logged in. */
export function ActorText({ event }: { event: ActivityEvent }) {
  if (!event.actor)
    return (
      <Text size="sm" c="dimmed">
        Not logged in
      </Text>
    );
  return (
    <div>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {event.actor.name}
      </Text>
      <Text size="xs" c="dimmed">
        {event.actor.role}
      </Text>
    </div>
  );
}

/** What it was about: "Stock #12". */
export const subjectText = (event: ActivityEvent) =>
  event.entity_id === null
    ? ENTITY_LABELS[event.entity_type]
    : `${ENTITY_LABELS[event.entity_type]} #${event.entity_id}`;

/** The changed fields, one a line; a dash when the event carries none (a logout). */
export function ChangeList({ event }: { event: ActivityEvent }) {
  const changes = describeChanges(event);
  if (changes.length === 0) return <Text size="sm">—</Text>;
  return (
    <List size="sm" spacing={2} listStyleType="none" p={0}>
      {changes.map((change) => (
        <List.Item key={change.field} style={{ overflowWrap: 'anywhere' }}>
          {changeText(change)}
        </List.Item>
      ))}
    </List>
  );
}
