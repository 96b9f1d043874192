import { Stack } from '@mantine/core';
import { PageTitle } from '@/components/page-title';
import { SupplyOrderList } from '../components/supply-order-list';

/**
 * My Orders (docs/product/screens.md#my-orders-and-supply-orders): the manager's replenishment
 * orders, kept fresh as suppliers change them.
 */
export default function MyOrdersPage() {
  return (
    <Stack gap="md">
      <PageTitle>My Orders</PageTitle>
      <SupplyOrderList />
    </Stack>
  );
}
