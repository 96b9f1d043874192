import { STOCK_MESSAGES, type StockItem } from '@depot/contract';
import { Paper, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { AlertStack } from '@/components/alert-stack';
import { PageTitle } from '@/components/page-title';
import { LoadingSpinner, QueryError } from '@/components/query-states';
import { useTimedAlert } from '@/hooks/use-timed-alert';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { withoutBlanks } from '@/lib/form';
import { useStock } from '../api/get-stock';
import { useUpdateStock } from '../api/update-stock';
import { BackToStockLink } from '../components/back-to-stock-link';
import { StockForm, type StockFormValues } from '../components/stock-form';

/**
 * docs/product/screens.md#toasts-and-alerts: alerts on the update-stock form vanish after 2
 * seconds.
 */
export const UPDATE_STOCK_ALERT_MS = 2000;

export default function UpdateStockPage() {
  const { id = '' } = useParams();
  const stockId = /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null;

  return (
    <Stack gap="md" maw={480}>
      <BackToStockLink />
      <PageTitle>Update Stock</PageTitle>
      {stockId === null ? <Text>{STOCK_MESSAGES.notFound}</Text> : <UpdateStock id={stockId} />}
    </Stack>
  );
}

function UpdateStock({ id }: { id: number }) {
  const stock = useStock(id);
  const updateStock = useUpdateStock();
  const { alert, show } = useTimedAlert(UPDATE_STOCK_ALERT_MS);

  if (stock.isPending) {
    return <LoadingSpinner label="Loading stock item" />;
  }
  if (stock.isError) {
    if (isApiError(stock.error, 404)) return <Text>{STOCK_MESSAGES.notFound}</Text>;
    return (
      <QueryError
        title="Could not load this stock item"
        error={stock.error}
        onRetry={() => void stock.refetch()}
      />
    );
  }

  return (
    <>
      <Paper withBorder p="lg">
        <StockForm
          mode="update"
          initialValues={formValuesOf(stock.data)}
          submitting={updateStock.isPending}
          onSubmit={(values) =>
            // A blank field is not sent: it keeps its stored value. A changed SKU is sent, blank as null: none.
            updateStock
              .mutateAsync({ id, body: { ...withoutBlanks(values), ...changedSku(stock.data, values) } })
              .then(
                ({ message }) => show({ tone: 'success', message }),
                (error: unknown) => {
                  show({ tone: 'error', message: errorMessageOf(error) });
                  throw error;
                },
              )
          }
        />
      </Paper>
      <AlertStack alerts={[alert]} />
    </>
  );
}

/** The SKU when the form changes it (blank: null, none); nothing when it is as stored. */
function changedSku(item: StockItem, values: StockFormValues): { sku?: string | null } {
  const sku = values.sku.trim() || null;
  return sku === (item.sku ?? null) ? {} : { sku };
}

function formValuesOf(item: StockItem): StockFormValues {
  return {
    name: item.stock_name,
    price: item.price.toFixed(2),
    quantity: String(item.quantity),
    weight: item.weight.toFixed(2),
    sku: item.sku ?? '',
  };
}
