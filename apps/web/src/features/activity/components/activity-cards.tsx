import type { ActivityEvent } from '@depot/contract';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { LabelledValue } from '@/components/labelled-value';
import { ActionBadge } from './action-badge';
import { ActorText, ChangeList, subjectText, whenText } from './activity-parts';

/** The activity table as cards for phones, where six columns do not fit. */
export function ActivityCards({ events }: { events: readonly ActivityEvent[] }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label="Activity" style={{ listStyle: 'none' }}>
      {events.map((event) => (
        <Paper component="li" key={event.id} withBorder p="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <ActionBadge action={event.action} />
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {whenText(event)}
            </Text>
          </Group>
          <Stack gap={6} mt="xs">
            <LabelledValue label="What" value={subjectText(event)} />
            <LabelledValue label="Who" value={<ActorText event={event} />} />
            <LabelledValue label="Changes" value={<ChangeList event={event} />} />
            <LabelledValue label="Request" value={event.request_id ?? '—'} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
