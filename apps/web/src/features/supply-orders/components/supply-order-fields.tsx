import { isFinalSupplyOrderStatus, SUPPLY_ORDER_MESSAGES, type SupplyOrder } from '@depot/contract';
import { Stack, Text } from '@mantine/core';
import { formatDateTime, formatQuantity } from '@/lib/format';

/** Whether some units arrived and some are still to come (the status stays what it was). */
export const isPartlyDelivered = (order: SupplyOrder) =>
  order.delivered_quantity > 0 && order.delivered_quantity < order.total_quantity;

/** Each product of the order on its own line, with its quantity and, once some arrived, how many. */
export function OrderProducts({ order }: { order: SupplyOrder }) {
  const partly = isPartlyDelivered(order);
  return (
    <Stack gap={2}>
      {order.order_items.map((item) => (
        <Text key={item.product_id} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {item.product_name} × {formatQuantity(item.quantity)}
          {partly && (
            <Text span size="xs" c="dimmed">
              {` (${formatQuantity(item.delivered_quantity)} delivered)`}
            </Text>
          )}
        </Text>
      ))}
    </Stack>
  );
}

/** "Partly delivered: 4 of 15" under the status while units are still to come. */
export function DeliveryProgress({ order }: { order: SupplyOrder }) {
  if (!isPartlyDelivered(order)) return null;
  return (
    <Text span size="xs" c="orange.9" fw={500} style={{ whiteSpace: 'nowrap' }}>
      Partly delivered: {formatQuantity(order.delivered_quantity)} of {formatQuantity(order.total_quantity)}
    </Text>
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
