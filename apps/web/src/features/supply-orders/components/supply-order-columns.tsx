import { isFinalSupplyOrderStatus, type SupplyOrder, type SupplyOrderSortField } from '@depot/contract';
import { Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ListColumn } from '@/components/data-list/data-list';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '@/lib/format';
import { DeliveryProgress, ExpectedDelivery, OrderProducts } from './supply-order-fields';
import { SupplyOrderStatusBadge } from './supply-order-status-badge';

/** A second, quieter line under a cell's value. */
function Detail({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <Text size="xs" c="dimmed" title={title} style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Text>
  );
}

/** Long text cut to two lines; the whole of it shows on hover and is read by screen readers. */
function TwoLines({ text }: { text: string }) {
  return (
    <Text size="sm" lineClamp={2} title={text} style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}

/**
 * Supply orders (docs/product/screens.md#my-orders-and-supply-orders). The table pairs what belongs
 * together in one cell (the order and its date, the cost and the units, the address and the mobile
 * number, the status and the expected delivery) so that it fits beside the sidebar at 1280 px
 * without cutting the Update button off; below that the list shows as cards, each field labelled.
 */
export function supplyOrderColumns(
  onUpdate?: (order: SupplyOrder) => void,
  onDeliver?: (order: SupplyOrder) => void,
): ListColumn<SupplyOrder, SupplyOrderSortField>[] {
  const columns: ListColumn<SupplyOrder, SupplyOrderSortField>[] = [
    {
      header: 'Order ID',
      sort: 'id',
      cell: (order) => (
        <>
          <Text size="sm">{order.id}</Text>
          <Detail title={formatDateTime(order.created_at)}>{formatDate(order.created_at)}</Detail>
        </>
      ),
      card: 'title',
      cardCell: (order) => `Order ID ${order.id}`,
      style: { whiteSpace: 'nowrap' },
    },
    {
      header: 'Order Date',
      sort: 'created_at',
      cell: (order) => formatDateTime(order.created_at),
      card: 'field',
      table: false,
    },
    {
      header: 'Supplier',
      sort: 'supplier_name',
      cell: (order) => <TwoLines text={order.supplier_name} />,
      style: { minWidth: 100, maxWidth: 150 },
    },
    {
      header: 'Ordered By',
      sort: 'inventory_manager_name',
      cell: (order) => <TwoLines text={order.inventory_manager_name} />,
      style: { minWidth: 100, maxWidth: 150 },
    },
    {
      header: 'Products',
      cell: (order) => <OrderProducts order={order} />,
      card: 'wide',
      style: { minWidth: 130 },
    },
    {
      header: 'Total Quantity',
      sort: 'total_quantity',
      align: 'right',
      numeric: true,
      cell: (order) => formatQuantity(order.total_quantity),
      table: false,
    },
    {
      header: 'Total Cost',
      sort: 'total_cost',
      align: 'right',
      numeric: true,
      cell: (order) => (
        <>
          <Text size="sm">{formatMoney(order.total_cost)}</Text>
          <Detail>
            {formatQuantity(order.total_quantity)} {order.total_quantity === 1 ? 'unit' : 'units'}
          </Detail>
        </>
      ),
      cardCell: (order) => formatMoney(order.total_cost),
    },
    {
      header: 'Address',
      cell: (order) => (
        <>
          <TwoLines text={order.address} />
          <Detail>{order.mobile_number}</Detail>
        </>
      ),
      cardCell: (order) => order.address,
      card: 'wide',
      style: { minWidth: 140, maxWidth: 220 },
    },
    { header: 'Mobile', cell: (order) => order.mobile_number, table: false },
    {
      header: 'Status',
      sort: 'status',
      cell: (order) => (
        <Stack gap={4} align="flex-start">
          <SupplyOrderStatusBadge status={order.status} />
          <DeliveryProgress order={order} />
          <ExpectedDelivery order={order} />
        </Stack>
      ),
      card: 'aside',
      cardCell: (order) => (
        <Stack gap={2} align="flex-end">
          <SupplyOrderStatusBadge status={order.status} />
          <DeliveryProgress order={order} />
        </Stack>
      ),
    },

    {
      header: 'Expected Delivery',
      sort: 'expected_delivery_time',
      cell: (order) => <ExpectedDelivery order={order} />,
      table: false,
    },
  ];
  if (!onUpdate) return columns;
  return [
    ...columns,
    {
      header: 'Action',
      align: 'right',
      card: 'actions',
      // One above the other in the table, so the column stays as narrow as one button at 1280 px.
      cell: (order) => (
        <Stack gap={6} align="stretch">
          {onDeliver && <DeliverButton order={order} onDeliver={onDeliver} />}
          <UpdateButton order={order} onUpdate={onUpdate} />
        </Stack>
      ),
      cardCell: (order) => (
        <>
          {onDeliver && <DeliverButton order={order} onDeliver={onDeliver} />}
          <UpdateButton order={order} onUpdate={onUpdate} />
        </>
      ),
    },
  ];
}

/** Units arrive only on an order still open: Delivered and Canceled orders are final. */
function DeliverButton({
  order,
  onDeliver,
}: {
  order: SupplyOrder;
  onDeliver: (order: SupplyOrder) => void;
}) {
  const final = isFinalSupplyOrderStatus(order.status);
  return (
    <Button
      variant="default"
      size="xs"
      aria-label={`Record delivery for order ${order.id}`}
      title={final ? `${order.status} orders can no longer change` : undefined}
      disabled={final}
      onClick={() => onDeliver(order)}
    >
      Deliver
    </Button>
  );
}

/**
 * Delivered and Canceled orders can no longer change (the server answers 409), so their button is
 * off.
 */
function UpdateButton({ order, onUpdate }: { order: SupplyOrder; onUpdate: (order: SupplyOrder) => void }) {
  const final = isFinalSupplyOrderStatus(order.status);
  return (
    <Button
      variant="light"
      size="xs"
      aria-label={`Update order ${order.id}`}
      title={final ? `${order.status} orders can no longer change` : undefined}
      disabled={final}
      onClick={() => onUpdate(order)}
    >
      Update
    </Button>
  );
}
