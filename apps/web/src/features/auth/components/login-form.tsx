import { AUTH_MESSAGES, type LoginBody, loginBodySchema, PATHS } from '@depot/contract';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PasswordField } from '@/components/password-field';
import { setServerErrors } from '@/lib/form';
import { storeUser } from '@/lib/stored-user';
import { toast } from '@/lib/toast';
import { useLogin } from '../api/login';

interface LoginFormProps {
  onShowRegister: () => void;
  onShowForgotPassword: () => void;
}

export function LoginForm({ onShowRegister, onShowForgotPassword }: LoginFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<LoginBody>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginBodySchema, { sync: true }),
  });

  const login = useLogin({
    onSuccess: ({ user, must_change_password }) => {
      // Data cached for a previous user must not show up in this user's dashboard.
      queryClient.removeQueries();
      // A one-time password: no stored user, so the dashboard waits for the profile, which asks
      // for the user's own password before any screen calls the API.
      if (!must_change_password) storeUser(user);
      toast.success(AUTH_MESSAGES.loggedIn);
      navigate(PATHS.dashboard, { replace: true });
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((body) =>
        login.mutate(body, { onError: (error) => setServerErrors(form, error) }),
      )}
    >
      <Stack gap="sm">
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component="button" type="button" size="sm" onClick={onShowForgotPassword}>
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" loading={login.isPending} fullWidth>
          Login
        </Button>
        <Text size="sm" ta="center">
          Don't have an account?{' '}
          <Anchor component="button" type="button" onClick={onShowRegister}>
            Register
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
