import { customerOrderPath, PATHS } from '@depot/contract';
import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { EmptyState } from '@/components/query-states';
import { formatDate } from '@/lib/format';
import { useOrderDetail } from '../api/customer-orders';
import { type OrderConfirmation, readOrderConfirmation } from '../order-draft';

export const ORDER_PLACED_TEXT = 'Order Placed Successfully!';

/**
 * Confirm Order (docs/product/screens.md#confirm-order): the placed order's address and phone, and
 * the way home.
 */
export default function ConfirmOrderPage() {
  const state = useLocation().state as OrderConfirmation | null;
  const confirmation = state?.order_id ? state : readOrderConfirmation();
  // The tracking link comes with the order's page data; the confirmation shows it once it is in.
  const order = useOrderDetail(confirmation?.order_id ?? 0);

  return (
    <Stack gap="md">
      {confirmation ? (
        <Paper withBorder p="xl" maw={560}>
          <Stack gap="sm" align="flex-start">
            <ThemeIcon color="green" size="xl" radius="xl" aria-hidden>
              ✓
            </ThemeIcon>
            <div role="status">
              <PageTitle>{ORDER_PLACED_TEXT}</PageTitle>
            </div>
            <Text>Order number {confirmation.order_id}.</Text>
            <Text style={{ overflowWrap: 'anywhere' }}>
              It will be delivered to <strong>{confirmation.shipping_address}</strong>, expected by{' '}
              {formatDate(confirmation.delivery_date)}. The courier can reach you on{' '}
              <strong>{confirmation.phone_number}</strong>.
            </Text>
            {order.data && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Anyone you share it with can follow it here, without signing in:{' '}
                <Anchor href={order.data.tracking_url} target="_blank">
                  {order.data.tracking_url}
                </Anchor>
              </Text>
            )}
            <Group gap="sm" mt="sm">
              <Button component={Link} to={PATHS.home}>
                Return to Home
              </Button>
              <Button component={Link} to={customerOrderPath(confirmation.order_id)} variant="light">
                View order
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <>
          <PageTitle>Confirm Order</PageTitle>
          <EmptyState title="No order has been placed in this session.">
            <Link to={PATHS.products}>Go to Products to place one.</Link>
          </EmptyState>
        </>
      )}
    </Stack>
  );
}
