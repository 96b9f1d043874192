import {
  SUPPLY_ORDER_STATUSES,
  type SupplyOrder,
  type SupplyOrderStatus,
  type UpdateSupplyOrderInput,
  updateSupplyOrderBodySchema,
} from '@depot/contract';
import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { DateField } from '@/components/date-field';
import { FORM_ERROR, setServerErrors } from '@/lib/form';
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

/** The status and the expected delivery as the inputs hold it: a local date-time, or ''. */
interface UpdateSupplyOrderValues {
  status: SupplyOrderStatus;
  expected_delivery_time: string;
}

const resolveUpdate = schemaResolver(updateSupplyOrderBodySchema, { sync: true });

/**
 * docs/product/statuses.md, docs/product/validation-and-messages.md#supply-order-update: the status
 * select starts from the order's status and the date-time input from its expected delivery, in
 * local time. Only what changed is sent; the local date-time goes as UTC ISO. The contract's schema
 * refuses a body with neither ("Please update at least one field …").
 */
function UpdateSupplyOrderForm({ order, onDone }: { order: SupplyOrder; onDone: () => void }) {
  const initialValues: UpdateSupplyOrderValues = {
    status: order.status,
    expected_delivery_time: toLocalInputValue(order.expected_delivery_time),
  };
  const toBody = (values: UpdateSupplyOrderValues) => changesOf(values, initialValues);
  const form: UseFormReturnType<UpdateSupplyOrderValues> = useForm({
    mode: 'uncontrolled',
    initialValues,
    validate: (values) => resolveUpdate(toBody(values)),
    // The whole-form message answers the last try: it goes once either field changes.
    onValuesChange: () => form.clearFieldError(FORM_ERROR),
  });
  const updateOrder = useUpdateSupplyOrder();
  const problem = form.errors[FORM_ERROR];

  const submit = form.onSubmit((values) =>
    updateOrder.mutate(
      { id: order.id, body: toBody(values) },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          onDone();
        },
        // The mutation toasts the server's sentence; a field it names is marked too.
        onError: (error) => setServerErrors(form, error),
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <NativeSelect
          label="Status"
          data={[...SUPPLY_ORDER_STATUSES]}
          key={form.key('status')}
          {...form.getInputProps('status')}
        />
        <DateField
          label="Expected Delivery"
          description="Date and time in your time zone"
          withTime
          key={form.key('expected_delivery_time')}
          {...form.getInputProps('expected_delivery_time')}
        />
        {problem && (
          <Text c="var(--mantine-color-error)" size="sm" role="alert">
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

/**
 * The body of the update: the status if it changed, the delivery time (as UTC) if it was set or
 * changed.
 */
function changesOf(
  values: UpdateSupplyOrderValues,
  initial: UpdateSupplyOrderValues,
): UpdateSupplyOrderInput {
  const body: UpdateSupplyOrderInput = {};
  if (values.status !== initial.status) body.status = values.status;
  const delivery = values.expected_delivery_time;
  if (delivery && delivery !== initial.expected_delivery_time)
    body.expected_delivery_time = toUtcIso(delivery);
  return body;
}
