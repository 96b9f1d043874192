import { Stack, Text } from '@mantine/core';
import { PageTitle } from '@/components/page-title';
import { useSessionUser } from '@/lib/session-user';
import { OwnScorecard } from '../components/own-scorecard';

export const OVERVIEW_TEXT = 'Welcome to the overview page. Here you can see a summary of your dashboard.';

/** The Overview of every role but the manager's; a supplier also sees their scorecard. */
export default function OverviewPage() {
  const user = useSessionUser();
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <PageTitle>Overview</PageTitle>
        <Text>{OVERVIEW_TEXT}</Text>
      </Stack>
      {user.role === 'Supplier' && <OwnScorecard />}
    </Stack>
  );
}
