import { isReopenableOrderStatus, type Order, type OrderSortField } from '@depot/contract';
import { Button, Stack, Text } from '@mantine/core';
import type { ListColumn } from '@/components/data-list/data-list';
import { OrderLastAttempt, OrderStatusBadge } from '@/components/order-status-badge';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';

interface DeskActions {
  courierName: (id: number) => string;
  onReassign: (order: Order) => void;
  onCancel: (order: Order) => void;
  onReopen: (order: Order) => void;
  /** Opens a Delivered order's proof of delivery. */
  onShowProof: (order: Order) => void;
}

/** The order desk's columns: who ordered, where to, who brings it, where it stands, and what can be done. */
export function orderDeskColumns({
  courierName,
  onReassign,
  onCancel,
  onReopen,
  onShowProof,
}: DeskActions): ListColumn<Order, OrderSortField>[] {
  return [
    { header: 'Order', sort: 'id', card: 'title', cell: (order) => <Text fw={600}>#{order.id}</Text> },
    { header: 'Placed', sort: 'created_at', cell: (order) => formatDateTime(order.created_at) },
    {
      header: 'Customer',
      sort: 'customer_name',
      cell: (order) => (
        <Stack gap={0}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {order.customer_name}
          </Text>
          <Text size="xs" c="dimmed">
            {order.phone_number}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Deliver to',
      sort: 'pin_code',
      cell: (order) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {order.shipping_address} · PIN {order.pin_code}
        </Text>
      ),
      style: { minWidth: 160 },
    },
    { header: 'Courier', cell: (order) => courierName(order.courier_service_id) },
    {
      header: 'Total',
      sort: 'items_total',
      align: 'right',
      numeric: true,
      cell: (order) => formatMoney(order.items_total + order.shipping_cost),
    },
    { header: 'Expected', sort: 'delivery_date', cell: (order) => formatDate(order.delivery_date) },
    {
      header: 'Status',
      sort: 'status',
      card: 'aside',
      cell: (order) => (
        <Stack gap={2} align="flex-start">
          <OrderStatusBadge status={order.status} />
          <OrderLastAttempt order={order} />
        </Stack>
      ),
    },
    {
      header: 'Actions',
      headerHidden: true,
      card: 'actions',
      cell: (order) => (
        <Stack gap={6} align="stretch">
          {order.status === 'Delivered' && (
            <Button
              size="xs"
              variant="default"
              onClick={() => onShowProof(order)}
              aria-label={`Proof of delivery of order ${order.id}`}
            >
              Proof
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            disabled={order.status !== 'Processing' && order.status !== 'In Transit'}
            onClick={() => onReassign(order)}
            aria-label={`Change courier of order ${order.id}`}
          >
            Change courier
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="red"
            disabled={order.status !== 'Processing'}
            onClick={() => onCancel(order)}
            aria-label={`Cancel order ${order.id}`}
          >
            Cancel
          </Button>
          {isReopenableOrderStatus(order.status) && (
            <Button
              size="xs"
              variant="light"
              color="indigo"
              onClick={() => onReopen(order)}
              aria-label={`Reopen order ${order.id}`}
            >
              Reopen
            </Button>
          )}
        </Stack>
      ),
    },
  ];
}
