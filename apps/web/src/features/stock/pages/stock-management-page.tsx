import { PATHS, type StockItem } from '@depot/contract';
import { Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { AlertStack } from '@/components/alert-stack';
import { ConfirmDeleteModal } from '@/components/confirm-delete-modal';
import { DataList } from '@/components/data-list/data-list';
import { PlusIcon } from '@/components/icons';
import { ImportDialog } from '@/components/import-dialog/import-dialog';
import { PageTitle } from '@/components/page-title';
import { useTimedAlert } from '@/hooks/use-timed-alert';
import { errorMessageOf } from '@/lib/api-client';
import { useDeleteStock } from '../api/delete-stock';
import { useStockCount, useStockList } from '../api/list-stocks';
import { stockKeys } from '../api/stock-keys';
import { ReorderRuleDialog } from '../components/reorder-rule-dialog';
import { stockColumns } from '../components/stock-columns';
import { useLowStockWarning } from '../components/use-low-stock-warning';

/** docs/product/screens.md#toasts-and-alerts: alerts on this page vanish after 3 seconds. */
export const STOCK_ALERT_MS = 3000;
export const NO_STOCK_TEXT = 'No stock items yet.';

export default function StockManagementPage() {
  const stocks = useStockList();
  const stockCount = useStockCount(stocks);
  const deleteStock = useDeleteStock();
  const actionAlert = useTimedAlert(STOCK_ALERT_MS);
  const lowStockAlert = useTimedAlert(STOCK_ALERT_MS);
  useLowStockWarning(stockCount, lowStockAlert.show);

  const [toDelete, setToDelete] = useState<StockItem | null>(null);
  const [confirmOpened, confirm] = useDisclosure(false);
  const [importOpened, importDialog] = useDisclosure(false);
  const [ruleOf, setRuleOf] = useState<number | null>(null);

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
        <Group gap="sm">
          <Button component={Link} to={PATHS.reorderSuggestions} variant="default">
            Reorder Suggestions
          </Button>
          <Button component={Link} to={PATHS.stockCount} variant="default">
            Count Stock
          </Button>
          <Button variant="default" onClick={importDialog.open}>
            Import CSV
          </Button>
          <Button component={Link} to={PATHS.addStock} leftSection={<PlusIcon />}>
            Add Stock
          </Button>
        </Group>
      </Group>

      <DataList
        list={stocks}
        columns={stockColumns(askToDelete, (item) => setRuleOf(item.stock_id))}
        rowKey={(item) => item.stock_id}
        label="Stock items"
        noun={{ one: 'stock item', other: 'stock items' }}
        loadingLabel="Loading stocks"
        errorTitle="Could not load stock items"
        empty={{ title: NO_STOCK_TEXT, hint: 'Use Add Stock to record your first item.' }}
        noMatch={(search) => `No stock items match “${search}”.`}
        search={{ label: 'Search stock', placeholder: 'Search stock by name' }}
        cardColumns={3}
      />

      <AlertStack alerts={[actionAlert.alert, lowStockAlert.alert]} />

      <ImportDialog
        opened={importOpened}
        onClose={importDialog.close}
        title="Import stock items"
        path="/api/stocks/import"
        columns="stock_name, price, quantity and weight, and optionally sku (the Export CSV file has them all)"
        invalidates={stockKeys.all}
      />

      <ReorderRuleDialog
        stockId={ruleOf}
        onClose={() => setRuleOf(null)}
        onSaved={(message) => actionAlert.show({ tone: 'success', message })}
      />

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
