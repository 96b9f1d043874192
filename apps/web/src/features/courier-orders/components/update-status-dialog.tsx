import {
  COURIER_ORDER_STATUSES,
  type CourierOrderStatus,
  type DeliveryProof,
  deliveryProofSchema,
  type Order,
  PROOF_MESSAGES,
  RECIPIENT_NAME_MAX,
} from '@depot/contract';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  NativeSelect,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { errorMessageOf } from '@/lib/api-client';
import { setServerErrors } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { base64Of, shrinkPhoto } from './shrink-photo';

interface UpdateStatusDialogProps {
  /** The order whose status is changed; null keeps the dialog closed. */
  order: Order | null;
  onClose: () => void;
}

export function UpdateStatusDialog({ order, onClose }: UpdateStatusDialogProps) {
  return (
    <Modal opened={order !== null} onClose={onClose} title="Update Order Status" centered>
      {order && <UpdateStatusForm key={order.id} order={order} onDone={onClose} />}
    </Modal>
  );
}

type ProofMethodChoice = 'code' | 'photo';

interface StatusFormValues {
  status: CourierOrderStatus;
  recipient_name: string;
  method: ProofMethodChoice;
  code: string;
}

/** The photo taken, made small, and its size. */
interface TakenPhoto {
  base64: string;
  bytes: number;
}

/** The proof the form's values make, as the contract reads it. */
function proofOf(values: StatusFormValues, photo: TakenPhoto | null): Partial<DeliveryProof> {
  return values.method === 'code'
    ? { recipient_name: values.recipient_name, code: values.code.trim() }
    : { recipient_name: values.recipient_name, ...(photo ? { photo: photo.base64 } : {}) };
}

/** The contract's proof rules on the dialog's fields; a missing photo is said on the photo. */
function proofErrors(values: StatusFormValues, photo: TakenPhoto | null): Record<string, string> {
  if (values.status !== 'Delivered') return {};
  const errors: Record<string, string> = {};
  if (values.method === 'photo' && !photo) errors.photo = PROOF_MESSAGES.photoRequired;
  const parsed = deliveryProofSchema.safeParse(proofOf(values, photo));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] === 'recipient_name' ? 'recipient_name' : values.method;
    errors[field] ??= issue.message;
  }
  return errors;
}

function UpdateStatusForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const [photo, setPhoto] = useState<TakenPhoto | null>(null);
  const [shrinking, setShrinking] = useState(false);
  const form = useForm<StatusFormValues>({
    // A Cancelled order never reaches this form: its Update button is disabled.
    initialValues: {
      status: order.status === 'Cancelled' ? 'Processing' : order.status,
      recipient_name: '',
      method: 'code',
      code: '',
    },
    validate: (values) => proofErrors(values, photo),
  });
  const updateStatus = useUpdateOrderStatus();
  // docs/product/validation-and-messages.md#delivery-status: nothing is sent unless a new status is
  // chosen.
  const changed = form.values.status !== order.status;
  const delivering = changed && form.values.status === 'Delivered';

  async function takePhoto(file: File | null) {
    if (!file) return;
    setShrinking(true);
    form.setFieldError('photo', null);
    try {
      const small = await shrinkPhoto(file);
      setPhoto({ base64: await base64Of(small), bytes: small.size });
    } catch (error) {
      form.setFieldError('photo', error instanceof Error ? error.message : PROOF_MESSAGES.invalidPhoto);
    } finally {
      setShrinking(false);
    }
  }

  return (
    <form
      onSubmit={form.onSubmit((values) => {
        if (!changed) return;
        const proof = delivering ? (proofOf(values, photo) as DeliveryProof) : undefined;
        updateStatus.mutate(
          { id: order.id, status: values.status, proof },
          {
            // "Order status updated successfully", or kept on the device to send later.
            onSuccess: ({ message }) => {
              toast.success(message);
              onDone();
            },
            // The alert below says why; a field the server names is marked too.
            onError: (error) => setServerErrors(form, error),
          },
        );
      })}
    >
      <Stack gap="sm">
        <Text size="sm">
          Order {order.id} to {order.shipping_address}
        </Text>
        <NativeSelect
          label="Order status"
          data={[...COURIER_ORDER_STATUSES]}
          {...form.getInputProps('status')}
        />
        {form.values.status === 'Returned' && changed && (
          <Alert color="orange" title="Returned is final">
            The customer refused the order or it was given up: its items go back to stock and you can no
            longer change it. A manager can reopen it.
          </Alert>
        )}
        {delivering && (
          <Stack gap="sm" role="group" aria-label="Proof of delivery">
            <TextInput
              label="Recipient name"
              description="Who took the order"
              withAsterisk
              maxLength={RECIPIENT_NAME_MAX}
              autoComplete="off"
              {...form.getInputProps('recipient_name')}
            />
            <Radio.Group label="Proof" {...form.getInputProps('method')}>
              <Group gap="md" mt={4}>
                <Radio value="code" label="Delivery code" />
                <Radio value="photo" label="Photo" />
              </Group>
            </Radio.Group>
            {form.values.method === 'code' ? (
              <TextInput
                label="Delivery code"
                description="The 4 digits on the customer's order page"
                withAsterisk
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={4}
                w={{ base: '100%', xs: 200 }}
                {...form.getInputProps('code')}
              />
            ) : (
              <Stack gap={6}>
                <Group gap="sm" align="center">
                  <FileButton
                    onChange={(file) => void takePhoto(file)}
                    accept="image/*"
                    capture="environment"
                  >
                    {(props) => (
                      <Button {...props} variant="light" loading={shrinking}>
                        {photo ? 'Take another photo' : 'Take photo'}
                      </Button>
                    )}
                  </FileButton>
                  {photo && (
                    <Text size="xs" c="dimmed">
                      {Math.ceil(photo.bytes / 1024)} KB
                    </Text>
                  )}
                </Group>
                {photo && (
                  <Image
                    // A data: URL, which the CSP's img-src allows (blob: it does not).
                    src={`data:image/jpeg;base64,${photo.base64}`}
                    alt="The photo taken as proof"
                    h={120}
                    w="auto"
                    fit="contain"
                    radius="sm"
                  />
                )}
                {form.errors.photo && (
                  <Text size="sm" c="var(--mantine-color-error)" role="alert">
                    {form.errors.photo}
                  </Text>
                )}
              </Stack>
            )}
          </Stack>
        )}
        {updateStatus.isError && (
          <Alert color="red" title="The status was not changed">
            {errorMessageOf(updateStatus.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={!changed || shrinking} loading={updateStatus.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
