import { ORDER_STATUSES, type Order, type OrderStatus } from '@depot/contract';
import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { EmptyState, LoadingSpinner, QueryError } from '@/components/query-states';
import { SearchInput } from '@/components/search-input';
import { useIsPhone } from '@/hooks/use-is-phone';
import { useSessionUser } from '@/lib/session-user';
import { matchesSearch } from '@/lib/sort-rows';
import { useCourierOrders } from '../api/list-courier-orders';
import { CourierOrderCards } from '../components/courier-order-cards';
import { CourierOrderTable } from '../components/courier-order-table';
import { UpdateStatusDialog } from '../components/update-status-dialog';
import { useLiveCourierOrders } from '../components/use-live-courier-orders';

export const NO_COURIER_ORDERS_TEXT = 'No orders assigned to you yet.';

type StatusFilter = OrderStatus | 'All';
const STATUS_FILTERS: StatusFilter[] = ['All', ...ORDER_STATUSES];

/** The courier's board (SPEC §2): the orders assigned to them, updated live. */
export default function CourierOrdersPage() {
  const courierId = useSessionUser().id;
  const orders = useCourierOrders(courierId);
  useLiveCourierOrders(courierId);
  const isPhone = useIsPhone();
  const [search, setSearch] = useState('');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('All');
  const [updating, setUpdating] = useState<Order | null>(null);

  const rows = useMemo(
    () =>
      (orders.data ?? []).filter(
        (order) =>
          (statusFilter === 'All' || order.status === statusFilter) &&
          matchesSearch(search, String(order.id), order.shipping_address, order.pin_code),
      ),
    [orders.data, search, statusFilter],
  );

  return (
    <Stack gap="md">
      <PageTitle>Courier Service</PageTitle>
      {orders.isPending ? (
        <LoadingSpinner label="Loading orders" />
      ) : orders.isError ? (
        <QueryError
          title="Could not load orders"
          error={orders.error}
          onRetry={() => void orders.refetch()}
        />
      ) : orders.data.length === 0 ? (
        <EmptyState title={NO_COURIER_ORDERS_TEXT}>
          New orders appear here as customers place them.
        </EmptyState>
      ) : (
        <>
          <Group gap="sm" align="flex-end">
            <SearchInput
              label="Search orders"
              placeholder="Search by order ID, address or PIN"
              value={search}
              onChange={setSearch}
            />
            <SegmentedControl
              aria-label="Show orders by status"
              data={STATUS_FILTERS}
              value={statusFilter}
              onChange={(value) => setStatusFilter(value as StatusFilter)}
              fullWidth={isPhone}
              w={isPhone ? '100%' : undefined}
            />
          </Group>
          {rows.length === 0 ? (
            <Text c="dimmed" py="md">
              No orders match these filters.
            </Text>
          ) : isPhone ? (
            <CourierOrderCards orders={rows} onUpdate={setUpdating} />
          ) : (
            <CourierOrderTable orders={rows} onUpdate={setUpdating} />
          )}
        </>
      )}
      <UpdateStatusDialog order={updating} onClose={() => setUpdating(null)} />
    </Stack>
  );
}
