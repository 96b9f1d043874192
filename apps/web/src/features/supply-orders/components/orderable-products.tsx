import type { SupplierProduct, SupplierProductSortField } from '@depot/contract';
import { Button, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ListColumn } from '@/components/data-list/data-list';
import { formatMoney, formatQuantity } from '@/lib/format';

/** The quantity typed per product, kept across pages; another supplier starts from 1 each. */
export function useQuantities() {
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  return {
    of: (productId: number) => quantities[productId] ?? '1',
    set: (productId: number, value: string) =>
      setQuantities((current) => ({ ...current, [productId]: value })),
    clear: () => setQuantities({}),
  };
}

type Quantities = ReturnType<typeof useQuantities>;

interface OrderableProductActions {
  quantities: Quantities;
  /**
   * Whether the product is already in the cart: it cannot be added again
   * (docs/product/screens.md#cart).
   */
  inCart: (productId: number) => boolean;
  /** Called with the quantity as typed; the page checks it. */
  onAdd: (product: SupplierProduct, quantity: string) => void;
}

/**
 * The manager's own stock of the item a product is bought as (its reorder rule's preferred supplier
 * product), red and marked "low" at or under its reorder level; "Not linked" when no rule names it
 * (docs/product/screens.md#stock-replenishment).
 */
function YourStock({ product }: { product: SupplierProduct }) {
  const stock = product.my_stock;
  if (!stock) {
    return (
      <Text span size="sm" c="dimmed">
        Not linked
      </Text>
    );
  }
  const low = stock.quantity <= stock.reorder_level;
  return (
    <Text
      span
      size="sm"
      c={low ? 'var(--depot-color-danger-text)' : undefined}
      fw={low ? 700 : undefined}
      title={`${stock.name}: ${formatQuantity(stock.quantity)} in stock`}
    >
      {formatQuantity(stock.quantity)}
      {low ? ' (low)' : ''}
    </Text>
  );
}

/**
 * The chosen supplier's products (docs/product/screens.md#stock-replenishment): ID, Name, Price,
 * Available Quantity, the manager's own stock of it and its reorder level, Quantity, add to cart.
 */
export function orderableProductColumns({
  quantities,
  inCart,
  onAdd,
}: OrderableProductActions): ListColumn<SupplierProduct, SupplierProductSortField>[] {
  return [
    {
      header: 'ID',
      sort: 'id',
      cell: (product) => product.id,
      card: 'aside',
      cardCell: (product) => `ID ${product.id}`,
    },
    { header: 'Name', sort: 'name', cell: (product) => product.name, card: 'title' },
    {
      header: 'Price',
      sort: 'price',
      align: 'right',
      numeric: true,
      cell: (product) => formatMoney(product.price),
    },
    {
      header: 'Available Quantity',
      sort: 'quantity',
      align: 'right',
      numeric: true,
      cell: (product) => formatQuantity(product.quantity),
    },
    // The supplier's own code (docs/decisions/034-skus-in-the-screens-and-exports-at-scale.md).
    { header: 'SKU', cell: (product) => product.sku ?? '', cardCell: (product) => product.sku ?? '—' },
    {
      header: 'Your Stock',
      align: 'right',
      numeric: true,
      cell: (product) => <YourStock product={product} />,
    },
    {
      header: 'Reorder Level',
      align: 'right',
      numeric: true,
      cell: (product) => (product.my_stock ? formatQuantity(product.my_stock.reorder_level) : '—'),
    },
    {
      header: 'Quantity',
      card: 'actions',
      style: { width: 120 },
      cell: (product) => (
        <QuantityInput product={product} quantities={quantities} inCart={inCart(product.id)} />
      ),
    },
    {
      header: 'Cart',
      headerHidden: true,
      align: 'right',
      card: 'actions',
      cell: (product) => (
        <AddToCartButton
          product={product}
          inCart={inCart(product.id)}
          onAdd={() => onAdd(product, quantities.of(product.id))}
        />
      ),
    },
  ];
}

function QuantityInput({
  product,
  quantities,
  inCart,
}: {
  product: SupplierProduct;
  quantities: Quantities;
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
