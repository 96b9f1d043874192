import { type ConfirmStockCountBody, STOCK_LIST, type StockItem, type StockSortField } from '@depot/contract';
import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { AlertStack } from '@/components/alert-stack';
import { DataList } from '@/components/data-list/data-list';
import { PageTitle } from '@/components/page-title';
import { useList } from '@/hooks/use-list';
import { useTimedAlert } from '@/hooks/use-timed-alert';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { formatQuantity } from '@/lib/format';
import { useConfirmStockCount } from '../api/confirm-stock-count';
import { stockQueryOptions } from '../api/get-stock';
import { STOCKS_PATH } from '../api/list-stocks';
import { stockKeys } from '../api/stock-keys';
import { BackToStockLink } from '../components/back-to-stock-link';
import {
  type CountedItems,
  isWholeCount,
  stockCountColumns,
  useCountedItems,
  VarianceText,
  varianceOf,
} from '../components/stock-count-columns';

/** docs/product/screens.md#stock-count: the outcome's alert vanishes after 8 seconds, long enough to read a refusal. */
export const STOCK_COUNT_ALERT_MS = 8000;

/** Count some of the manager's items, see each variance, confirm (docs/product/screens.md#stock-count). */
export default function StockCountPage() {
  const stocks = useList<StockItem, StockSortField>({
    path: STOCKS_PATH,
    queryKey: stockKeys.lists(),
    spec: STOCK_LIST,
    defaultSort: { field: 'stock_name', order: 'asc' },
  });
  const counted = useCountedItems();
  const confirm = useConfirmStockCount();
  const queryClient = useQueryClient();
  const outcome = useTimedAlert(STOCK_COUNT_ALERT_MS);

  const ready = counted.list.length > 0 && counted.list.every((item) => isWholeCount(item.counted));

  const confirmCount = () => {
    const body: ConfirmStockCountBody = {
      lines: counted.list.map((item) => ({
        stock_id: item.stock_id,
        expected_quantity: item.expected,
        counted_quantity: Number(item.counted),
      })),
    };
    confirm.mutate(body, {
      onSuccess: ({ message }) => {
        counted.clear();
        outcome.show({ tone: 'success', message });
      },
      onError: async (error) => {
        outcome.show({ tone: 'error', message: errorMessageOf(error) });
        if (!isApiError(error, 409)) return;
        // Show what the items hold now; the counts typed stay for the manager to check.
        const now = await Promise.all(
          body.lines.map((line) =>
            queryClient.fetchQuery({ ...stockQueryOptions(line.stock_id), staleTime: 0 }).then(
              (item) => [item.stock_id, item.quantity] as const,
              () => null,
            ),
          ),
        );
        counted.reshow(new Map(now.filter((entry) => entry !== null)));
      },
    });
  };

  return (
    <Stack gap="md">
      <BackToStockLink />
      <PageTitle>Stock Count</PageTitle>
      <Text size="sm" c="dimmed">
        Type the units you count on the shelf for any items; each variance shows beside it. Confirm sets every
        counted item to its count.
      </Text>

      <DataList
        list={stocks}
        columns={stockCountColumns(counted)}
        rowKey={(item) => item.stock_id}
        label="Stock items to count"
        noun={{ one: 'stock item', other: 'stock items' }}
        loadingLabel="Loading stocks"
        errorTitle="Could not load stock items"
        empty={{ title: 'No stock items yet.', hint: 'Use Add Stock to record your first item.' }}
        noMatch={(search) => `No stock items match “${search}”.`}
        search={{ label: 'Search stock', placeholder: 'Search stock by name' }}
        cardColumns={2}
      />

      <CountSummary counted={counted} />
      <AlertStack alerts={[outcome.alert]} />
      <Group justify="flex-end">
        <Button variant="default" disabled={counted.list.length === 0} onClick={counted.clear}>
          Clear Counts
        </Button>
        <Button onClick={confirmCount} disabled={!ready} loading={confirm.isPending}>
          Confirm Count
        </Button>
      </Group>
    </Stack>
  );
}

/** What the count will change, item by item, before it is confirmed. */
function CountSummary({ counted }: { counted: CountedItems }) {
  if (counted.list.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No items counted yet.
      </Text>
    );
  }
  return (
    <Paper withBorder p="md">
      <Text fw={600} mb="xs">
        {counted.list.length === 1 ? '1 item counted' : `${counted.list.length} items counted`}
      </Text>
      <Table aria-label="Counted items" verticalSpacing={4} horizontalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Stock Name</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Counted</Table.Th>
            <Table.Th ta="right">Variance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {counted.list.map((item) => (
            <Table.Tr key={item.stock_id}>
              <Table.Td>{item.stock_name}</Table.Td>
              <Table.Td ta="right">{formatQuantity(item.expected)}</Table.Td>
              <Table.Td ta="right">
                {isWholeCount(item.counted) ? formatQuantity(Number(item.counted)) : '—'}
              </Table.Td>
              <Table.Td ta="right">
                <VarianceText variance={varianceOf(item)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
