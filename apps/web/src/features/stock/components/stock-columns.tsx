import { PATHS, type StockItem, type StockSortField } from '@depot/contract';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import type { ListColumn } from '@/components/data-list/data-list';
import { formatMoney, formatQuantity, formatWeight } from '@/lib/format';

export function updateStockPath(id: number): string {
  return PATHS.updateStock.replace(':id', String(id));
}

export function stockHistoryPath(id: number): string {
  return PATHS.stockHistory.replace(':id', String(id));
}

/** Stock items (docs/product/screens.md#stock-management), with History, Edit and Delete. */
export function stockColumns(
  onDelete: (item: StockItem) => void,
  onReorderRule?: (item: StockItem) => void,
): ListColumn<StockItem, StockSortField>[] {
  return [
    {
      header: 'Stock Id',
      sort: 'stock_id',
      cell: (item) => item.stock_id,
      card: 'aside',
      cardCell: (item) => `Stock Id ${item.stock_id}`,
    },
    { header: 'Stock Name', sort: 'stock_name', cell: (item) => item.stock_name, card: 'title' },
    {
      header: 'Price',
      sort: 'price',
      align: 'right',
      numeric: true,
      cell: (item) => formatMoney(item.price),
    },
    {
      header: 'Quantity',
      sort: 'quantity',
      align: 'right',
      numeric: true,
      cell: (item) => formatQuantity(item.quantity),
    },
    {
      header: 'Weight',
      sort: 'weight',
      align: 'right',
      numeric: true,
      cell: (item) => formatWeight(item.weight),
    },
    // docs/decisions/034-skus-in-the-screens-and-exports-at-scale.md: the manager's own code, if any.
    { header: 'SKU', cell: (item) => item.sku ?? '', cardCell: (item) => item.sku ?? '—' },
    {
      header: 'Actions',
      align: 'right',
      card: 'actions',
      cell: (item) => (
        <>
          <Button
            component={Link}
            to={stockHistoryPath(item.stock_id)}
            variant="light"
            color="gray"
            size="xs"
            aria-label={`History of ${item.stock_name}`}
          >
            History
          </Button>
          {onReorderRule && (
            <Button
              variant="light"
              color="gray"
              size="xs"
              aria-label={`Reorder rule of ${item.stock_name}`}
              onClick={() => onReorderRule(item)}
            >
              Reorder
            </Button>
          )}
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
        </>
      ),
    },
  ];
}
