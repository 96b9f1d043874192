import type { SupplierProduct } from '@depot/contract';
import { Button, Table } from '@mantine/core';
import { SortableTh } from '@/components/sortable-th';
import { formatMoney, formatQuantity, formatWeight } from '@/lib/format';
import type { SortState } from '@/lib/sort-rows';

export type ProductSortKey = 'id' | 'name' | 'price' | 'weight' | 'quantity';

export const PRODUCT_SORT_COLUMNS: readonly { key: ProductSortKey; label: string }[] = [
  { key: 'id', label: 'ID' },
  { key: 'name', label: 'Name' },
  { key: 'price', label: 'Price' },
  { key: 'weight', label: 'Weight (kg)' },
  { key: 'quantity', label: 'Quantity' },
];

interface ProductTableProps {
  products: readonly SupplierProduct[];
  sort: SortState<ProductSortKey>;
  onSort: (key: ProductSortKey) => void;
  onEdit: (product: SupplierProduct) => void;
}

/** The supplier's products (SPEC §2 Supplier Products), with an Edit action for price, weight and quantity. */
export function ProductTable({ products, sort, onSort, onEdit }: ProductTableProps) {
  const header = { sort, onSort };
  return (
    <Table.ScrollContainer minWidth={600} type="native">
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
            <SortableTh column="weight" align="right" {...header}>
              Weight (kg)
            </SortableTh>
            <SortableTh column="quantity" align="right" {...header}>
              Quantity
            </SortableTh>
            <Table.Th ta="right">Actions</Table.Th>
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
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatWeight(product.weight)}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatQuantity(product.quantity)}
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  variant="light"
                  size="xs"
                  aria-label={`Edit ${product.name}`}
                  onClick={() => onEdit(product)}
                >
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
