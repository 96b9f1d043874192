import {
  ORDER_MESSAGES,
  type Order,
  REOPEN_REASON_MAX,
  type ReopenOrderBody,
  reopenOrderBodySchema,
} from '@depot/contract';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { OrderTimeline } from '@/components/order-timeline';
import { LoadingSpinner, QueryError } from '@/components/query-states';
import { errorMessageOf } from '@/lib/api-client';
import { setServerErrors } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useDeskOrderDetail, useReopenOrder } from '../api/order-desk';

/** Where each reopened status goes back to, as the dialog tells the manager. */
const BACK_TO = {
  Delivered: 'In Transit, for its courier to deliver again',
  Returned: 'Processing, taking its items from stock again',
} as const;

/**
 * A manager's reopening of a Delivered or Returned order (docs/product/screens.md#customer-orders-manager):
 * its timeline (statuses and failed attempts) to judge by, and a reason, which the audit trail
 * and the timeline keep.
 */
export function ReopenDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <Modal opened={order !== null} onClose={onClose} title="Reopen order" centered size="lg">
      {order && <ReopenForm key={order.id} order={order} onDone={onClose} />}
    </Modal>
  );
}

const resolveReopen = schemaResolver(reopenOrderBodySchema, { sync: true });

function ReopenForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const detail = useDeskOrderDetail(order.id);
  const reopen = useReopenOrder();
  const form = useForm<ReopenOrderBody>({ initialValues: { reason: '' }, validate: resolveReopen });
  const backTo = order.status === 'Delivered' || order.status === 'Returned' ? BACK_TO[order.status] : '';

  return (
    <form
      onSubmit={form.onSubmit(({ reason }) =>
        reopen.mutate(
          { id: order.id, reason },
          {
            onSuccess: () => {
              toast.success(ORDER_MESSAGES.reopened);
              onDone();
            },
            onError: (error) => setServerErrors(form, error),
          },
        ),
      )}
    >
      <Stack gap="sm">
        <Text size="sm">
          {`Order #${order.id} for ${order.customer_name} is ${order.status}. Reopening takes it back to ${backTo}; the customer is told.`}
        </Text>
        {detail.isPending ? (
          <LoadingSpinner label="Loading the order's timeline" />
        ) : detail.isError ? (
          <QueryError
            title="Could not load the order's timeline"
            error={detail.error}
            onRetry={() => void detail.refetch()}
          />
        ) : (
          <OrderTimeline history={detail.data.status_history} attempts={detail.data.attempts} />
        )}
        <Textarea
          label="Reason"
          withAsterisk
          rows={2}
          maxLength={REOPEN_REASON_MAX}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        {reopen.isError && (
          <Alert color="red" title="The order was not reopened">
            {errorMessageOf(reopen.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Keep it {order.status}
          </Button>
          <Button type="submit" color="indigo" loading={reopen.isPending}>
            Reopen order
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
