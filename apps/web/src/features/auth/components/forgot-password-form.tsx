import { type ForgotPasswordBody, forgotPasswordBodySchema } from '@depot/contract';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { setServerErrors } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useForgotPassword } from '../api/forgot-password';

export function ForgotPasswordForm({ onShowLogin }: { onShowLogin: () => void }) {
  const form = useForm<ForgotPasswordBody>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordBodySchema, { sync: true }),
  });

  const forgotPassword = useForgotPassword({
    onSuccess: ({ message }) => {
      toast.success(message);
      onShowLogin();
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((body) =>
        forgotPassword.mutate(body, { onError: (error) => setServerErrors(form, error) }),
      )}
    >
      <Stack gap="sm">
        <Text size="sm">
          Enter your account's email and we will send you a link to choose a new password.
        </Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={forgotPassword.isPending} fullWidth>
          Send reset link
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={onShowLogin}
          style={{ alignSelf: 'center' }}
        >
          Back to login
        </Anchor>
      </Stack>
    </form>
  );
}
