import { ORDER_MESSAGES, PATHS } from '@depot/contract';
import { Alert, Anchor, Button, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { EmptyState, LoadingSpinner, QueryError } from '@/components/query-states';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { useSessionUser } from '@/lib/session-user';
import { toast } from '@/lib/toast';
import { useCancelOrder, useLiveCustomerOrders, useOrderDetail } from '../api/customer-orders';
import { OrderSummary } from '../components/order-summary';
import { draftFromOrder } from '../order-draft';

/**
 * A customer's order (docs/product/screens.md#order-page): its timeline, lines, totals, address,
 * courier and expected date, live; its tracking link; "Order again"; and "Cancel order" while it
 * is Processing.
 */
export default function OrderPage() {
  const id = Number(useParams().id);
  const customerId = useSessionUser().id;
  const navigate = useNavigate();
  const order = useOrderDetail(id);
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState(false);
  useLiveCustomerOrders();

  if (order.isPending) return <LoadingSpinner label="Loading the order" />;
  if (order.isError) {
    return isApiError(order.error, 404) ? (
      <Stack gap="md">
        <PageTitle>Order not found</PageTitle>
        <EmptyState title={ORDER_MESSAGES.notFound}>
          <Anchor component={Link} to={PATHS.customerOrders}>
            Back to My Orders
          </Anchor>
        </EmptyState>
      </Stack>
    ) : (
      <QueryError title="Could not load the order" error={order.error} onRetry={() => void order.refetch()} />
    );
  }
  const detail = order.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <PageTitle>{`Order #${detail.id}`}</PageTitle>
        <Group gap="sm">
          <Button
            variant="light"
            onClick={() => {
              draftFromOrder(customerId, detail);
              navigate(PATHS.products);
            }}
          >
            Order again
          </Button>
          {detail.status === 'Processing' && (
            <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
              Cancel order
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="xs" wrap="nowrap" align="center">
        <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
          Tracking link:
        </Text>
        <Anchor href={detail.tracking_url} size="sm" style={{ overflowWrap: 'anywhere' }} target="_blank">
          {detail.tracking_url}
        </Anchor>
        <CopyButton value={detail.tracking_url}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="subtle" onClick={copy} style={{ flexShrink: 0 }}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <OrderSummary order={detail} />
      <Anchor component={Link} to={PATHS.customerOrders} size="sm">
        ← Back to My Orders
      </Anchor>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Cancel order" centered>
        <Stack gap="sm">
          <Text>
            Cancel order #{detail.id}? Its items go back on sale and the courier will not collect it. This
            cannot be undone.
          </Text>
          {cancel.isError && (
            <Alert color="red" title="The order was not cancelled">
              {errorMessageOf(cancel.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              Keep order
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(detail.id, {
                  onSuccess: () => {
                    toast.success(ORDER_MESSAGES.cancelled);
                    setConfirming(false);
                  },
                  // The order changed meanwhile (a courier took it): show what it is now.
                  onError: () => void order.refetch(),
                })
              }
            >
              Cancel order
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
