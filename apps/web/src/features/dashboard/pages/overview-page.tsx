import { Stack, Text } from '@mantine/core';
import { PageTitle } from '@/components/page-title';

export const OVERVIEW_TEXT = 'Welcome to the overview page. Here you can see a summary of your dashboard.';

export default function OverviewPage() {
  return (
    <Stack gap="xs">
      <PageTitle>Overview</PageTitle>
      <Text>{OVERVIEW_TEXT}</Text>
    </Stack>
  );
}
