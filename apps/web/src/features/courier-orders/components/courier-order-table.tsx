import type { Order } from '@depot/contract';
import { Button, Table } from '@mantine/core';
import { formatDate, formatDateTime, formatMoney, formatWeight } from '@/lib/format';
import { OrderItemsList, OrderStatusBadge } from './order-cells';

interface CourierOrderTableProps {
  orders: readonly Order[];
  onUpdate: (order: Order) => void;
}

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The courier's orders (SPEC §2); in a narrow window the table scrolls inside its box. */
export function CourierOrderTable({ orders, onUpdate }: CourierOrderTableProps) {
  return (
    <Table.ScrollContainer minWidth={960} type="native">
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order ID</Table.Th>
            <Table.Th>Order Date</Table.Th>
            <Table.Th>Delivery Address</Table.Th>
            <Table.Th ta="right">Weight</Table.Th>
            <Table.Th>Items</Table.Th>
            <Table.Th ta="right">Shipping Cost</Table.Th>
            <Table.Th>Delivery Date</Table.Th>
            <Table.Th>Order status</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td>{order.id}</Table.Td>
              <Table.Td style={numeric}>{formatDateTime(order.created_at)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                {order.shipping_address} ({order.pin_code})
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatWeight(order.consignment_weight)}
              </Table.Td>
              <Table.Td>
                <OrderItemsList order={order} />
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatMoney(order.shipping_cost)}
              </Table.Td>
              <Table.Td style={numeric}>{formatDate(order.delivery_date)}</Table.Td>
              <Table.Td>
                <OrderStatusBadge status={order.status} />
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => onUpdate(order)}
                  aria-label={`Update status of order ${order.id}`}
                >
                  Update
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
