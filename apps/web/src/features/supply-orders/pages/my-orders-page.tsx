import { Stack } from '@mantine/core';
import { PageTitle } from '@/components/page-title';
import { useSupplyOrders } from '../api/list-supply-orders';
import { SupplyOrdersView } from '../components/supply-orders-view';

/** My Orders (SPEC §2): the manager's replenishment orders, kept fresh as suppliers change them. */
export default function MyOrdersPage() {
  const orders = useSupplyOrders();
  return (
    <Stack gap="md">
      <PageTitle>My Orders</PageTitle>
      <SupplyOrdersView orders={orders} />
    </Stack>
  );
}
