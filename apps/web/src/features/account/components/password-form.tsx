import { changePasswordBodySchema } from '@depot/contract';
import { Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { PasswordField } from '@/components/password-field';
import { setServerErrors } from '@/lib/form';
import { PASSWORD_HINT } from '@/lib/password-rules';
import { useChangePassword } from '../api/account';

export const NEW_PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';

/** The contract's body, plus Confirm New Password equal to the new one. */
const passwordFormSchema = z.intersection(
  changePasswordBodySchema,
  z
    .object({ new_password: z.string(), confirm_password: z.string() })
    .refine((values) => values.new_password === values.confirm_password, {
      path: ['confirm_password'],
      error: NEW_PASSWORDS_DO_NOT_MATCH,
    }),
);

interface PasswordValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

interface PasswordFormProps {
  /** The label of the current password: a supplier's first login calls it the one-time password. */
  currentLabel?: string;
  submitLabel?: string;
  onDone?: () => void;
}

/** Changes the password; the server ends every other session of the user. */
export function PasswordForm({
  currentLabel = 'Current Password',
  submitLabel = 'Change Password',
  onDone,
}: PasswordFormProps) {
  const form = useForm<PasswordValues>({
    mode: 'uncontrolled',
    initialValues: { current_password: '', new_password: '', confirm_password: '' },
    validate: schemaResolver(passwordFormSchema, { sync: true }),
  });
  const changePassword = useChangePassword();
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ current_password, new_password }) =>
        changePassword.mutate(
          { current_password, new_password },
          {
            onSuccess: () => {
              form.reset();
              onDone?.();
            },
            onError: (error) => setServerErrors(form, error),
          },
        ),
      )}
    >
      <Stack gap="sm">
        <PasswordField
          label={currentLabel}
          autoComplete="current-password"
          required
          key={form.key('current_password')}
          {...form.getInputProps('current_password')}
        />
        <PasswordField
          label="New Password"
          description={PASSWORD_HINT}
          autoComplete="new-password"
          required
          key={form.key('new_password')}
          {...form.getInputProps('new_password')}
        />
        <PasswordField
          label="Confirm New Password"
          autoComplete="new-password"
          required
          key={form.key('confirm_password')}
          {...form.getInputProps('confirm_password')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={changePassword.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
