import type { Order } from '@depot/contract';
import { Text } from '@mantine/core';
import { formatQuantity } from '@/lib/format';

export { OrderStatusBadge } from '@/components/order-status-badge';

/** The order's lines, one per row: "Hex Bolts × 3". */
export function OrderItemsList({ order }: { order: Order }) {
  return (
    <ul style={{ margin: 0, paddingLeft: '1.1em' }}>
      {order.order_items.map((item) => (
        <Text component="li" size="sm" key={item.stock_id} style={{ overflowWrap: 'anywhere' }}>
          {item.product_name} × {formatQuantity(item.quantity)}
        </Text>
      ))}
    </ul>
  );
}
