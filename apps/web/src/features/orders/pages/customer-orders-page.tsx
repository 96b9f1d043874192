import { ORDER_STATUSES, PATHS } from '@depot/contract';
import { Anchor, SegmentedControl, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { DataList } from '@/components/data-list/data-list';
import { PageTitle } from '@/components/page-title';
import { useIsPhone } from '@/hooks/use-is-phone';
import { useCustomerOrderList, useLiveCustomerOrders } from '../api/customer-orders';
import { CUSTOMER_ORDER_COLUMNS } from '../components/customer-order-columns';

export { default as OrderPage } from './order-page';

const ALL = 'All';
const STATUS_FILTERS = [ALL, ...ORDER_STATUSES];

export const NO_CUSTOMER_ORDERS_TEXT = 'You have not placed an order yet.';

/**
 * My Orders, the customer's (docs/product/screens.md#my-orders-customer): their orders, a page at
 * a time, searched and filtered by status on the server, kept fresh as couriers move them.
 */
export default function CustomerOrdersPage() {
  const orders = useCustomerOrderList();
  const isPhone = useIsPhone();
  useLiveCustomerOrders();
  return (
    <Stack gap="md">
      <PageTitle>My Orders</PageTitle>
      <DataList
        list={orders}
        columns={CUSTOMER_ORDER_COLUMNS}
        rowKey={(order) => order.id}
        label="My orders"
        noun={{ one: 'order', other: 'orders' }}
        loadingLabel="Loading orders"
        errorTitle="Could not load orders"
        empty={{
          title: NO_CUSTOMER_ORDERS_TEXT,
          hint: (
            <Anchor component={Link} to={PATHS.products}>
              Go to Products to place one.
            </Anchor>
          ),
        }}
        noMatch={(search) => (search ? `No orders match “${search}”.` : 'No orders match these filters.')}
        search={{ label: 'Search orders', placeholder: 'Search by order number, address or PIN' }}
        filters={
          <SegmentedControl
            aria-label="Show orders by status"
            data={STATUS_FILTERS}
            value={orders.filters.status?.[0] ?? ALL}
            onChange={(value) => orders.setFilter('status', value === ALL ? undefined : value)}
            fullWidth={isPhone}
            w={isPhone ? '100%' : undefined}
            orientation={isPhone ? 'vertical' : 'horizontal'}
          />
        }
        cardsBelowEm={62}
        minTableWidth={760}
      />
    </Stack>
  );
}
