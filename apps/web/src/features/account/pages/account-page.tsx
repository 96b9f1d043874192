import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from '@/components/page-title';
import { LoadingSpinner, QueryError } from '@/components/query-states';
import { useAccount } from '../api/account';
import { EmailForm } from '../components/email-form';
import { NameForm } from '../components/name-form';
import { OrderMailsSwitch } from '../components/order-mails-switch';
import { PasswordForm } from '../components/password-form';
import { SavedAddressesList } from '../components/saved-addresses-list';
import { SessionsList } from '../components/sessions-list';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The signed-in user's own account (docs/decisions/016-accounts-belong-to-their-owners.md): name,
 * email (changed through a link mailed to the new address), a Customer's order mails, password,
 * and open sessions.
 */
export default function AccountPage() {
  const account = useAccount();
  return (
    <Stack gap="md" maw={1100}>
      <PageTitle>Account</PageTitle>
      {account.isPending ? (
        <LoadingSpinner label="Loading your account" />
      ) : account.isError ? (
        <QueryError
          title="Could not load your account"
          error={account.error}
          onRetry={() => void account.refetch()}
        />
      ) : (
        <>
          <Text c="dimmed">
            Logged in as {account.data.email}, {account.data.role}.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap="md">
              <Section title="Name">
                <NameForm name={account.data.name} />
              </Section>
              <Section title="Email">
                <EmailForm email={account.data.email} pendingEmail={account.data.pending_email} />
              </Section>
              {account.data.role === 'Customer' && (
                <Section title="Order mails">
                  <OrderMailsSwitch orderMails={account.data.order_mails} />
                </Section>
              )}
            </Stack>
            <Stack gap="md">
              <Section title="Password">
                <Text size="sm" c="dimmed">
                  Changing it logs you out everywhere else.
                </Text>
                <PasswordForm />
              </Section>
              <Section title="Sessions">
                <SessionsList />
              </Section>
              {account.data.role === 'Customer' && (
                <Section title="Saved addresses">
                  <SavedAddressesList />
                </Section>
              )}
            </Stack>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
