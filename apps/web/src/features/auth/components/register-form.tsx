import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  type RegisterBody,
  ROLES,
  type Role,
  registerBodySchema,
} from '@depot/contract';
import { Anchor, Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { PasswordField } from '@/components/password-field';
import { setServerErrors } from '@/lib/form';
import { confirmedPasswordSchema, PASSWORD_HINT } from '@/lib/password-rules';
import { toast } from '@/lib/toast';
import { useRegister } from '../api/register';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** The contract's registration rules, plus Confirm Password: filled, and equal to Password. */
const registerFormSchema = z.intersection(
  registerBodySchema,
  confirmedPasswordSchema(PASSWORDS_DO_NOT_MATCH, 'Confirm your password'),
);

interface RegisterFormValues {
  role: string;
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function RegisterForm({ onShowLogin }: { onShowLogin: () => void }) {
  const form = useForm<RegisterFormValues, RegisterBody>({
    mode: 'uncontrolled',
    initialValues: { role: '', name: '', email: '', password: '', confirmPassword: '' },
    validate: schemaResolver(registerFormSchema, { sync: true }),
    transformValues: ({ role, name, email, password }) => ({ role: role as Role, name, email, password }),
  });

  const register = useRegister({
    onSuccess: ({ approval_status }) => {
      toast.success(AUTH_MESSAGES.registered);
      if (approval_status === 'pending') toast.info(ACCOUNT_MESSAGES.registeredAwaitingApproval);
      onShowLogin();
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((body) =>
        register.mutate(body, { onError: (error) => setServerErrors(form, error) }),
      )}
    >
      <Stack gap="sm">
        <Text size="sm">All fields are required.</Text>
        <Select
          label="Role"
          placeholder="Choose your role"
          data={ROLES}
          allowDeselect={false}
          required
          key={form.key('role')}
          {...form.getInputProps('role')}
        />
        <TextInput
          label="Name"
          autoComplete="name"
          required
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordField
          label="Password"
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
        <Button type="submit" loading={register.isPending} fullWidth mt="xs">
          Register
        </Button>
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor component="button" type="button" onClick={onShowLogin}>
            Login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
