import type { Order, OrderStatus } from '@depot/contract';
import { Badge, Text } from '@mantine/core';
import { formatQuantity } from '@/lib/format';

const STATUS_COLORS: Record<OrderStatus, string> = {
  Processing: 'blue',
  'In Transit': 'orange',
  Delivered: 'green',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      // A narrow table column would otherwise cut the status to "Proce…".
      styles={{ root: { minWidth: 'max-content' }, label: { overflow: 'visible' } }}
    >
      {status}
    </Badge>
  );
}

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
