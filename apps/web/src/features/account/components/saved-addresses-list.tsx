import { addressBodySchema, type CustomerAddress, LOCATION_TYPES } from '@depot/contract';
import { Button, Group, Modal, NativeSelect, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { ConfirmDeleteModal } from '@/components/confirm-delete-modal';
import { LoadingSpinner, QueryError } from '@/components/query-states';
import { setServerErrors } from '@/lib/form';
import { formatDateTime } from '@/lib/format';
import { addressFields, useDeleteAddress, useSavedAddresses, useUpdateAddress } from '@/lib/saved-addresses';

const LOCATION_LABELS = { urban: 'Urban', suburban: 'Suburban', rural: 'Rural' } as const;

/**
 * A customer's saved delivery addresses on the Account page (docs/product/screens.md#account):
 * each with Edit (the order form's fields and messages) and Delete (after a confirmation). Orders
 * keep their own copy, so neither changes an order.
 */
export function SavedAddressesList() {
  const addresses = useSavedAddresses();
  const deleteAddress = useDeleteAddress();
  const [editing, setEditing] = useState<CustomerAddress | null>(null);
  const [deleting, setDeleting] = useState<CustomerAddress | null>(null);
  if (addresses.isPending) return <LoadingSpinner label="Loading saved addresses" />;
  if (addresses.isError) {
    return (
      <QueryError
        title="Could not load saved addresses"
        error={addresses.error}
        onRetry={() => void addresses.refetch()}
      />
    );
  }
  if (addresses.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No saved addresses yet. Tick “Save this address” when you order to keep one.
      </Text>
    );
  }
  return (
    <>
      <ul aria-label="Saved addresses" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        <Stack gap="xs">
          {addresses.data.map((address, index) => (
            <Paper component="li" withBorder p="sm" radius="md" key={address.id}>
              <Group justify="space-between" align="center" gap="sm" wrap="wrap">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                  <Text fw={600} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {address.shipping_address}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {address.pin_code} · {LOCATION_LABELS[address.location_type]} · {address.phone_number}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {index === 0 ? 'Last used' : 'Used'} {formatDateTime(address.last_used_at)}
                  </Text>
                </Stack>
                <Group gap="xs" ml="auto">
                  <Button variant="default" size="xs" onClick={() => setEditing(address)}>
                    Edit
                  </Button>
                  <Button variant="light" color="red" size="xs" onClick={() => setDeleting(address)}>
                    Delete
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      </ul>
      {editing && <EditAddressModal address={editing} onClose={() => setEditing(null)} />}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete address"
        name={deleting ? `the address ${deleting.shipping_address.split('\n')[0]}` : ''}
        pending={deleteAddress.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) deleteAddress.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
      />
    </>
  );
}

function EditAddressModal({ address, onClose }: { address: CustomerAddress; onClose: () => void }) {
  const form = useForm({
    initialValues: addressFields(address),
    validate: schemaResolver(addressBodySchema, { sync: true }),
  });
  const update = useUpdateAddress();
  return (
    <Modal opened onClose={onClose} title="Edit address" centered>
      <form
        noValidate
        onSubmit={form.onSubmit(() =>
          update.mutate(
            { id: address.id, body: form.getValues() },
            { onSuccess: onClose, onError: (error) => setServerErrors(form, error) },
          ),
        )}
      >
        <Stack gap="sm">
          <Textarea
            label="Delivery Address"
            required
            autoComplete="street-address"
            minRows={2}
            maxLength={500}
            data-autofocus
            {...form.getInputProps('shipping_address')}
          />
          <TextInput
            label="Pin Code"
            required
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            {...form.getInputProps('pin_code')}
          />
          <TextInput
            label="Phone Number"
            required
            type="tel"
            autoComplete="tel"
            maxLength={30}
            {...form.getInputProps('phone_number')}
          />
          <NativeSelect
            label="Location Type"
            required
            data={[
              { value: '', label: 'Choose a location type' },
              ...LOCATION_TYPES.map((type) => ({ value: type, label: LOCATION_LABELS[type] })),
            ]}
            {...form.getInputProps('location_type')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save Address
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
