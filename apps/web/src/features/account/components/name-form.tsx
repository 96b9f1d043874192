import { updateAccountBodySchema } from '@depot/contract';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { setServerErrors } from '@/lib/form';
import { useChangeName } from '../api/account';

export function NameForm({ name }: { name: string }) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name },
    validate: schemaResolver(updateAccountBodySchema, { sync: true }),
  });
  const changeName = useChangeName();
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((body) =>
        changeName.mutate(body, {
          onError: (error) => setServerErrors(form, error),
        }),
      )}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          autoComplete="name"
          required
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={changeName.isPending}>
            Save Name
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
