import { STOCK_MESSAGES } from '@depot/contract';
import { Group, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { DataList } from '@/components/data-list/data-list';
import { PageTitle } from '@/components/page-title';
import { isApiError } from '@/lib/api-client';
import { formatQuantity } from '@/lib/format';
import { useStock } from '../api/get-stock';
import { MOVEMENT_REASON_FILTER, useStockMovementList } from '../api/list-stock-movements';
import { BackToStockLink } from '../components/back-to-stock-link';
import { MovementReasonFilter } from '../components/movement-reason-filter';
import { stockMovementColumns } from '../components/stock-movement-columns';

/** An item's History (docs/product/screens.md#stock-history), opened from Stock Management. */
export default function StockHistoryPage() {
  const { id = '' } = useParams();
  const stockId = /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null;

  return (
    <Stack gap="md">
      <BackToStockLink />
      {stockId === null ? (
        <>
          <PageTitle>Stock History</PageTitle>
          <Text>{STOCK_MESSAGES.notFound}</Text>
        </>
      ) : (
        <StockHistory id={stockId} />
      )}
    </Stack>
  );
}

function StockHistory({ id }: { id: number }) {
  const stock = useStock(id);
  const movements = useStockMovementList(id);
  const notFound = isApiError(stock.error, 404) || isApiError(movements.query.error, 404);

  return (
    <>
      <Group justify="space-between" align="baseline" gap="sm">
        <PageTitle>{stock.data ? `History of ${stock.data.stock_name}` : 'Stock History'}</PageTitle>
        {stock.data && (
          <Text c="dimmed" size="sm">
            {`Stock Id ${stock.data.stock_id} · ${formatQuantity(stock.data.quantity)} in stock`}
          </Text>
        )}
      </Group>
      {notFound ? (
        <Text>{STOCK_MESSAGES.notFound}</Text>
      ) : (
        <DataList
          list={movements}
          columns={stockMovementColumns()}
          rowKey={(movement) => movement.id}
          label="Stock movements"
          noun={{ one: 'movement', other: 'movements' }}
          loadingLabel="Loading history"
          errorTitle="Could not load this item's history"
          empty={{ title: 'No movements yet.' }}
          noMatch={() => 'No movements with these reasons.'}
          filters={
            <MovementReasonFilter
              value={movements.filters[MOVEMENT_REASON_FILTER] ?? []}
              onChange={(reasons) => movements.setFilter(MOVEMENT_REASON_FILTER, reasons)}
            />
          }
          cardColumns={2}
        />
      )}
    </>
  );
}
