import { PATHS, type StockItem } from '@depot/contract';
import { Button, Group, Table } from '@mantine/core';
import { Link } from 'react-router';
import { SortableTh } from '@/components/sortable-th';
import { formatMoney, formatQuantity, formatWeight } from '@/lib/format';
import type { SortState } from '@/lib/sort-rows';

export type StockSortKey = 'stock_id' | 'stock_name' | 'price' | 'quantity' | 'weight';

export const STOCK_SORT_COLUMNS: readonly { key: StockSortKey; label: string }[] = [
  { key: 'stock_id', label: 'Stock Id' },
  { key: 'stock_name', label: 'Stock Name' },
  { key: 'price', label: 'Price' },
  { key: 'quantity', label: 'Quantity' },
  { key: 'weight', label: 'Weight' },
];

interface StockTableProps {
  items: readonly StockItem[];
  sort: SortState<StockSortKey>;
  onSort: (key: StockSortKey) => void;
  onDelete: (item: StockItem) => void;
}

export function updateStockPath(id: number): string {
  return PATHS.updateStock.replace(':id', String(id));
}

/** Stock items (SPEC §2); in a narrow window the table scrolls inside its box, never the whole page. */
export function StockTable({ items, sort, onSort, onDelete }: StockTableProps) {
  const header = { sort, onSort };
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="stock_id" {...header}>
              Stock Id
            </SortableTh>
            <SortableTh column="stock_name" {...header}>
              Stock Name
            </SortableTh>
            <SortableTh column="price" align="right" {...header}>
              Price
            </SortableTh>
            <SortableTh column="quantity" align="right" {...header}>
              Quantity
            </SortableTh>
            <SortableTh column="weight" align="right" {...header}>
              Weight
            </SortableTh>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.stock_id}>
              <Table.Td>{item.stock_id}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.stock_name}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatMoney(item.price)}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatQuantity(item.quantity)}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatWeight(item.weight)}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    component={Link}
                    to={updateStockPath(item.stock_id)}
                    variant="light"
                    size="xs"
                    aria-label={`Edit ${item.stock_name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    size="xs"
                    aria-label={`Delete ${item.stock_name}`}
                    onClick={() => onDelete(item)}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
