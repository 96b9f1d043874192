import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from './page-title';

interface NotFoundPageProps {
  backTo?: string;
  backLabel?: string;
}

export function NotFoundPage({ backTo = '/', backLabel = 'Back to home' }: NotFoundPageProps) {
  return (
    <Stack gap="xs" p="md" align="flex-start">
      <PageTitle>Page not found</PageTitle>
      <Text>There is no page at this address.</Text>
      <Anchor component={Link} to={backTo}>
        {backLabel}
      </Anchor>
    </Stack>
  );
}
