import { TEAM_MEMBER_STATUSES, type TeamMember } from '@depot/contract';
import { Button, Group, Modal, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DataList } from '@/components/data-list/data-list';
import { PageTitle } from '@/components/page-title';
import { useIsPhone } from '@/hooks/use-is-phone';
import { useSessionUser } from '@/lib/session-user';
import { toast } from '@/lib/toast';
import { type TeamDecision, useTeamDecision, useTeamList } from '../api/team';
import { STATUS_LABELS, teamColumns } from '../components/team-columns';

const ALL = 'all';
const STATUS_FILTERS = [
  { value: ALL, label: 'All' },
  ...TEAM_MEMBER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status].label })),
];

/** What a destructive decision asks before it is made. */
const CONFIRMATIONS: Partial<
  Record<TeamDecision, { title: string; question: (name: string) => string; button: string }>
> = {
  reject: {
    title: 'Reject account request',
    question: (name) => `Reject ${name}'s request? They will not be able to log in.`,
    button: 'Reject',
  },
  deactivate: {
    title: 'Deactivate account',
    question: (name) =>
      `Deactivate ${name}? They are logged out at once and cannot log in until reactivated.`,
    button: 'Deactivate',
  },
};

/**
 * Team (docs/decisions/016-accounts-belong-to-their-owners.md): the staff accounts, those waiting
 * for approval among them, with a manager's Approve, Reject, Deactivate and Reactivate.
 */
export default function TeamPage() {
  const self = useSessionUser();
  const team = useTeamList();
  const decide = useTeamDecision();
  const isPhone = useIsPhone();
  // Kept after closing, so the closing dialog does not change its words while it fades out.
  const [asking, setAsking] = useState<{ member: TeamMember; decision: TeamDecision } | null>(null);
  const [confirmOpened, setConfirmOpened] = useState(false);

  const run = (member: TeamMember, decision: TeamDecision) =>
    decide.mutate(
      { id: member.id, decision },
      { onSuccess: ({ message }) => toast.success(`${message}: ${member.name}`) },
    );

  const onDecide = (member: TeamMember, decision: TeamDecision) => {
    if (CONFIRMATIONS[decision]) {
      setAsking({ member, decision });
      setConfirmOpened(true);
    } else run(member, decision);
  };
  const confirmation = asking ? CONFIRMATIONS[asking.decision] : undefined;
  const statusFilter = team.filters.status?.[0] ?? ALL;
  const setStatusFilter = (value: string) => team.setFilter('status', value === ALL ? undefined : value);

  return (
    <Stack gap="md">
      <PageTitle>Team</PageTitle>
      <Text c="dimmed" size="sm">
        Inventory Managers, Suppliers and Courier Services who registered themselves wait here until a manager
        approves them.
      </Text>
      <DataList
        list={team}
        columns={teamColumns(self.id, onDecide)}
        rowKey={(member) => member.id}
        label="Team"
        noun={{ one: 'account', other: 'accounts' }}
        loadingLabel="Loading team"
        errorTitle="Could not load the team"
        empty={{ title: 'No staff accounts yet.' }}
        noMatch={() => 'No accounts match these filters.'}
        search={{ label: 'Search team', placeholder: 'Search by name or email' }}
        filters={
          // Five statuses do not fit a phone's width as segments.
          isPhone ? (
            <NativeSelect
              label="Status"
              data={STATUS_FILTERS}
              value={statusFilter}
              onChange={(event) => setStatusFilter(event.currentTarget.value)}
              w="100%"
            />
          ) : (
            <SegmentedControl
              aria-label="Show accounts by status"
              data={STATUS_FILTERS}
              value={statusFilter}
              onChange={setStatusFilter}
            />
          )
        }
        // Beside the sidebar of a 1024 px screen six columns and two buttons squeeze: cards there.
        cardsBelowEm={72}
        minTableWidth={760}
      />
      <Modal
        opened={confirmOpened}
        onClose={() => setConfirmOpened(false)}
        title={confirmation?.title}
        centered
      >
        <Text>{asking && confirmation?.question(asking.member.name)}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setConfirmOpened(false)} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              if (asking) run(asking.member, asking.decision);
              setConfirmOpened(false);
            }}
          >
            {confirmation?.button}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
