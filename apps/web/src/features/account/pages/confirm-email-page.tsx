import { PATHS } from '@depot/contract';
import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { errorMessageOf } from '@/lib/api-client';
import { useConfirmEmail } from '../api/account';

/**
 * The link mailed to a new email address. The change is made by the button, not by opening the
 * page, so a mail scanner that follows links does not spend it.
 */
export default function ConfirmEmailPage() {
  useDocumentTitle('Confirm your new email · Depot');
  const { emailToken = '' } = useParams();
  const confirm = useConfirmEmail();
  return (
    <Container size={480} py="xl" component="main">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Title order={1} size="h2">
            Confirm your new email
          </Title>
          {confirm.isSuccess ? (
            <Alert color="teal" title="Email changed">
              {confirm.data.message}
            </Alert>
          ) : (
            <>
              <Text size="sm">Depot will use this address for your account from now on.</Text>
              {confirm.isError && (
                <Alert color="red" title="Could not change your email">
                  {errorMessageOf(confirm.error)}
                </Alert>
              )}
              <Button loading={confirm.isPending} onClick={() => confirm.mutate(emailToken)} fullWidth>
                Confirm New Email
              </Button>
            </>
          )}
          <Anchor component={Link} to={PATHS.dashboard} size="sm" ta="center">
            Go to your dashboard
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
