import {
  COURIER_ORDER_STATUSES,
  type Order,
  type UpdateOrderStatusBody,
  updateOrderStatusBodySchema,
} from '@depot/contract';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { errorMessageOf } from '@/lib/api-client';
import { setServerErrors } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useUpdateOrderStatus } from '../api/update-order-status';

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

const resolveStatus = schemaResolver(updateOrderStatusBodySchema, { sync: true });

function UpdateStatusForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const form = useForm<UpdateOrderStatusBody>({
    // A Cancelled order never reaches this form: its Update button is disabled.
    initialValues: { status: order.status === 'Cancelled' ? 'Processing' : order.status },
    validate: resolveStatus,
  });
  const updateStatus = useUpdateOrderStatus();
  // docs/product/validation-and-messages.md#delivery-status: nothing is sent unless a new status is
  // chosen.
  const changed = form.values.status !== order.status;

  return (
    <form
      onSubmit={form.onSubmit(({ status }) => {
        if (!changed) return;
        updateStatus.mutate(
          { id: order.id, status },
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
        {updateStatus.isError && (
          <Alert color="red" title="The status was not changed">
            {errorMessageOf(updateStatus.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={!changed} loading={updateStatus.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
