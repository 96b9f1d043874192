import type { Supplier } from '@depot/contract';
import { Button, Group, Table } from '@mantine/core';
import { SortableTh } from '@/components/sortable-th';
import type { SortState } from '@/lib/sort-rows';

export type SupplierSortKey = 'id' | 'name' | 'email' | 'phone_number' | 'address';

export const SUPPLIER_SORT_COLUMNS: readonly { key: SupplierSortKey; label: string }[] = [
  { key: 'id', label: 'Supplier ID' },
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'phone_number', label: 'Phone Number' },
  { key: 'address', label: 'Address' },
];

/** Shown for a phone number or address a self-registered supplier has not been given. */
export const MISSING_VALUE = '—';

interface SupplierTableProps {
  suppliers: readonly Supplier[];
  sort: SortState<SupplierSortKey>;
  onSort: (key: SupplierSortKey) => void;
  onEdit: (supplier: Supplier) => void;
  onDelete: (supplier: Supplier) => void;
}

/** Suppliers (SPEC §2); in a narrow window the table scrolls inside its box, never the whole page. */
export function SupplierTable({ suppliers, sort, onSort, onEdit, onDelete }: SupplierTableProps) {
  const header = { sort, onSort };
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="id" {...header}>
              Supplier ID
            </SortableTh>
            <SortableTh column="name" {...header}>
              Name
            </SortableTh>
            <SortableTh column="email" {...header}>
              Email
            </SortableTh>
            <SortableTh column="phone_number" {...header}>
              Phone Number
            </SortableTh>
            <SortableTh column="address" {...header}>
              Address
            </SortableTh>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {suppliers.map((supplier) => (
            <Table.Tr key={supplier.id}>
              <Table.Td>{supplier.id}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{supplier.name}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{supplier.email}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{supplier.phone_number ?? MISSING_VALUE}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }} maw={260}>
                {supplier.address ?? MISSING_VALUE}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    variant="light"
                    size="xs"
                    aria-label={`Edit ${supplier.name}`}
                    onClick={() => onEdit(supplier)}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    size="xs"
                    aria-label={`Delete ${supplier.name}`}
                    onClick={() => onDelete(supplier)}
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
