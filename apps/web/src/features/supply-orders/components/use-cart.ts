import type { SupplierProduct } from '@depot/contract';
import { useCallback, useMemo, useState } from 'react';

/**
 * A product in the cart with the quantity to order; price and weight as the product list showed
 * them.
 */
export interface CartItem {
  product_id: number;
  product_name: string;
  price: number;
  weight: number;
  quantity: number;
  /** The units the supplier had when the product was added: the most a line may ask for. */
  available: number;
}

/** price × quantity in cents, so $0.10 × 3 is $0.30 and not $0.30000000000000004. */
export function lineCostCents(item: CartItem): number {
  return Math.round(item.price * 100) * item.quantity;
}

/**
 * The replenishment cart (docs/product/screens.md#cart): a product already in it cannot be added
 * again; items can be removed; the page empties it when the supplier changes and after a successful
 * order.
 */
export function useCart() {
  const [items, setItems] = useState<CartItem[]>([]);

  const add = useCallback((product: SupplierProduct, quantity: number) => {
    setItems((current) =>
      current.some((item) => item.product_id === product.id)
        ? current
        : [
            ...current,
            {
              product_id: product.id,
              product_name: product.name,
              price: product.price,
              weight: product.weight,
              quantity,
              available: product.quantity,
            },
          ],
    );
  }, []);
  const remove = useCallback((productId: number) => {
    setItems((current) => current.filter((item) => item.product_id !== productId));
  }, []);
  const clear = useCallback(() => setItems([]), []);
  /** A line's quantity changed in place (docs/product/screens.md#cart); the modal checks the bounds. */
  const setQuantity = useCallback((productId: number, quantity: number) => {
    setItems((current) =>
      current.map((item) => (item.product_id === productId ? { ...item, quantity } : item)),
    );
  }, []);

  const totals = useMemo(
    () => ({
      quantity: items.reduce((sum, item) => sum + item.quantity, 0),
      cost: items.reduce((sum, item) => sum + lineCostCents(item), 0) / 100,
    }),
    [items],
  );
  const contains = useCallback(
    (productId: number) => items.some((item) => item.product_id === productId),
    [items],
  );

  return { items, totals, contains, add, remove, clear, setQuantity };
}

export type Cart = ReturnType<typeof useCart>;
