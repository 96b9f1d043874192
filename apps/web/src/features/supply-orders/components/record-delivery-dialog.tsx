import type { SupplyOrder } from '@depot/contract';
import { Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatQuantity } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useRecordDelivery } from '../api/record-delivery';

interface RecordDeliveryDialogProps {
  opened: boolean;
  /** Kept by the page after closing, so the dialog does not change while it fades out. */
  order: SupplyOrder | null;
  onClose: () => void;
}

/**
 * The supplier records units arriving (docs/product/screens.md#record-delivery-dialog): each line
 * still open with what was ordered, what arrived before and a box for what arrives now, filled
 * with the rest.
 */
export function RecordDeliveryDialog({ opened, order, onClose }: RecordDeliveryDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={order ? `Record Delivery for Order ${order.id}` : 'Record Delivery'}
      centered
      size="lg"
    >
      {order && <RecordDeliveryForm key={`${order.id} ${order.updated_at}`} order={order} onDone={onClose} />}
    </Modal>
  );
}

const isWhole = (text: string) => /^\d{1,10}$/.test(text.trim());

function RecordDeliveryForm({ order, onDone }: { order: SupplyOrder; onDone: () => void }) {
  const open = order.order_items.filter((item) => item.delivered_quantity < item.quantity);
  const [arriving, setArriving] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      open.map((item) => [item.product_id, String(item.quantity - item.delivered_quantity)]),
    ),
  );
  const record = useRecordDelivery();
  const lines = open
    .map((item) => ({ product_id: item.product_id, text: arriving[item.product_id] ?? '' }))
    .filter((line) => line.text.trim() !== '' && line.text.trim() !== '0');
  const invalid = lines.some((line) => !isWhole(line.text));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    record.mutate(
      {
        id: order.id,
        body: { lines: lines.map((line) => ({ product_id: line.product_id, quantity: Number(line.text) })) },
      },
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
        <Text size="sm" c="dimmed">
          Enter the units arriving now; less than the rest leaves it open for a later delivery.
        </Text>
        <Table verticalSpacing={6} horizontalSpacing="xs" fz="sm" aria-label="Delivery lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Ordered</Table.Th>
              <Table.Th ta="right">Delivered</Table.Th>
              <Table.Th w={110}>Arriving Now</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {open.map((item) => {
              const text = arriving[item.product_id] ?? '';
              const rest = item.quantity - item.delivered_quantity;
              const bad = text.trim() !== '' && (!isWhole(text) || Number(text) > rest);
              return (
                <Table.Tr key={item.product_id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.product_name}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(item.quantity)}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(item.delivered_quantity)}</Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Arriving now of ${item.product_name}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={rest}
                      step={1}
                      size="xs"
                      value={text}
                      error={bad}
                      onChange={(change) => {
                        const value = change.currentTarget.value;
                        setArriving((current) => ({ ...current, [item.product_id]: value }));
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={record.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={record.isPending} disabled={lines.length === 0 || invalid}>
            Record Delivery
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
