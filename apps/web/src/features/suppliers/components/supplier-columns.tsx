import type { Supplier, SupplierSortField } from '@depot/contract';
import { Button } from '@mantine/core';
import type { ListColumn } from '@/components/data-list/data-list';

/** Shown for a phone number or address a self-registered supplier has not been given. */
export const MISSING_VALUE = '—';

/** Suppliers (docs/product/screens.md#suppliers-management), with Edit and Delete. */
export function supplierColumns(actions: {
  onEdit: (supplier: Supplier) => void;
  onDelete: (supplier: Supplier) => void;
}): ListColumn<Supplier, SupplierSortField>[] {
  return [
    {
      header: 'Supplier ID',
      sort: 'id',
      cell: (supplier) => supplier.id,
      card: 'aside',
      cardCell: (supplier) => `Supplier ID ${supplier.id}`,
    },
    { header: 'Name', sort: 'name', cell: (supplier) => supplier.name, card: 'title' },
    { header: 'Email', sort: 'email', cell: (supplier) => supplier.email, card: 'wide' },
    {
      header: 'Phone Number',
      sort: 'phone_number',
      cell: (supplier) => supplier.phone_number ?? MISSING_VALUE,
      card: 'wide',
      style: { whiteSpace: 'nowrap' },
    },
    {
      header: 'Address',
      sort: 'address',
      cell: (supplier) => supplier.address ?? MISSING_VALUE,
      card: 'wide',
      style: { maxWidth: 260 },
    },
    {
      header: 'Actions',
      align: 'right',
      card: 'actions',
      cell: (supplier) => (
        <>
          <Button
            variant="light"
            size="xs"
            aria-label={`Edit ${supplier.name}`}
            onClick={() => actions.onEdit(supplier)}
          >
            Edit
          </Button>
          <Button
            variant="light"
            color="red"
            size="xs"
            aria-label={`Delete ${supplier.name}`}
            onClick={() => actions.onDelete(supplier)}
          >
            Delete
          </Button>
        </>
      ),
    },
  ];
}
