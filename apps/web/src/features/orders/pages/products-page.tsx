import { ORDER_MESSAGES, PATHS, type StockItem } from '@depot/contract';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { EmptyState, LoadingSpinner, QueryError } from '@/components/query-states';
import { SearchInput } from '@/components/search-input';
import { SortSelect } from '@/components/sort-select';
import { useIsPhone } from '@/hooks/use-is-phone';
import { errorMessageOf } from '@/lib/api-client';
import { formatMoney, formatQuantity, formatWeight } from '@/lib/format';
import { useSessionUser } from '@/lib/session-user';
import { matchesSearch, type SortState, sortRows, toggleSort } from '@/lib/sort-rows';
import { useProducts } from '../api/list-products';
import { isValidPincodeAnswer, pincodeQueryOptions } from '../api/lookup-pincode';
import { DeliveryFields } from '../components/delivery-form';
import { ProductCards } from '../components/product-cards';
import { PRODUCT_SORT_COLUMNS, type ProductSortKey, ProductTable } from '../components/product-table';
import {
  type DraftFields,
  draftTotals,
  emptyDraft,
  isDraftComplete,
  updateOrderDraft,
  useOrderDraft,
  withQuantity,
} from '../order-draft';

export const NO_PRODUCTS_TEXT = 'No products are on sale yet.';

type Problem = 'required' | 'pincode' | { lookupFailed: string };

/** Customer Products Overview (SPEC §2): choose quantities, say where to deliver, go to the preview. */
export default function ProductsPage() {
  const customerId = useSessionUser().id;
  const draft = useOrderDraft(customerId) ?? emptyDraft(customerId);
  const products = useProducts();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<ProductSortKey>>({ key: 'stock_name', direction: 'asc' });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [checkingPin, setCheckingPin] = useState(false);

  const rows = useMemo(() => {
    const matching = (products.data ?? []).filter((item) => matchesSearch(search, item.stock_name));
    return sortRows(matching, sort, (item, key) => item[key]);
  }, [products.data, search, sort]);

  const quantities = new Map(draft.items.map((item) => [item.stock_id, item.quantity]));
  const totals = draftTotals(draft.items);

  const setQuantity = (product: StockItem, quantity: number) =>
    updateOrderDraft(customerId, (current) => ({
      ...current,
      items: withQuantity(current.items, product, quantity),
    }));
  const setFields = (patch: Partial<DraftFields>) => {
    if (patch.pin_code !== undefined && problem === 'pincode') setProblem(null);
    updateOrderDraft(customerId, (current) => ({ ...current, ...patch }));
  };

  const placeOrder = async () => {
    if (!isDraftComplete(draft)) return setProblem('required');
    setCheckingPin(true);
    try {
      const answer = await queryClient.fetchQuery(pincodeQueryOptions(draft.pin_code.trim()));
      if (!isValidPincodeAnswer(answer)) return setProblem('pincode');
      setProblem(null);
      navigate(PATHS.orderPreview);
    } catch (error) {
      setProblem({ lookupFailed: errorMessageOf(error) });
    } finally {
      setCheckingPin(false);
    }
  };

  return (
    <Stack gap="md">
      <PageTitle>Products</PageTitle>
      {products.isPending ? (
        <LoadingSpinner label="Loading products" />
      ) : products.isError ? (
        <QueryError
          title="Could not load products"
          error={products.error}
          onRetry={() => void products.refetch()}
        />
      ) : products.data.length === 0 ? (
        <EmptyState title={NO_PRODUCTS_TEXT}>Check back soon.</EmptyState>
      ) : (
        <>
          <Group gap="sm" align="flex-end">
            <SearchInput
              label="Search products"
              placeholder="Search products by name"
              value={search}
              onChange={setSearch}
            />
            {isPhone && <SortSelect columns={PRODUCT_SORT_COLUMNS} sort={sort} onChange={setSort} />}
          </Group>
          {rows.length === 0 ? (
            <Text c="dimmed" py="md">
              No products match “{search.trim()}”.
            </Text>
          ) : isPhone ? (
            <ProductCards
              products={rows}
              quantityOf={(product) => quantities.get(product.stock_id) ?? 0}
              onQuantityChange={setQuantity}
            />
          ) : (
            <ProductTable
              products={rows}
              quantityOf={(product) => quantities.get(product.stock_id) ?? 0}
              onQuantityChange={setQuantity}
              sort={sort}
              onSort={(key) => setSort(toggleSort(sort, key))}
            />
          )}
        </>
      )}

      <Paper withBorder p="md">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void placeOrder();
          }}
        >
          <Stack gap="sm">
            <Title order={3} size="h4">
              Delivery details
            </Title>
            <DeliveryFields values={draft} onChange={setFields} pinCodeInvalid={problem === 'pincode'} />
            <Text size="sm" aria-live="polite">
              {draft.items.length === 0
                ? 'No products chosen yet.'
                : `${formatQuantity(draft.items.length)} ${draft.items.length === 1 ? 'product' : 'products'}, ${formatWeight(totals.weightKg)}, ${formatMoney(totals.itemsTotal)} before shipping`}
            </Text>
            {problem !== null && (
              <Alert color={problem === 'required' ? 'yellow' : 'red'} role="alert">
                {problem === 'required'
                  ? ORDER_MESSAGES.requiredFields
                  : problem === 'pincode'
                    ? ORDER_MESSAGES.invalidPinCode
                    : `Could not check the PIN code: ${problem.lookupFailed}`}
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
