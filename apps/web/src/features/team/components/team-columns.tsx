import type { TeamMember, TeamMemberStatus, TeamSortField } from '@depot/contract';
import { Badge, Button } from '@mantine/core';
import type { ListColumn } from '@/components/data-list/data-list';
import { formatDate } from '@/lib/format';
import type { TeamDecision } from '../api/team';

/** How the Team screen names each status, and its badge's colour. */
export const STATUS_LABELS: Record<TeamMemberStatus, { label: string; color: string }> = {
  // Short enough for a badge beside a name on a phone's card; the page says what it waits for.
  pending: { label: 'Waiting', color: 'yellow' },
  active: { label: 'Active', color: 'teal' },
  deactivated: { label: 'Deactivated', color: 'gray' },
  rejected: { label: 'Rejected', color: 'red' },
};

export function StatusBadge({ status }: { status: TeamMemberStatus }) {
  const { label, color } = STATUS_LABELS[status];
  return (
    <Badge variant="light" color={color}>
      {label}
    </Badge>
  );
}

/** The buttons a member's status allows; a manager never gets Deactivate on their own account. */
function decisionsFor(
  member: TeamMember,
  selfId: number,
): { decision: TeamDecision; label: string; color?: string }[] {
  switch (member.status) {
    case 'pending':
      return [
        { decision: 'approve', label: 'Approve' },
        { decision: 'reject', label: 'Reject', color: 'red' },
      ];
    case 'active':
      return member.id === selfId ? [] : [{ decision: 'deactivate', label: 'Deactivate', color: 'red' }];
    case 'deactivated':
      return [{ decision: 'reactivate', label: 'Reactivate' }];
    default:
      return [];
  }
}

export function teamColumns(
  selfId: number,
  onDecide: (member: TeamMember, decision: TeamDecision) => void,
): ListColumn<TeamMember, TeamSortField>[] {
  return [
    { header: 'Name', sort: 'name', cell: (member) => member.name, card: 'title' },
    {
      header: 'Status',
      cell: (member) => <StatusBadge status={member.status} />,
      card: 'aside',
      style: { whiteSpace: 'nowrap' },
    },
    { header: 'Email', sort: 'email', cell: (member) => member.email, card: 'wide' },
    { header: 'Role', sort: 'role', cell: (member) => member.role, style: { whiteSpace: 'nowrap' } },
    {
      header: 'Registered',
      sort: 'created_at',
      cell: (member) => formatDate(member.created_at),
      numeric: true,
    },
    {
      header: 'Actions',
      headerHidden: true,
      align: 'right',
      card: 'actions',
      cell: (member) =>
        decisionsFor(member, selfId).map(({ decision, label, color }) => (
          <Button
            key={decision}
            variant="light"
            size="xs"
            color={color}
            aria-label={`${label} ${member.name}`}
            onClick={() => onDecide(member, decision)}
          >
            {label}
          </Button>
        )),
    },
  ];
}
