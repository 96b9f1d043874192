import type { SupplierProduct, SupplierProductSortField } from '@depot/contract';
import { Button } from '@mantine/core';
import type { ListColumn } from '@/components/data-list/data-list';
import { formatMoney, formatQuantity, formatWeightNumber } from '@/lib/format';

/** The supplier's products (docs/product/screens.md#supplier-products), with Edit. */
export function productColumns(
  onEdit: (product: SupplierProduct) => void,
): ListColumn<SupplierProduct, SupplierProductSortField>[] {
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
    // The header names the unit, so the cells do not repeat it.
    {
      header: 'Weight (kg)',
      sort: 'weight',
      align: 'right',
      numeric: true,
      cell: (product) => formatWeightNumber(product.weight),
    },
    {
      header: 'Quantity',
      sort: 'quantity',
      align: 'right',
      numeric: true,
      cell: (product) => formatQuantity(product.quantity),
    },
    {
      header: 'Actions',
      align: 'right',
      card: 'actions',
      cell: (product) => (
        <Button variant="light" size="xs" aria-label={`Edit ${product.name}`} onClick={() => onEdit(product)}>
          Edit
        </Button>
      ),
    },
  ];
}
