import type { SupplyOrderStatus } from '@depot/contract';
import { Badge } from '@mantine/core';
import { STATUS_COLORS } from './supply-order-format';

export function SupplyOrderStatusBadge({ status }: { status: SupplyOrderStatus }) {
  return (
    // max-content: a squeezed table column must not cut the status short.
    <Badge color={STATUS_COLORS[status]} variant="light" miw="max-content">
      {status}
    </Badge>
  );
}
