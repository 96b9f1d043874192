import { changeEmailBodySchema } from '@depot/contract';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { PasswordField } from '@/components/password-field';
import { setServerErrors } from '@/lib/form';
import { useChangeEmail } from '../api/account';

interface EmailFormProps {
  email: string;
  /** A change waiting for its confirmation link. */
  pendingEmail: string | null;
}

/** Asks for an email change: it happens when the link mailed to the new address is opened. */
export function EmailForm({ email, pendingEmail }: EmailFormProps) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', current_password: '' },
    validate: schemaResolver(changeEmailBodySchema, { sync: true }),
  });
  const changeEmail = useChangeEmail();
  return (
    <Stack gap="sm">
      <Text size="sm">
        Your email is <strong>{email}</strong>. You log in with it and password reset links go to it.
      </Text>
      {pendingEmail && (
        <Alert color="blue" variant="light" title="Waiting for confirmation">
          We sent a link to {pendingEmail}. Your email changes when you open it (within an hour).
        </Alert>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit((body) =>
          changeEmail.mutate(body, {
            onSuccess: () => {
              form.reset();
            },
            onError: (error) => setServerErrors(form, error),
          }),
        )}
      >
        <Stack gap="sm">
          <TextInput
            label="New Email"
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordField
            label="Current Password"
            description="To make sure it is you"
            autoComplete="current-password"
            required
            key={form.key('current_password')}
            {...form.getInputProps('current_password')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={changeEmail.isPending}>
              Send Confirmation Link
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
