import { customerOrderPath, type Order, type OrderSortField } from '@depot/contract';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ListColumn } from '@/components/data-list/data-list';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '@/lib/format';

const unitsOf = (order: Order) => order.order_items.reduce((sum, item) => sum + item.quantity, 0);

/** My Orders (customer): each order links to its page. */
export const CUSTOMER_ORDER_COLUMNS: ListColumn<Order, OrderSortField>[] = [
  {
    header: 'Order',
    sort: 'id',
    card: 'title',
    cell: (order) => (
      <Anchor component={Link} to={customerOrderPath(order.id)} fw={600}>
        Order #{order.id}
      </Anchor>
    ),
  },
  { header: 'Placed', sort: 'created_at', cell: (order) => formatDateTime(order.created_at) },
  {
    header: 'Items',
    cell: (order) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {order.order_items.map((item) => item.product_name).join(', ')} ({formatQuantity(unitsOf(order))}{' '}
        {unitsOf(order) === 1 ? 'unit' : 'units'})
      </Text>
    ),
  },
  {
    header: 'Total',
    sort: 'items_total',
    align: 'right',
    numeric: true,
    cell: (order) => formatMoney(order.items_total + order.shipping_cost),
  },
  { header: 'Expected delivery', sort: 'delivery_date', cell: (order) => formatDate(order.delivery_date) },
  {
    header: 'Status',
    sort: 'status',
    card: 'aside',
    cell: (order) => <OrderStatusBadge status={order.status} />,
  },
];
