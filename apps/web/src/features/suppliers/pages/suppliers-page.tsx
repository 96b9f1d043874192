import type { Supplier } from '@depot/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { ConfirmDeleteModal } from '@/components/confirm-delete-modal';
import { PlusIcon } from '@/components/icons';
import { PageTitle } from '@/components/page-title';
import { EmptyState, LoadingSpinner, QueryError } from '@/components/query-states';
import { SearchInput } from '@/components/search-input';
import { SortSelect } from '@/components/sort-select';
import { useIsPhone } from '@/hooks/use-is-phone';
import { matchesSearch, type SortState, sortRows, toggleSort } from '@/lib/sort-rows';
import { useDeleteSupplier } from '../api/delete-supplier';
import { useSuppliers } from '../api/list-suppliers';
import { SupplierCards } from '../components/supplier-cards';
import { SupplierDialog } from '../components/supplier-dialog';
import { SUPPLIER_SORT_COLUMNS, type SupplierSortKey, SupplierTable } from '../components/supplier-table';

export const NO_SUPPLIERS_TEXT = 'No suppliers yet.';

export default function SuppliersPage() {
  const isPhone = useIsPhone();
  const suppliers = useSuppliers();
  const deleteSupplier = useDeleteSupplier();

  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<SupplierSortKey>>({ key: 'id', direction: 'asc' });
  // Kept after closing, so a closing dialog does not change its title or name while it fades out.
  const [editing, setEditing] = useState<Supplier | null>(null);
  const [toDelete, setToDelete] = useState<Supplier | null>(null);
  const [dialogOpened, dialog] = useDisclosure(false);
  const [confirmOpened, confirm] = useDisclosure(false);

  const rows = useMemo(() => {
    const matching = (suppliers.data ?? []).filter((supplier) =>
      matchesSearch(search, supplier.name, supplier.email),
    );
    return sortRows(matching, sort, (supplier, key) => supplier[key]);
  }, [suppliers.data, search, sort]);

  const openDialog = (supplier: Supplier | null) => {
    setEditing(supplier);
    dialog.open();
  };

  const askToDelete = (supplier: Supplier) => {
    setToDelete(supplier);
    confirm.open();
  };

  const deleteConfirmed = () => {
    if (toDelete) deleteSupplier.mutate(toDelete.id);
    confirm.close();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <PageTitle>Suppliers Management</PageTitle>
        <Button leftSection={<PlusIcon />} onClick={() => openDialog(null)}>
          Add Supplier
        </Button>
      </Group>

      {suppliers.isPending ? (
        <LoadingSpinner label="Loading suppliers" />
      ) : suppliers.isError ? (
        <QueryError
          title="Could not load suppliers"
          error={suppliers.error}
          onRetry={() => void suppliers.refetch()}
        />
      ) : suppliers.data.length === 0 ? (
        <EmptyState title={NO_SUPPLIERS_TEXT}>
          Use Add Supplier to open an account for your first supplier.
        </EmptyState>
      ) : (
        <>
          <Group gap="sm" align="flex-end">
            <SearchInput
              label="Search suppliers"
              placeholder="Search suppliers by name or email"
              value={search}
              onChange={setSearch}
            />
            {isPhone && <SortSelect columns={SUPPLIER_SORT_COLUMNS} sort={sort} onChange={setSort} />}
          </Group>
          {rows.length === 0 ? (
            <Text c="dimmed" py="md">
              No suppliers match “{search.trim()}”.
            </Text>
          ) : isPhone ? (
            <SupplierCards suppliers={rows} onEdit={openDialog} onDelete={askToDelete} />
          ) : (
            <SupplierTable
              suppliers={rows}
              sort={sort}
              onSort={(key) => setSort(toggleSort(sort, key))}
              onEdit={openDialog}
              onDelete={askToDelete}
            />
          )}
        </>
      )}

      <SupplierDialog opened={dialogOpened} supplier={editing} onClose={dialog.close} />
      <ConfirmDeleteModal
        opened={confirmOpened}
        title="Delete Supplier"
        name={toDelete?.name ?? ''}
        onCancel={confirm.close}
        onConfirm={deleteConfirmed}
      />
    </Stack>
  );
}
