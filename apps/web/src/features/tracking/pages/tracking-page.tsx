import { PATHS } from '@depot/contract';
import { Anchor, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { LabelledValue } from '@/components/labelled-value';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { OrderTimeline } from '@/components/order-timeline';
import { LoadingSpinner, QueryError } from '@/components/query-states';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useTracking } from '../api/get-tracking';

export const UNKNOWN_TRACKING_TEXT = 'No order has this tracking link.';

/**
 * The public tracking page (docs/product/screens.md#tracking-page): no login; where the order
 * stands, when it is due, who brings it, and only the town and PIN code it goes to.
 */
export default function TrackingPage() {
  const { token = '' } = useParams();
  const tracking = useTracking(token);
  const title = tracking.data ? `Order #${tracking.data.order_id}` : 'Track an order';
  useDocumentTitle(`${title} · Depot`);

  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="md">
        <Group justify="space-between">
          <Anchor component={Link} to={PATHS.home} fw={700} size="lg">
            Depot
          </Anchor>
          <Text size="sm" c="dimmed">
            Order tracking
          </Text>
        </Group>
        {tracking.isPending ? (
          <LoadingSpinner label="Loading the order" />
        ) : tracking.isError ? (
          isApiError(tracking.error, 404) ? (
            <Paper withBorder p="xl">
              <Stack gap="xs" align="flex-start">
                <Title order={1} size="h2">
                  Order not found
                </Title>
                <Text>{UNKNOWN_TRACKING_TEXT} Check that the whole link was copied.</Text>
              </Stack>
            </Paper>
          ) : (
            <QueryError
              title="Could not load the order"
              error={tracking.error}
              onRetry={() => void tracking.refetch()}
            />
          )
        ) : (
          <Paper withBorder p="lg">
            <Stack gap="md">
              <Group justify="space-between" align="center">
                <Title order={1} size="h2">
                  {title}
                </Title>
                <OrderStatusBadge status={tracking.data.status} />
              </Group>
              {tracking.data.delivery_code && (
                <Group gap="md" align="center" wrap="wrap" aria-label="Delivery code" role="group">
                  <Text size="sm">Delivery code</Text>
                  <Text
                    fw={700}
                    fz={28}
                    lh={1}
                    style={{ fontVariantNumeric: 'tabular-nums', letterSpacing: '0.2em' }}
                    data-testid="delivery-code"
                  >
                    {tracking.data.delivery_code}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ flex: '1 1 14rem' }}>
                    Give these 4 digits to the courier at the door.
                  </Text>
                </Group>
              )}
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <LabelledValue
                  label="Expected delivery"
                  value={
                    tracking.data.status === 'Cancelled' || tracking.data.status === 'Returned'
                      ? '—'
                      : formatDate(tracking.data.delivery_date)
                  }
                />
                <LabelledValue label="Courier" value={tracking.data.courier_name} />
                <LabelledValue
                  label="Delivering to"
                  value={[tracking.data.town, `PIN ${tracking.data.pin_code}`].filter(Boolean).join(', ')}
                />
              </SimpleGrid>
              <div>
                <Title order={2} size="h4" mb="sm">
                  Progress
                </Title>
                <OrderTimeline history={tracking.data.status_history} />
              </div>
              <Text size="xs" c="dimmed">
                This page updates itself while it is open.
              </Text>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
