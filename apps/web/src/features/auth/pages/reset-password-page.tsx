import { PATHS, resetPasswordBodySchema } from '@depot/contract';
import { Anchor, Button, Container, Paper, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { PasswordField } from '@/components/password-field';
import { authDialogState } from '@/lib/auth-dialog';
import { setServerErrors } from '@/lib/form';
import { confirmedPasswordSchema, PASSWORD_HINT } from '@/lib/password-rules';
import { toast } from '@/lib/toast';
import { useResetPassword } from '../api/reset-password';

export const RESET_PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';

/** The contract's new-password rules, plus Confirm Password equal to it. */
const resetPasswordFormSchema = z.intersection(
  resetPasswordBodySchema,
  confirmedPasswordSchema(RESET_PASSWORDS_DO_NOT_MATCH),
);

interface ResetPasswordValues {
  password: string;
  confirmPassword: string;
}

export default function ResetPasswordPage() {
  useDocumentTitle('Reset Password · Depot');
  const { resetToken = '' } = useParams();
  const navigate = useNavigate();
  const form = useForm<ResetPasswordValues>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordFormSchema, { sync: true }),
  });

  const resetPassword = useResetPassword({
    onSuccess: ({ message }) => {
      toast.success(message);
      navigate(PATHS.home, { replace: true, state: authDialogState('login') });
    },
  });

  return (
    <Container size={460} py="xl" component="main">
      <Paper withBorder p="lg" radius="md">
        <form
          noValidate
          onSubmit={form.onSubmit(({ password }) =>
            resetPassword.mutate(
              { resetToken, password },
              { onError: (error) => setServerErrors(form, error) },
            ),
          )}
        >
          <Stack gap="sm">
            <Title order={1} size="h2">
              Reset Password
            </Title>
            <PasswordField
              label="New Password"
              description={PASSWORD_HINT}
              autoComplete="new-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <PasswordField
              label="Confirm Password"
              autoComplete="new-password"
              required
              key={form.key('confirmPassword')}
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" loading={resetPassword.isPending} fullWidth>
              Reset Password
            </Button>
            <Anchor component={Link} to={PATHS.home} size="sm" ta="center">
              Back to home
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
