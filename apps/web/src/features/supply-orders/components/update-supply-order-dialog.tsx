import {
  SUPPLY_ORDER_MESSAGES,
  SUPPLY_ORDER_STATUSES,
  type SupplyOrder,
  type SupplyOrderStatus,
  type UpdateSupplyOrderInput,
} from '@depot/contract';
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { toast } from '@/lib/toast';
import { useUpdateSupplyOrder } from '../api/update-supply-order';
import { toLocalInputValue, toUtcIso } from './supply-order-format';

interface UpdateSupplyOrderDialogProps {
  opened: boolean;
  /** Kept by the page after closing, so the dialog does not change while it fades out. */
  order: SupplyOrder | null;
  onClose: () => void;
}

export function UpdateSupplyOrderDialog({ opened, order, onClose }: UpdateSupplyOrderDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={order ? `Update Order ${order.id}` : 'Update Order'}
      centered
    >
      {order && <UpdateSupplyOrderForm key={order.id} order={order} onDone={onClose} />}
    </Modal>
  );
}

/**
 * SPEC §4, §5: the status select starts from the order's status and the date-time input from its
 * expected delivery, in local time. Only what changed is sent; the local date-time goes as UTC ISO.
 */
function UpdateSupplyOrderForm({ order, onDone }: { order: SupplyOrder; onDone: () => void }) {
  const initialDelivery = toLocalInputValue(order.expected_delivery_time);
  const [status, setStatus] = useState<SupplyOrderStatus>(order.status);
  const [delivery, setDelivery] = useState(initialDelivery);
  const [problem, setProblem] = useState<string | null>(null);
  const updateOrder = useUpdateSupplyOrder();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: UpdateSupplyOrderInput = {};
    if (status !== order.status) body.status = status;
    if (delivery && delivery !== initialDelivery) body.expected_delivery_time = toUtcIso(delivery);
    if (body.status === undefined && body.expected_delivery_time === undefined) {
      setProblem(SUPPLY_ORDER_MESSAGES.nothingToUpdate);
      return;
    }
    setProblem(null);
    updateOrder.mutate(
      { id: order.id, body },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          onDone();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <NativeSelect
          label="Status"
          data={[...SUPPLY_ORDER_STATUSES]}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as SupplyOrderStatus);
            setProblem(null);
          }}
        />
        <TextInput
          label="Expected Delivery"
          description="Date and time in your time zone"
          type="datetime-local"
          value={delivery}
          onChange={(event) => {
            setDelivery(event.currentTarget.value);
            setProblem(null);
          }}
        />
        {problem && (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={updateOrder.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={updateOrder.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
