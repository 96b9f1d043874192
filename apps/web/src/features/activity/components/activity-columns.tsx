import type { ActivityEvent, ActivitySortField } from '@depot/contract';
import { Text } from '@mantine/core';
import type { ListColumn } from '@/components/data-list/data-list';
import { ActionBadge } from './action-badge';
import { ActorText, ChangeList, subjectText, whenText } from './activity-parts';

/** The audit trail (docs/product/screens.md#activity); a card leads with the action and when. */
export const ACTIVITY_COLUMNS: ListColumn<ActivityEvent, ActivitySortField>[] = [
  {
    header: 'When',
    sort: 'occurred_at',
    cell: whenText,
    card: 'aside',
    style: { whiteSpace: 'nowrap' },
  },
  { header: 'Who', cell: (event) => <ActorText event={event} />, card: 'wide', style: { maxWidth: 200 } },
  {
    header: 'Action',
    sort: 'action',
    cell: (event) => <ActionBadge action={event.action} />,
    card: 'title',
  },
  {
    header: 'What',
    sort: 'entity_type',
    cell: subjectText,
    card: 'wide',
    style: { whiteSpace: 'nowrap' },
  },
  {
    header: 'Changes',
    cell: (event) => <ChangeList event={event} />,
    card: 'wide',
    style: { maxWidth: 320 },
  },
  {
    header: 'Request',
    cell: (event) => (
      <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {event.request_id ?? '—'}
      </Text>
    ),
    cardCell: (event) => event.request_id ?? '—',
    card: 'wide',
    style: { maxWidth: 140 },
  },
];
