import type { SupplierProduct } from '@depot/contract';
import { Button, Group, Paper, SimpleGrid, Stack, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { CardHeading } from '@/components/card-heading';
import { LabelledValue } from '@/components/labelled-value';
import { SortableTh } from '@/components/sortable-th';
import { formatMoney, formatQuantity } from '@/lib/format';
import type { SortState } from '@/lib/sort-rows';

export type OrderableSortKey = 'id' | 'name' | 'price' | 'quantity';

export const ORDERABLE_SORT_COLUMNS: readonly { key: OrderableSortKey; label: string }[] = [
  { key: 'id', label: 'ID' },
  { key: 'name', label: 'Name' },
  { key: 'price', label: 'Price' },
  { key: 'quantity', label: 'Available Quantity' },
];

interface OrderableProductsProps {
  products: readonly SupplierProduct[];
  /** Whether the product is already in the cart: it cannot be added again (SPEC §4). */
  inCart: (productId: number) => boolean;
  /** Called with the quantity as typed; the page checks it. */
  onAdd: (product: SupplierProduct, quantity: string) => void;
}

/** The quantity typed per product; a fresh list (another supplier) starts from 1 each. */
function useQuantities() {
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  return {
    of: (productId: number) => quantities[productId] ?? '1',
    set: (productId: number, value: string) =>
      setQuantities((current) => ({ ...current, [productId]: value })),
  };
}

/** The chosen supplier's products (SPEC §2): ID, Name, Price, Available Quantity, Quantity, add to cart. */
export function OrderableProductTable({
  products,
  inCart,
  onAdd,
  sort,
  onSort,
}: OrderableProductsProps & { sort: SortState<OrderableSortKey>; onSort: (key: OrderableSortKey) => void }) {
  const quantities = useQuantities();
  const header = { sort, onSort };
  return (
    <Table.ScrollContainer minWidth={680} type="native">
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="id" {...header}>
              ID
            </SortableTh>
            <SortableTh column="name" {...header}>
              Name
            </SortableTh>
            <SortableTh column="price" align="right" {...header}>
              Price
            </SortableTh>
            <SortableTh column="quantity" align="right" {...header}>
              Available Quantity
            </SortableTh>
            <Table.Th>Quantity</Table.Th>
            <Table.Th ta="right">
              <VisuallyHidden>Cart</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => (
            <Table.Tr key={product.id}>
              <Table.Td>{product.id}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{product.name}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatMoney(product.price)}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatQuantity(product.quantity)}
              </Table.Td>
              <Table.Td w={120}>
                <QuantityInput product={product} quantities={quantities} inCart={inCart(product.id)} />
              </Table.Td>
              <Table.Td ta="right">
                <AddToCartButton
                  product={product}
                  inCart={inCart(product.id)}
                  onAdd={() => onAdd(product, quantities.of(product.id))}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same list as cards for phones. */
export function OrderableProductCards({ products, inCart, onAdd }: OrderableProductsProps) {
  const quantities = useQuantities();
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label="Products" style={{ listStyle: 'none' }}>
      {products.map((product) => (
        <Paper component="li" key={product.id} withBorder p="sm">
          <CardHeading title={product.name} caption={`ID ${product.id}`} />
          <SimpleGrid cols={2} spacing="xs" mt="xs">
            <LabelledValue label="Price" value={formatMoney(product.price)} numeric />
            <LabelledValue label="Available Quantity" value={formatQuantity(product.quantity)} numeric />
          </SimpleGrid>
          <Group gap="xs" mt="sm" wrap="nowrap" align="flex-end">
            <QuantityInput product={product} quantities={quantities} inCart={inCart(product.id)} />
            <AddToCartButton
              product={product}
              inCart={inCart(product.id)}
              onAdd={() => onAdd(product, quantities.of(product.id))}
            />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function QuantityInput({
  product,
  quantities,
  inCart,
}: {
  product: SupplierProduct;
  quantities: ReturnType<typeof useQuantities>;
  inCart: boolean;
}) {
  return (
    <TextInput
      aria-label={`Quantity of ${product.name}`}
      type="number"
      inputMode="numeric"
      min={1}
      max={product.quantity}
      step={1}
      size="xs"
      style={{ flex: 1 }}
      disabled={inCart || product.quantity === 0}
      value={quantities.of(product.id)}
      onChange={(event) => quantities.set(product.id, event.currentTarget.value)}
    />
  );
}

function AddToCartButton({
  product,
  inCart,
  onAdd,
}: {
  product: SupplierProduct;
  inCart: boolean;
  onAdd: () => void;
}) {
  const soldOut = product.quantity === 0;
  return (
    <Button
      size="xs"
      variant={inCart ? 'default' : 'filled'}
      disabled={inCart || soldOut}
      aria-label={inCart ? `${product.name} is in the cart` : `Add ${product.name} to the cart`}
      onClick={onAdd}
      style={{ whiteSpace: 'nowrap' }}
    >
      {inCart ? 'In Cart' : soldOut ? 'Sold Out' : 'Add to Cart'}
    </Button>
  );
}
