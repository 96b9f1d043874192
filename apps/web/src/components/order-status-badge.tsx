import type { OrderStatus } from '@depot/contract';
import { Badge } from '@mantine/core';

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
