import { ORDER_MESSAGES, orderDraftSchema, PATHS, type StockItem } from '@depot/contract';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataList } from '@/components/data-list/data-list';
import { PageTitle } from '@/components/page-title';
import { useIsPhone } from '@/hooks/use-is-phone';
import { errorMessageOf } from '@/lib/api-client';
import { FORM_ERROR } from '@/lib/form';
import { formatMoney, formatQuantity, formatWeight } from '@/lib/format';
import { useSessionUser } from '@/lib/session-user';
import { useProductList } from '../api/list-products';
import { isValidPincodeAnswer, pincodeQueryOptions } from '../api/lookup-pincode';
import { DeliveryFields } from '../components/delivery-form';
import { productColumns } from '../components/product-columns';
import { SavedAddressPicker } from '../components/saved-address-picker';
import {
  type DraftFields,
  draftTotals,
  emptyDraft,
  type OrderDraft,
  toOrderPayload,
  updateOrderDraft,
  useOrderDraft,
  withQuantity,
} from '../order-draft';

export const NO_PRODUCTS_TEXT = 'No products are on sale yet.';

const resolveOrder = schemaResolver(orderDraftSchema, { sync: true });

/**
 * The order the alert reads the errors in: the fields as they stand, the products, then the form's
 * own.
 */
const PROBLEM_ORDER = [
  'shipping_address',
  'pin_code',
  'phone_number',
  'location_type',
  'courier_service_id',
  'items',
  FORM_ERROR,
];

/**
 * The one message the alert above Place Order shows
 * (docs/product/validation-and-messages.md#order-form): anything missing first, in yellow, as
 * "Please fill in all required fields…"; otherwise the first other problem, in red.
 */
function problemOf(errors: FormErrors): { message: string; color: 'yellow' | 'red' } | null {
  if (Object.values(errors).includes(ORDER_MESSAGES.requiredFields)) {
    return { message: ORDER_MESSAGES.requiredFields, color: 'yellow' };
  }
  const key = PROBLEM_ORDER.find((path) => errors[path] !== undefined) ?? Object.keys(errors)[0];
  return key === undefined ? null : { message: String(errors[key]), color: 'red' };
}

function fieldsOf({
  shipping_address,
  pin_code,
  location_type,
  phone_number,
  courier_service_id,
}: OrderDraft) {
  return { shipping_address, pin_code, location_type, phone_number, courier_service_id };
}

/**
 * Customer Products Overview (docs/product/screens.md#customer-products): choose quantities, say
 * where to deliver, go to the preview.
 */
export default function ProductsPage() {
  const customerId = useSessionUser().id;
  const draft = useOrderDraft(customerId) ?? emptyDraft(customerId);
  const products = useProductList();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const [checkingPin, setCheckingPin] = useState(false);
  // The delivery fields live in the draft (kept across reloads); the form checks the whole draft
  // with the contract's order schema, so the products count too.
  const form = useForm<DraftFields>({
    initialValues: fieldsOf(draft),
    validate: (values) => resolveOrder(toOrderPayload({ ...draft, ...values })),
    onValuesChange: (values) => updateOrderDraft(customerId, (current) => ({ ...current, ...values })),
  });
  const problem = problemOf(form.errors);

  const quantities = new Map(draft.items.map((item) => [item.stock_id, item.quantity]));
  const totals = draftTotals(draft.items);

  const setQuantity = (product: StockItem, quantity: number) =>
    updateOrderDraft(customerId, (current) => ({
      ...current,
      items: withQuantity(current.items, product, quantity),
    }));

  // Only a complete, well-formed draft reaches the PIN code lookup.
  const placeOrder = form.onSubmit(async ({ pin_code }) => {
    setCheckingPin(true);
    try {
      const answer = await queryClient.fetchQuery(pincodeQueryOptions(pin_code.trim()));
      if (!isValidPincodeAnswer(answer)) return form.setFieldError('pin_code', ORDER_MESSAGES.invalidPinCode);
      navigate(PATHS.orderPreview);
    } catch (error) {
      form.setFieldError(FORM_ERROR, `Could not check the PIN code: ${errorMessageOf(error)}`);
    } finally {
      setCheckingPin(false);
    }
  });

  return (
    <Stack gap="md">
      <PageTitle>Products</PageTitle>
      <DataList
        list={products}
        columns={productColumns({
          quantityOf: (product) => quantities.get(product.stock_id) ?? 0,
          onQuantityChange: setQuantity,
        })}
        rowKey={(product) => product.stock_id}
        label="Products"
        noun={{ one: 'product', other: 'products' }}
        loadingLabel="Loading products"
        errorTitle="Could not load products"
        empty={{ title: NO_PRODUCTS_TEXT, hint: 'Check back soon.' }}
        noMatch={(search) => `No products match “${search}”.`}
        search={{ label: 'Search products', placeholder: 'Search products by name' }}
        cardColumns={3}
      />

      <Paper withBorder p="md">
        <form noValidate onSubmit={placeOrder}>
          <Stack gap="sm">
            <Title order={3} size="h4">
              Delivery details
            </Title>
            <SavedAddressPicker
              form={form}
              save={draft.save_address === true}
              onSaveChange={(save) =>
                updateOrderDraft(customerId, (current) => ({ ...current, save_address: save }))
              }
            />
            <DeliveryFields form={form} />
            <Text size="sm" aria-live="polite">
              {draft.items.length === 0
                ? 'No products chosen yet.'
                : `${formatQuantity(draft.items.length)} ${draft.items.length === 1 ? 'product' : 'products'}, ${formatWeight(totals.weightKg)}, ${formatMoney(totals.itemsTotal)} before shipping`}
            </Text>
            {problem !== null && (
              <Alert color={problem.color} role="alert">
                {problem.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={checkingPin} fullWidth={isPhone}>
                Place Order
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
