import { isFinalSupplyOrderStatus, SUPPLY_ORDER_MESSAGES, type SupplyOrder } from '@depot/contract';
import { Stack, Text } from '@mantine/core';
import { formatDateTime, formatQuantity } from '@/lib/format';

/** Each product of the order on its own line, with its quantity. */
export function OrderProducts({ order }: { order: SupplyOrder }) {
  return (
    <Stack gap={2}>
      {order.order_items.map((item) => (
        <Text key={item.product_id} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {item.product_name} × {formatQuantity(item.quantity)}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The expected delivery in local time; until the supplier sets it, 'Waiting for update'
 * (docs/product/screens.md#my-orders-and-supply-orders) while an update can still come, and a dash
 * once the order is Delivered or Canceled.
 */
export function ExpectedDelivery({ order }: { order: SupplyOrder }) {
  if (!order.expected_delivery_time) {
    if (isFinalSupplyOrderStatus(order.status)) {
      return (
        <Text span size="sm" c="dimmed">
          —
        </Text>
      );
    }
    return (
      <Text span size="sm" c="dimmed" fs="italic">
        {SUPPLY_ORDER_MESSAGES.waitingForUpdate}
      </Text>
    );
  }
  return (
    <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(order.expected_delivery_time)}
    </Text>
  );
}
