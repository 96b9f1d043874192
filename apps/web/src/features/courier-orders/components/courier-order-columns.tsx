import { isFinalOrderStatus, type Order, type OrderSortField } from '@depot/contract';
import { Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { ListColumn } from '@/components/data-list/data-list';
import { OrderLastAttempt } from '@/components/order-status-badge';
import { formatDate, formatDateTime, formatMoney, formatWeight } from '@/lib/format';
import { FAILED_ATTEMPT_LABEL } from '../offline/queue';
import { OrderItemsList, OrderStatusBadge } from './order-cells';

const PhoneLink = ({ order }: { order: Order }) => (
  <Anchor href={`tel:${order.phone_number}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
    {order.phone_number}
  </Anchor>
);

/** An order's tick for a bulk status change; a final order takes no status (docs/product/statuses.md#customer-orders). */
function SelectBox({ order, selection }: { order: Order; selection: OrderSelection }) {
  return (
    <Checkbox
      aria-label={`Select order ${order.id}`}
      checked={selection.selected.has(order.id)}
      disabled={isFinalOrderStatus(order.status)}
      onChange={(event) => selection.toggle(order.id, event.currentTarget.checked)}
    />
  );
}

/** The orders ticked for a bulk status change. */
export interface OrderSelection {
  selected: ReadonlySet<number>;
  toggle: (id: number, checked: boolean) => void;
}

/**
 * The courier's board (docs/product/screens.md#courier-service). The table pairs the order with its
 * date, the customer with their phone and the status with the delivery date, so its headers stay
 * on one line beside the sidebar at 1280 px; below that the board shows as cards.
 */
export function courierOrderColumns(
  onUpdate: (order: Order) => void,
  selection: OrderSelection,
  onAttempt: (order: Order) => void,
): ListColumn<Order, OrderSortField>[] {
  return [
    {
      header: 'Order ID',
      sort: 'id',
      cell: (order) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <SelectBox order={order} selection={selection} />
          <div>
            <Text size="sm">{order.id}</Text>
            <Text size="xs" c="dimmed" title={formatDateTime(order.created_at)}>
              {formatDate(order.created_at)}
            </Text>
          </div>
        </Group>
      ),
      card: 'title',
      cardCell: (order) => (
        <Group gap="xs" wrap="nowrap">
          <SelectBox order={order} selection={selection} />
          <span>Order ID {order.id}</span>
        </Group>
      ),
      style: { whiteSpace: 'nowrap' },
    },
    {
      header: 'Order Date',
      sort: 'created_at',
      cell: (order) => formatDateTime(order.created_at),
      table: false,
    },
    {
      header: 'Customer',
      sort: 'customer_name',
      cell: (order) => (
        <>
          <Text size="sm" lineClamp={2} title={order.customer_name}>
            {order.customer_name}
          </Text>
          <PhoneLink order={order} />
        </>
      ),
      card: 'wide',
      cardCell: (order) => (
        <>
          {order.customer_name} · <PhoneLink order={order} />
        </>
      ),
      style: { minWidth: 120, maxWidth: 180 },
    },
    {
      header: 'Delivery Address',
      // By PIN code: the area, which is how a courier plans a round.
      sort: 'pin_code',
      cell: (order) => {
        const address = `${order.shipping_address} (${order.pin_code})`;
        return (
          <Text size="sm" lineClamp={2} title={address} style={{ overflowWrap: 'anywhere' }}>
            {address}
          </Text>
        );
      },
      cardCell: (order) => `${order.shipping_address} (${order.pin_code})`,
      card: 'wide',
      style: { minWidth: 150, maxWidth: 240 },
    },
    {
      header: 'Weight',
      align: 'right',
      numeric: true,
      cell: (order) => formatWeight(order.consignment_weight),
    },
    {
      header: 'Items',
      cell: (order) => <OrderItemsList order={order} />,
      card: 'wide',
      style: { minWidth: 130 },
    },
    {
      header: 'Shipping Cost',
      align: 'right',
      numeric: true,
      cell: (order) => formatMoney(order.shipping_cost),
    },
    {
      header: 'Delivery Date',
      sort: 'delivery_date',
      cell: (order) => formatDate(order.delivery_date),
      table: false,
    },
    {
      header: 'Order status',
      sort: 'status',
      cell: (order) => (
        <Stack gap={4} align="flex-start">
          <OrderStatusBadge status={order.status} />
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            Delivery {formatDate(order.delivery_date)}
          </Text>
          <OrderLastAttempt order={order} />
        </Stack>
      ),
      card: 'aside',
      cardCell: (order) => (
        <Stack gap={2} align="flex-end">
          <OrderStatusBadge status={order.status} />
          <OrderLastAttempt order={order} />
        </Stack>
      ),
    },
    {
      header: 'Action',
      card: 'actions',
      cell: (order) => (
        <Stack gap={6} align="stretch">
          <Button
            size="xs"
            variant="light"
            onClick={() => onUpdate(order)}
            aria-label={`Update status of order ${order.id}`}
            // Delivered, Returned and Cancelled are final (docs/product/statuses.md#customer-orders).
            disabled={isFinalOrderStatus(order.status)}
          >
            Update
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="orange"
            onClick={() => onAttempt(order)}
            aria-label={`Failed attempt for order ${order.id}`}
            disabled={isFinalOrderStatus(order.status)}
          >
            {FAILED_ATTEMPT_LABEL}
          </Button>
        </Stack>
      ),
      cardCell: (order) => (
        <Stack gap="xs" w="100%">
          <Button
            variant="light"
            fullWidth
            onClick={() => onUpdate(order)}
            aria-label={`Update status of order ${order.id}`}
            disabled={isFinalOrderStatus(order.status)}
          >
            Update status
          </Button>
          <Button
            variant="light"
            color="orange"
            fullWidth
            onClick={() => onAttempt(order)}
            aria-label={`Failed attempt for order ${order.id}`}
            disabled={isFinalOrderStatus(order.status)}
          >
            {FAILED_ATTEMPT_LABEL}
          </Button>
        </Stack>
      ),
    },
  ];
}
