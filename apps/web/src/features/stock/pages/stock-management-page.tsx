import { PATHS, type StockItem } from '@depot/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AlertStack } from '@/components/alert-stack';
import { ConfirmDeleteModal } from '@/components/confirm-delete-modal';
import { PlusIcon } from '@/components/icons';
import { PageTitle } from '@/components/page-title';
import { EmptyState, LoadingSpinner, QueryError } from '@/components/query-states';
import { SearchInput } from '@/components/search-input';
import { SortSelect } from '@/components/sort-select';
import { useIsPhone } from '@/hooks/use-is-phone';
import { useTimedAlert } from '@/hooks/use-timed-alert';
import { errorMessageOf } from '@/lib/api-client';
import { matchesSearch, type SortState, sortRows, toggleSort } from '@/lib/sort-rows';
import { useDeleteStock } from '../api/delete-stock';
import { useStocks } from '../api/list-stocks';
import { StockCards } from '../components/stock-cards';
import { STOCK_SORT_COLUMNS, type StockSortKey, StockTable } from '../components/stock-table';
import { useLowStockWarning } from '../components/use-low-stock-warning';

/** SPEC §9: alerts on this page vanish after 3 seconds. */
export const STOCK_ALERT_MS = 3000;
export const NO_STOCK_TEXT = 'No stock items yet.';

export default function StockManagementPage() {
  const isPhone = useIsPhone();
  const stocks = useStocks();
  const deleteStock = useDeleteStock();
  const actionAlert = useTimedAlert(STOCK_ALERT_MS);
  const lowStockAlert = useTimedAlert(STOCK_ALERT_MS);
  useLowStockWarning(stocks.data?.length, lowStockAlert.show);

  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<StockSortKey>>({ key: 'stock_id', direction: 'asc' });
  const [toDelete, setToDelete] = useState<StockItem | null>(null);
  const [confirmOpened, confirm] = useDisclosure(false);

  const rows = useMemo(() => {
    const matching = (stocks.data ?? []).filter((item) => matchesSearch(search, item.stock_name));
    return sortRows(matching, sort, (item, key) => item[key]);
  }, [stocks.data, search, sort]);

  const askToDelete = (item: StockItem) => {
    setToDelete(item);
    confirm.open();
  };

  const deleteConfirmed = () => {
    if (!toDelete) return;
    deleteStock.mutate(toDelete.stock_id, {
      onSuccess: ({ message }) => actionAlert.show({ tone: 'success', message }),
      onError: (error) => actionAlert.show({ tone: 'error', message: errorMessageOf(error) }),
      onSettled: confirm.close,
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <PageTitle>Stock Management</PageTitle>
        <Button component={Link} to={PATHS.addStock} leftSection={<PlusIcon />}>
          Add Stock
        </Button>
      </Group>

      {stocks.isPending ? (
        <LoadingSpinner label="Loading stocks" />
      ) : stocks.isError ? (
        <QueryError
          title="Could not load stock items"
          error={stocks.error}
          onRetry={() => void stocks.refetch()}
        />
      ) : stocks.data.length === 0 ? (
        <EmptyState title={NO_STOCK_TEXT}>Use Add Stock to record your first item.</EmptyState>
      ) : (
        <>
          <Group gap="sm" align="flex-end">
            <SearchInput
              label="Search stock"
              placeholder="Search stock by name"
              value={search}
              onChange={setSearch}
            />
            {isPhone && <SortSelect columns={STOCK_SORT_COLUMNS} sort={sort} onChange={setSort} />}
          </Group>
          {rows.length === 0 ? (
            <Text c="dimmed" py="md">
              No stock items match “{search.trim()}”.
            </Text>
          ) : isPhone ? (
            <StockCards items={rows} onDelete={askToDelete} />
          ) : (
            <StockTable
              items={rows}
              sort={sort}
              onSort={(key) => setSort(toggleSort(sort, key))}
              onDelete={askToDelete}
            />
          )}
        </>
      )}

      <AlertStack alerts={[actionAlert.alert, lowStockAlert.alert]} />

      <ConfirmDeleteModal
        opened={confirmOpened}
        title="Delete Stock"
        name={toDelete?.stock_name ?? ''}
        pending={deleteStock.isPending}
        onCancel={confirm.close}
        onConfirm={deleteConfirmed}
      />
    </Stack>
  );
}
