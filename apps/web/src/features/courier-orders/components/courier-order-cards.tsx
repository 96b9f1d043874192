import type { Order } from '@depot/contract';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { LabelledValue } from '@/components/labelled-value';
import { formatDate, formatDateTime, formatMoney, formatWeight } from '@/lib/format';
import { OrderItemsList, OrderStatusBadge } from './order-cells';

interface CourierOrderCardsProps {
  orders: readonly Order[];
  onUpdate: (order: Order) => void;
}

/** The board as cards for a courier's phone: address and status first, a large update button. */
export function CourierOrderCards({ orders, onUpdate }: CourierOrderCardsProps) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label="Orders" style={{ listStyle: 'none' }}>
      {orders.map((order) => (
        <Paper component="li" key={order.id} withBorder p="sm">
          <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
            <Text fw={700}>Order ID {order.id}</Text>
            <OrderStatusBadge status={order.status} />
          </Group>
          <Text size="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
            {order.shipping_address} ({order.pin_code})
          </Text>
          <Anchor href={`tel:${order.phone_number}`} size="sm">
            {order.phone_number}
          </Anchor>
          <SimpleGrid cols={2} spacing="xs" mt="xs">
            <LabelledValue label="Order Date" value={formatDateTime(order.created_at)} />
            <LabelledValue label="Delivery Date" value={formatDate(order.delivery_date)} />
            <LabelledValue label="Weight" value={formatWeight(order.consignment_weight)} />
            <LabelledValue label="Shipping Cost" value={formatMoney(order.shipping_cost)} />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="xs">
            Items
          </Text>
          <OrderItemsList order={order} />
          <Button
            fullWidth
            mt="sm"
            variant="light"
            onClick={() => onUpdate(order)}
            aria-label={`Update status of order ${order.id}`}
          >
            Update status
          </Button>
        </Paper>
      ))}
    </Stack>
  );
}
