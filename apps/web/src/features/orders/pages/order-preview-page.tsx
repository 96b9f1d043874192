import { orderDraftSchema, PATHS } from '@depot/contract';
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { LabelledValue } from '@/components/labelled-value';
import { PageTitle } from '@/components/page-title';
import { EmptyState } from '@/components/query-states';
import { useIsPhone } from '@/hooks/use-is-phone';
import { errorMessageOf } from '@/lib/api-client';
import { formatMoney, formatWeight } from '@/lib/format';
import { addressFields, saveAddress, savedAddressKeys } from '@/lib/saved-addresses';
import { useSessionUser } from '@/lib/session-user';
import { toast } from '@/lib/toast';
import { useShippingCost } from '../api/get-shipping-cost';
import { useCourierServices } from '../api/list-courier-services';
import { usePlaceOrder } from '../api/place-order';
import { locationLabel } from '../components/delivery-form';
import { OrderLinesTable } from '../components/order-lines-table';
import {
  clearOrderDraft,
  draftTotals,
  type OrderDraft,
  saveOrderConfirmation,
  toOrderPayload,
  useOrderDraft,
} from '../order-draft';

export const NOTHING_TO_PREVIEW_TEXT = 'There is no order to preview.';

/**
 * docs/product/validation-and-messages.md#order-form: every delivery field and at least one item,
 * as the contract's order schema checks them. (Here rather than in order-draft.ts, which Confirm
 * Order loads too and which has no zod.)
 */
function isDraftComplete(draft: OrderDraft): boolean {
  return orderDraftSchema.safeParse(toOrderPayload(draft)).success;
}

/**
 * Order Preview (docs/product/screens.md#order-preview): the draft as it will be sent, with the
 * server's shipping cost.
 */
export default function OrderPreviewPage() {
  const customerId = useSessionUser().id;
  const draft = useOrderDraft(customerId);

  return (
    <Stack gap="md">
      <PageTitle>Order Preview</PageTitle>
      {draft && isDraftComplete(draft) ? (
        <Preview draft={draft} />
      ) : (
        <EmptyState title={NOTHING_TO_PREVIEW_TEXT}>
          <Link to={PATHS.products}>Choose products and a delivery address first.</Link>
        </EmptyState>
      )}
    </Stack>
  );
}

function Preview({ draft }: { draft: OrderDraft }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  /**
   * After the order is placed: "Save this address" saves it (a refusal, such as the 20-address
   * limit, is an error toast; the order stands), and the saved addresses are read again, the one
   * just used now first.
   */
  const rememberAddress = (placed: OrderDraft) => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: savedAddressKeys.all });
    if (!placed.save_address) return void refresh();
    saveAddress(addressFields(toOrderPayload(placed)))
      .then(({ message }) => toast.success(message))
      .catch((error: unknown) => toast.error(errorMessageOf(error)))
      .finally(refresh);
  };
  const isPhone = useIsPhone();
  const { weightKg, itemsTotal } = draftTotals(draft.items);
  const locationType = draft.location_type || 'urban';
  const shipping = useShippingCost(weightKg, locationType);
  const courier = useCourierServices().data?.find((item) => item.id === draft.courier_service_id);
  const placeOrder = usePlaceOrder();

  const confirm = () =>
    placeOrder.mutate(
      { body: toOrderPayload(draft), idempotencyKey: draft.idempotency_key },
      {
        onSuccess: ({ order }) => {
          const confirmation = {
            order_id: order.id,
            shipping_address: order.shipping_address,
            phone_number: order.phone_number,
            delivery_date: order.delivery_date,
          };
          saveOrderConfirmation(confirmation);
          rememberAddress(draft);
          clearOrderDraft();
          navigate(PATHS.confirmOrder, { replace: true, state: confirmation });
        },
      },
    );

  const shippingCost = shipping.data?.shipping_cost;
  return (
    <>
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          Delivery
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <LabelledValue label="Address" value={draft.shipping_address} />
          <LabelledValue label="Pin Code" value={draft.pin_code} />
          <LabelledValue label="Phone Number" value={draft.phone_number} />
          <LabelledValue label="Location Type" value={locationLabel(draft.location_type)} />
          <LabelledValue label="Courier Service" value={courier?.name ?? '…'} />
          <LabelledValue label="Total Weight" value={formatWeight(weightKg)} />
        </SimpleGrid>
      </Paper>

      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          Items
        </Title>
        <OrderLinesTable items={draft.items} />
        <Stack gap={4} mt="md" ml="auto" maw={320} aria-label="Totals">
          <TotalRow label="Total Cost" value={formatMoney(itemsTotal)} />
          <TotalRow
            label="Shipping Cost"
            value={shippingCost === undefined ? undefined : formatMoney(shippingCost)}
            error={shipping.isError ? errorMessageOf(shipping.error) : undefined}
          />
          <TotalRow
            label="Grand Total"
            value={shippingCost === undefined ? undefined : formatMoney(itemsTotal + shippingCost)}
            strong
          />
        </Stack>
      </Paper>

      <Group justify="space-between" gap="sm">
        <Button component={Link} to={PATHS.products} variant="default" fullWidth={isPhone}>
          Back to Products
        </Button>
        <Button
          onClick={confirm}
          loading={placeOrder.isPending}
          disabled={shippingCost === undefined}
          fullWidth={isPhone}
        >
          Confirm Order
        </Button>
      </Group>
    </>
  );
}

function TotalRow({
  label,
  value,
  error,
  strong = false,
}: {
  label: string;
  value: string | undefined;
  error?: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text fw={strong ? 700 : 400}>{label}</Text>
      {error ? (
        <Text c="var(--mantine-color-error)" size="sm">
          {error}
        </Text>
      ) : value === undefined ? (
        <Skeleton height={18} width={80} aria-label={`Loading ${label}`} />
      ) : (
        <Text fw={strong ? 700 : 400} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Text>
      )}
    </Group>
  );
}
