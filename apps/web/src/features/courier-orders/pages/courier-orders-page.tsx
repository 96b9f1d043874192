import { ORDER_STATUSES, type Order } from '@depot/contract';
import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { DataList } from '@/components/data-list/data-list';
import { PageTitle } from '@/components/page-title';
import { useIsPhone } from '@/hooks/use-is-phone';
import { useSessionUser } from '@/lib/session-user';
import { useCourierOrderList } from '../api/list-courier-orders';
import { courierOrderColumns } from '../components/courier-order-columns';
import { UpdateStatusDialog } from '../components/update-status-dialog';
import { useLiveCourierOrders } from '../components/use-live-courier-orders';
import { OfflineSyncPanel } from '../offline/offline-sync-panel';

export const NO_COURIER_ORDERS_TEXT = 'No orders assigned to you yet.';

const ALL = 'All';
const STATUS_FILTERS = [ALL, ...ORDER_STATUSES];

/**
 * The courier's board (docs/product/screens.md#courier-service): the orders assigned to them, a
 * page at a time, updated live.
 */
export default function CourierOrdersPage() {
  const courierId = useSessionUser().id;
  const orders = useCourierOrderList();
  useLiveCourierOrders(courierId);
  const isPhone = useIsPhone();
  const [updating, setUpdating] = useState<Order | null>(null);

  return (
    <Stack gap="md">
      <PageTitle>Courier Service</PageTitle>
      <OfflineSyncPanel userId={courierId} />
      <DataList
        list={orders}
        columns={courierOrderColumns(setUpdating)}
        rowKey={(order) => order.id}
        label="Orders"
        noun={{ one: 'order', other: 'orders' }}
        loadingLabel="Loading orders"
        errorTitle="Could not load orders"
        empty={{ title: NO_COURIER_ORDERS_TEXT, hint: 'New orders appear here as customers place them.' }}
        noMatch={() => 'No orders match these filters.'}
        search={{ label: 'Search orders', placeholder: 'Search by order ID, address or PIN' }}
        filters={
          <SegmentedControl
            aria-label="Show orders by status"
            data={STATUS_FILTERS}
            value={orders.filters.status?.[0] ?? ALL}
            onChange={(value) => orders.setFilter('status', value === ALL ? undefined : value)}
            fullWidth={isPhone}
            w={isPhone ? '100%' : undefined}
          />
        }
        cardsBelowEm={75}
        minTableWidth={900}
      />
      <UpdateStatusDialog order={updating} onClose={() => setUpdating(null)} />
    </Stack>
  );
}
