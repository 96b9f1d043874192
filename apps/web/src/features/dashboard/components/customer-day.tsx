import { customerOrderPath, OPEN_ORDER_STATUSES, PATHS } from '@depot/contract';
import { Anchor, Group, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LoadingSpinner, QueryError } from '@/components/query-states';
import { formatDate, formatMoney, formatQuantity } from '@/lib/format';
import { useCustomerDay } from '../api/overview-day';
import { DayCard, DayCount, listLink } from './day-card';

export const NO_OPEN_ORDERS_TEXT = 'No open orders.';
export const NO_DELIVERIES_TEXT = 'No deliveries yet.';

/** A customer's day (docs/product/screens.md#overview): open orders by status, the last deliveries. */
export function CustomerDay() {
  const day = useCustomerDay();
  if (day.isPending) return <LoadingSpinner label="Loading your orders" />;
  if (day.isError) {
    return (
      <QueryError title="Could not load your orders" error={day.error} onRetry={() => void day.refetch()} />
    );
  }
  const { open, delivered, last_deliveries: last } = day.data;
  const openCount = OPEN_ORDER_STATUSES.reduce((sum, status) => sum + open[status], 0);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <DayCard
        title="Open orders"
        isEmpty={openCount === 0}
        empty={
          <>
            {NO_OPEN_ORDERS_TEXT}{' '}
            <Anchor component={Link} to={PATHS.products} size="sm">
              Go to Products to place one.
            </Anchor>
          </>
        }
      >
        {OPEN_ORDER_STATUSES.map((status) => (
          <DayCount
            key={status}
            label={status}
            count={open[status]}
            noun="orders"
            to={listLink(PATHS.customerOrders, { status })}
          />
        ))}
      </DayCard>
      <DayCard title="Last deliveries" isEmpty={delivered === 0} empty={NO_DELIVERIES_TEXT}>
        <DayCount
          label="Delivered"
          count={delivered}
          noun="orders"
          to={listLink(PATHS.customerOrders, { status: 'Delivered', sort: 'delivery_date', order: 'desc' })}
        />
        {last.map((order) => (
          <Group key={order.id} justify="space-between" wrap="nowrap" gap="sm">
            <Anchor component={Link} to={customerOrderPath(order.id)} size="sm">
              Order #{order.id}
            </Anchor>
            <Text size="sm" c="dimmed" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatDate(order.delivered_at)} · {formatQuantity(order.item_count)}{' '}
              {order.item_count === 1 ? 'item' : 'items'} ·{' '}
              {formatMoney(order.items_total + order.shipping_cost)}
            </Text>
          </Group>
        ))}
      </DayCard>
    </SimpleGrid>
  );
}
