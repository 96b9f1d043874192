import { Stack, Text } from '@mantine/core';
import { PageTitle } from './page-title';

/** Stands in for a dashboard screen that a later issue builds. */
export function PlaceholderPage({
  title,
  note = 'This screen is being built.',
}: {
  title: string;
  note?: string;
}) {
  return (
    <Stack gap="xs">
      <PageTitle>{title}</PageTitle>
      <Text c="dimmed">{note}</Text>
    </Stack>
  );
}
