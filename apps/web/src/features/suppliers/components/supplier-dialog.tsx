import {
  createSupplierBodySchema,
  PASSWORD_MIN_LENGTH,
  type Supplier,
  type UpdateSupplierBody,
  updateSupplierBodySchema,
} from '@depot/contract';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { PasswordField } from '@/components/password-field';
import { setServerErrors } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useCreateSupplier } from '../api/create-supplier';
import { useUpdateSupplier } from '../api/update-supplier';

interface SupplierFormValues {
  name: string;
  email: string;
  phone_number: string;
  address: string;
  password: string;
}

const resolveCreate = schemaResolver(createSupplierBodySchema, { sync: true });
const resolveUpdate = schemaResolver(updateSupplierBodySchema, { sync: true });

interface SupplierDialogProps {
  opened: boolean;
  /** The supplier being edited; null opens the dialog to add one. */
  supplier: Supplier | null;
  onClose: () => void;
}

export function SupplierDialog({ opened, supplier, onClose }: SupplierDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={supplier ? 'Edit Supplier' : 'Add Supplier'} centered>
      <SupplierForm key={supplier?.id ?? 'new'} supplier={supplier} onDone={onClose} />
    </Modal>
  );
}

function SupplierForm({ supplier, onDone }: { supplier: Supplier | null; onDone: () => void }) {
  const editing = supplier !== null;
  const initialValues: SupplierFormValues = {
    name: supplier?.name ?? '',
    email: supplier?.email ?? '',
    phone_number: supplier?.phone_number ?? '',
    address: supplier?.address ?? '',
    password: '',
  };
  const form = useForm<SupplierFormValues>({
    mode: 'uncontrolled',
    initialValues,
    // docs/product/validation-and-messages.md#suppliers: every field is required when adding.
    // Editing checks only what is sent, the fields the user changed, so a supplier who never had a
    // phone number can still be renamed.
    validate: (values) =>
      editing ? resolveUpdate(changedFields(values, initialValues)) : resolveCreate(values),
  });

  const createSupplier = useCreateSupplier();
  const updateSupplier = useUpdateSupplier();
  const pending = createSupplier.isPending || updateSupplier.isPending;

  const callbacks = {
    onSuccess: ({ message }: { message: string }) => {
      toast.success(message);
      onDone();
    },
    // The query client toasts the message; the fields the server named are marked too.
    onError: (error: Error) => setServerErrors(form, error),
  };

  const submit = form.onSubmit((values) => {
    if (supplier) {
      updateSupplier.mutate({ id: supplier.id, body: changedFields(values, initialValues) }, callbacks);
    } else {
      const { name, email, phone_number, address, password } = values;
      createSupplier.mutate({ name, email, phone_number, address, password }, callbacks);
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          autoComplete="organization"
          required={!editing}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        {editing ? (
          // The login belongs to the supplier (docs/decisions/016-accounts-belong-to-their-owners.md).
          <TextInput
            label="Email"
            type="email"
            value={supplier.email}
            readOnly
            description="The supplier's login: only they can change it, from their Account page."
          />
        ) : (
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
        )}
        <TextInput
          label="Phone Number"
          type="tel"
          autoComplete="off"
          required={!editing}
          key={form.key('phone_number')}
          {...form.getInputProps('phone_number')}
        />
        <Textarea
          label="Address"
          rows={3}
          resize="vertical"
          required={!editing}
          key={form.key('address')}
          {...form.getInputProps('address')}
        />
        {!editing && (
          <PasswordField
            label="Password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters. It works once: at their first login the supplier chooses their own.`}
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Only what the user changed: a field a self-registered supplier never had (null) and that stays
 * blank is not sent, so editing another field is not refused for it.
 */
function changedFields(values: SupplierFormValues, initial: SupplierFormValues): UpdateSupplierBody {
  const body: UpdateSupplierBody = {};
  for (const field of ['name', 'phone_number', 'address'] as const) {
    if (values[field] !== initial[field]) body[field] = values[field];
  }
  return body;
}
