import { ATTEMPT_REASON_LABELS, type Order, type OrderStatus } from '@depot/contract';
import { Badge, Text } from '@mantine/core';
import { formatDay } from '@/lib/format';

const STATUS_COLORS: Record<OrderStatus, string> = {
  Processing: 'blue',
  'In Transit': 'orange',
  Delivered: 'green',
  Returned: 'red',
  Cancelled: 'gray',
};

/** A customer order's status, coloured by how far it got (the courier's board, the customer's and the manager's lists). */
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

/**
 * Under an order's status on the courier's board and the manager's order desk: the last failed
 * attempt's reason and the next attempt's day, once there is one. It may wrap after the dot, never
 * inside "next 28/11/2026" (a no-break space), which keeps the status column narrow enough for the
 * board's table to show its Action column at 1280 px.
 */
export function OrderLastAttempt({ order }: { order: Order }) {
  if (!order.last_attempt_reason || !order.next_attempt_date) return null;
  return (
    <Text size="xs" c="var(--depot-color-warning-text)">
      {`${ATTEMPT_REASON_LABELS[order.last_attempt_reason]} · next\u00a0${formatDay(order.next_attempt_date)}`}
    </Text>
  );
}
