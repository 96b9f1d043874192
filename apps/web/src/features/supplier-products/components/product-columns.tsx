import type { SupplierProduct, SupplierProductSortField } from '@depot/contract';
import { Badge, Button, Group } from '@mantine/core';
import type { ListColumn } from '@/components/data-list/data-list';
import { formatMoney, formatQuantity, formatWeightNumber } from '@/lib/format';

/** What a row's buttons do. */
export interface ProductActions {
  onEdit: (product: SupplierProduct) => void;
  onDiscontinue: (product: SupplierProduct, discontinued: boolean) => void;
  onDelete: (product: SupplierProduct) => void;
  /** The product a discontinue or resume is under way for: its button shows a spinner. */
  pendingId?: number | undefined;
}

/**
 * The supplier's products (docs/product/screens.md#supplier-products), with Edit, Discontinue (or
 * Resume) and Delete; a discontinued product is marked beside its name.
 */
export function productColumns({
  onEdit,
  onDiscontinue,
  onDelete,
  pendingId,
}: ProductActions): ListColumn<SupplierProduct, SupplierProductSortField>[] {
  return [
    {
      header: 'ID',
      sort: 'id',
      cell: (product) => product.id,
      card: 'aside',
      cardCell: (product) => `ID ${product.id}`,
    },
    {
      header: 'Name',
      sort: 'name',
      card: 'title',
      cell: (product) =>
        product.discontinued ? (
          <Group gap={6} wrap="nowrap" component="span">
            <span>{product.name}</span>
            <Badge color="gray" variant="light" size="sm">
              Discontinued
            </Badge>
          </Group>
        ) : (
          product.name
        ),
    },
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
    // docs/decisions/034-skus-in-the-screens-and-exports-at-scale.md: the supplier's own code, if any.
    { header: 'SKU', cell: (product) => product.sku ?? '', cardCell: (product) => product.sku ?? '—' },
    {
      header: 'Actions',
      align: 'right',
      card: 'actions',
      cell: (product) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <Button
            variant="light"
            size="xs"
            aria-label={`Edit ${product.name}`}
            onClick={() => onEdit(product)}
          >
            Edit
          </Button>
          <Button
            variant="default"
            size="xs"
            aria-label={`${product.discontinued ? 'Resume' : 'Discontinue'} ${product.name}`}
            loading={pendingId === product.id}
            onClick={() => onDiscontinue(product, !product.discontinued)}
          >
            {product.discontinued ? 'Resume' : 'Discontinue'}
          </Button>
          <Button
            variant="light"
            color="red"
            size="xs"
            aria-label={`Delete ${product.name}`}
            onClick={() => onDelete(product)}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];
}
