import type { SupplyOrder } from '@depot/contract';
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { LabelledValue } from '@/components/labelled-value';
import { formatMoney, formatQuantity } from '@/lib/format';
import { ExpectedDelivery, OrderProducts } from './supply-order-fields';
import { SupplyOrderStatusBadge } from './supply-order-status-badge';
import { UpdateButton } from './supply-order-table';

interface SupplyOrderCardsProps {
  orders: readonly SupplyOrder[];
  onUpdate?: (order: SupplyOrder) => void;
}

/** The supply orders table as a list of cards for phones, where nine columns do not fit. */
export function SupplyOrderCards({ orders, onUpdate }: SupplyOrderCardsProps) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label="Supply orders" style={{ listStyle: 'none' }}>
      {orders.map((order) => (
        <Paper component="li" key={order.id} withBorder p="sm">
          <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
            <Text fw={600}>Order ID {order.id}</Text>
            <SupplyOrderStatusBadge status={order.status} />
          </Group>
          <Stack gap={6} mt="xs">
            <LabelledValue label="Products" value={<OrderProducts order={order} />} />
            <SimpleGrid cols={2} spacing="xs">
              <LabelledValue label="Total Quantity" value={formatQuantity(order.total_quantity)} numeric />
              <LabelledValue label="Total Cost" value={formatMoney(order.total_cost)} numeric />
            </SimpleGrid>
            <LabelledValue label="Address" value={order.address} />
            <SimpleGrid cols={2} spacing="xs">
              <LabelledValue label="Mobile" value={order.mobile_number} />
              <LabelledValue label="Expected Delivery" value={<ExpectedDelivery order={order} />} />
            </SimpleGrid>
          </Stack>
          {onUpdate && (
            <Group mt="sm" grow>
              <UpdateButton order={order} onUpdate={onUpdate} fullWidth />
            </Group>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
