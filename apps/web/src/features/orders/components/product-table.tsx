import type { StockItem } from '@depot/contract';
import { Table } from '@mantine/core';
import { SortableTh } from '@/components/sortable-th';
import { formatMoney, formatQuantity, formatWeight } from '@/lib/format';
import type { SortState } from '@/lib/sort-rows';
import { QuantityInput } from './quantity-input';

export type ProductSortKey = 'stock_name' | 'price' | 'weight' | 'quantity';

export const PRODUCT_SORT_COLUMNS: readonly { key: ProductSortKey; label: string }[] = [
  { key: 'stock_name', label: 'Product' },
  { key: 'price', label: 'Price' },
  { key: 'weight', label: 'Weight' },
  { key: 'quantity', label: 'Quantity Available' },
];

export interface ProductListProps {
  products: readonly StockItem[];
  quantityOf: (product: StockItem) => number;
  onQuantityChange: (product: StockItem, quantity: number) => void;
}

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The products on sale with a quantity to order each (SPEC §2 Customer Products Overview). */
export function ProductTable({
  products,
  quantityOf,
  onQuantityChange,
  sort,
  onSort,
}: ProductListProps & { sort: SortState<ProductSortKey>; onSort: (key: ProductSortKey) => void }) {
  const header = { sort, onSort };
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="stock_name" {...header}>
              Product
            </SortableTh>
            <SortableTh column="price" align="right" {...header}>
              Price
            </SortableTh>
            <SortableTh column="weight" align="right" {...header}>
              Weight
            </SortableTh>
            <SortableTh column="quantity" align="right" {...header}>
              Quantity Available
            </SortableTh>
            <Table.Th ta="right">Quantity to Order</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => (
            <Table.Tr key={product.stock_id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{product.stock_name}</Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatMoney(product.price)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatWeight(product.weight)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatQuantity(product.quantity)}
              </Table.Td>
              <Table.Td>
                <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
                  <QuantityInput
                    product={product}
                    quantity={quantityOf(product)}
                    onChange={(quantity) => onQuantityChange(product, quantity)}
                  />
                </div>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
