import type { ActivityEvent } from '@depot/contract';
import { Table, Text } from '@mantine/core';
import { ActionBadge } from './action-badge';
import { ActorText, ChangeList, subjectText, whenText } from './activity-parts';

/** The audit trail, newest first; in a narrow window the table scrolls inside its box. */
export function ActivityTable({ events }: { events: readonly ActivityEvent[] }) {
  return (
    <Table.ScrollContainer minWidth={820} type="native">
      <Table striped verticalSpacing="sm" aria-label="Activity">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Changes</Table.Th>
            <Table.Th>Request</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{whenText(event)}</Table.Td>
              <Table.Td maw={200}>
                <ActorText event={event} />
              </Table.Td>
              <Table.Td>
                <ActionBadge action={event.action} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{subjectText(event)}</Table.Td>
              <Table.Td maw={320}>
                <ChangeList event={event} />
              </Table.Td>
              <Table.Td maw={140}>
                <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {event.request_id ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
