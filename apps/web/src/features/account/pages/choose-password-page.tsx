import { ACCOUNT_MESSAGES, PATHS } from '@depot/contract';
import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { PasswordForm } from '../components/password-form';

/**
 * The first login of a supplier whose account a manager opened: the password the manager typed is
 * one-time, and nothing else opens until the supplier chooses their own
 * (docs/decisions/016-accounts-belong-to-their-owners.md).
 */
export default function ChoosePasswordPage() {
  useDocumentTitle('Choose your password · Depot');
  return (
    <Container size={480} py="xl" component="main">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Title order={1} size="h2">
            Choose your password
          </Title>
          <Text size="sm">
            {ACCOUNT_MESSAGES.passwordChangeRequired} The password you logged in with was set by an Inventory
            Manager and works only this once.
          </Text>
          <PasswordForm currentLabel="One-time Password" submitLabel="Save My Password" />
          <Anchor component={Link} to={PATHS.logout} size="sm" ta="center">
            Logout
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
