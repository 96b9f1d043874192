import type { OrderDetail } from '@depot/contract';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LabelledValue } from '@/components/labelled-value';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { OrderTimeline } from '@/components/order-timeline';
import { ProofOfDelivery } from '@/components/proof-of-delivery';
import { formatDate, formatDateTime, formatMoney, formatQuantity, formatWeight } from '@/lib/format';

/**
 * What an order page shows of it: where it stands, its delivery code while it is open, its proof
 * of delivery once delivered, its lines and totals, where it goes and who brings it.
 */
export function OrderSummary({ order }: { order: OrderDetail }) {
  return (
    <Stack gap="md">
      {order.delivery_code && (
        <Paper withBorder p="md" component="section" aria-label="Delivery code">
          <Group gap="md" align="center" wrap="wrap">
            <Text size="sm">Delivery code</Text>
            <Text
              fw={700}
              fz={28}
              lh={1}
              style={{ fontVariantNumeric: 'tabular-nums', letterSpacing: '0.2em' }}
              data-testid="delivery-code"
            >
              {order.delivery_code}
            </Text>
            <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
              Give these 4 digits to the courier at the door: they prove the order reached you.
            </Text>
          </Group>
        </Paper>
      )}
      {order.proof && <ProofOfDelivery proof={order.proof} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" h="100%">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={3} size="h4">
                Status
              </Title>
              <OrderStatusBadge status={order.status} />
            </Group>
            <OrderTimeline history={order.status_history} attempts={order.attempts} />
          </Stack>
        </Paper>

        <Paper withBorder p="md" h="100%">
          <Stack gap="sm">
            <Title order={3} size="h4">
              Items
            </Title>
            <Stack gap={6} component="ul" m={0} p={0} aria-label="Order lines" style={{ listStyle: 'none' }}>
              {order.order_items.map((item) => (
                <Group key={item.stock_id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.product_name} × {formatQuantity(item.quantity)}{' '}
                    <Text span size="xs" c="dimmed">
                      at {formatMoney(item.price)}
                    </Text>
                  </Text>
                  <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {formatMoney(Math.round(item.price * item.quantity * 100) / 100)}
                  </Text>
                </Group>
              ))}
            </Stack>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <LabelledValue label="Total Cost" value={formatMoney(order.items_total)} numeric />
              <LabelledValue label="Shipping Cost" value={formatMoney(order.shipping_cost)} numeric />
              <LabelledValue
                label="Grand Total"
                value={
                  <strong>
                    {formatMoney(Math.round((order.items_total + order.shipping_cost) * 100) / 100)}
                  </strong>
                }
                numeric
              />
              <LabelledValue label="Weight" value={formatWeight(order.consignment_weight)} numeric />
            </SimpleGrid>
          </Stack>
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <LabelledValue
            label="Delivery address"
            value={
              <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {order.shipping_address}
                {'\n'}PIN {order.pin_code} ({order.location_type})
              </Text>
            }
          />
          <LabelledValue label="Phone" value={order.phone_number} />
          <LabelledValue label="Courier" value={order.courier_name} />
          <LabelledValue
            label="Expected delivery"
            value={
              order.status === 'Cancelled' || order.status === 'Returned'
                ? '—'
                : formatDate(order.delivery_date)
            }
          />
          <LabelledValue label="Placed" value={formatDateTime(order.created_at)} />
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
