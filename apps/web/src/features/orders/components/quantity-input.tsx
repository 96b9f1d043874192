import type { StockItem } from '@depot/contract';
import { TextInput } from '@mantine/core';

interface QuantityInputProps {
  product: StockItem;
  /** Units in the draft; 0 when the product is not in it. */
  quantity: number;
  onChange: (quantity: number) => void;
  /** Shows the label above the input (cards) instead of only to screen readers (table). */
  showLabel?: boolean;
}

/**
 * Quantity to Order (docs/product/validation-and-messages.md#order-form): 0 to what is available; 0
 * or an empty field takes the line out.
 */
export function QuantityInput({ product, quantity, onChange, showLabel = false }: QuantityInputProps) {
  const soldOut = product.quantity === 0;
  const label = `Quantity to order of ${product.stock_name}`;
  return (
    <TextInput
      type="number"
      inputMode="numeric"
      min={0}
      max={product.quantity}
      step={1}
      label={showLabel ? 'Quantity to Order' : undefined}
      aria-label={label}
      placeholder={soldOut ? 'Out of stock' : '0'}
      disabled={soldOut}
      value={quantity > 0 ? String(quantity) : ''}
      onChange={(event) => {
        const text = event.currentTarget.value.trim();
        onChange(text === '' ? 0 : Number(text));
      }}
      w={showLabel ? '100%' : 110}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
