import { Paper, Stack } from '@mantine/core';
import { AlertStack } from '@/components/alert-stack';
import { PageTitle } from '@/components/page-title';
import { useTimedAlert } from '@/hooks/use-timed-alert';
import { errorMessageOf } from '@/lib/api-client';
import { useStoredUser } from '@/lib/stored-user';
import { useCreateStock } from '../api/create-stock';
import { BackToStockLink } from '../components/back-to-stock-link';
import { StockForm } from '../components/stock-form';

/** docs/product/screens.md#toasts-and-alerts: alerts vanish after 3 seconds. */
export const ADD_STOCK_ALERT_MS = 3000;

/** Stays on the form after adding, cleared for the next item, with the server's message. */
export default function AddStockPage() {
  const user = useStoredUser();
  const createStock = useCreateStock();
  const { alert, show } = useTimedAlert(ADD_STOCK_ALERT_MS);

  return (
    <Stack gap="md" maw={480}>
      <BackToStockLink />
      <PageTitle>Add Stock</PageTitle>
      <Paper withBorder p="lg">
        <StockForm
          mode="add"
          submitting={createStock.isPending}
          onSubmit={({ name, price, quantity, weight, sku }) =>
            createStock
              .mutateAsync({
                inventory_manager_id: user?.id,
                name,
                price,
                quantity,
                weight,
                sku: sku.trim() || null,
              })
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
    </Stack>
  );
}
