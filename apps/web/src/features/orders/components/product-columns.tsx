import type { StockItem, StockSortField } from '@depot/contract';
import type { ListColumn } from '@/components/data-list/data-list';
import { formatMoney, formatQuantity, formatWeight } from '@/lib/format';
import { QuantityInput } from './quantity-input';

interface ProductQuantities {
  /** Units of the product in the draft, which lives outside the list and so outlasts its pages. */
  quantityOf: (product: StockItem) => number;
  onQuantityChange: (product: StockItem, quantity: number) => void;
}

/**
 * The products on sale with a quantity to order each (docs/product/screens.md#customer-products).
 */
export function productColumns({
  quantityOf,
  onQuantityChange,
}: ProductQuantities): ListColumn<StockItem, StockSortField>[] {
  return [
    { header: 'Product', sort: 'stock_name', cell: (product) => product.stock_name, card: 'title' },
    {
      header: 'Price',
      sort: 'price',
      align: 'right',
      numeric: true,
      cell: (product) => formatMoney(product.price),
    },
    {
      header: 'Weight',
      sort: 'weight',
      align: 'right',
      numeric: true,
      cell: (product) => formatWeight(product.weight),
    },
    {
      header: 'Quantity Available',
      cardLabel: 'Available',
      sort: 'quantity',
      align: 'right',
      numeric: true,
      cell: (product) => formatQuantity(product.quantity),
    },
    {
      header: 'Quantity to Order',
      align: 'right',
      card: 'actions',
      cell: (product) => (
        <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <QuantityInput
            product={product}
            quantity={quantityOf(product)}
            onChange={(quantity) => onQuantityChange(product, quantity)}
          />
        </div>
      ),
      cardCell: (product) => (
        <QuantityInput
          product={product}
          quantity={quantityOf(product)}
          onChange={(quantity) => onQuantityChange(product, quantity)}
          showLabel
        />
      ),
    },
  ];
}
