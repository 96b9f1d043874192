import { SUPPLY_ORDER_MESSAGES, type SupplyOrder } from '@depot/contract';
import { Button, Center, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ListState } from '@/components/list-state';
import { SearchInput } from '@/components/search-input';
import { SortSelect } from '@/components/sort-select';
import { useIsPhone } from '@/hooks/use-is-phone';
import { matchesSearch, type SortState, sortRows, toggleSort } from '@/lib/sort-rows';
import type { useSupplyOrders } from '../api/list-supply-orders';
import { SupplyOrderCards } from './supply-order-cards';
import { productNames } from './supply-order-format';
import {
  SUPPLY_ORDER_SORT_COLUMNS,
  type SupplyOrderSortKey,
  SupplyOrderTable,
  supplyOrderSortValue,
} from './supply-order-table';

interface SupplyOrdersViewProps {
  orders: ReturnType<typeof useSupplyOrders>;
  /** Suppliers only: the Action column's Update button. */
  onUpdate?: (order: SupplyOrder) => void;
}

/**
 * The supply orders screen shared by My Orders (manager) and Supply Orders (supplier): newest
 * first, searchable and sortable, cards on a phone, older pages on request.
 */
export function SupplyOrdersView({ orders, onUpdate }: SupplyOrdersViewProps) {
  const isPhone = useIsPhone();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<SupplyOrderSortKey>>({ key: 'id', direction: 'desc' });

  const loaded = useMemo(() => orders.data?.pages.flat() ?? [], [orders.data]);
  const rows = useMemo(() => {
    const matching = loaded.filter((order) =>
      matchesSearch(search, productNames(order), order.address, order.mobile_number, order.status),
    );
    return sortRows(matching, sort, supplyOrderSortValue);
  }, [loaded, search, sort]);

  return (
    <ListState
      query={orders}
      isEmpty={loaded.length === 0}
      noun="supply orders"
      empty={{ title: SUPPLY_ORDER_MESSAGES.noSupplyOrders }}
    >
      {() => (
        <Stack gap="md">
          <Group gap="sm" align="flex-end">
            <SearchInput
              label="Search supply orders"
              placeholder="Search by product, address, mobile or status"
              value={search}
              onChange={setSearch}
            />
            {isPhone && <SortSelect columns={SUPPLY_ORDER_SORT_COLUMNS} sort={sort} onChange={setSort} />}
          </Group>
          {rows.length === 0 ? (
            <Text c="dimmed" py="md">
              No supply orders match “{search.trim()}”.
            </Text>
          ) : isPhone ? (
            <SupplyOrderCards orders={rows} onUpdate={onUpdate} />
          ) : (
            <SupplyOrderTable
              orders={rows}
              sort={sort}
              onSort={(key) => setSort(toggleSort(sort, key))}
              onUpdate={onUpdate}
            />
          )}
          {orders.hasNextPage && (
            <Center>
              <Button
                variant="default"
                loading={orders.isFetchingNextPage}
                onClick={() => void orders.fetchNextPage()}
              >
                Show older orders
              </Button>
            </Center>
          )}
        </Stack>
      )}
    </ListState>
  );
}
