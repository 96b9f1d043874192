import type { Supplier } from '@depot/contract';
import { Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { ConfirmDeleteModal } from '@/components/confirm-delete-modal';
import { DataList } from '@/components/data-list/data-list';
import { PlusIcon } from '@/components/icons';
import { PageTitle } from '@/components/page-title';
import { useDeleteSupplier } from '../api/delete-supplier';
import { useSupplierList } from '../api/list-suppliers';
import { supplierColumns } from '../components/supplier-columns';
import { SupplierDialog } from '../components/supplier-dialog';
import { SupplierScorecards } from '../components/supplier-scorecards';

export const NO_SUPPLIERS_TEXT = 'No suppliers yet.';

export default function SuppliersPage() {
  const suppliers = useSupplierList();
  const deleteSupplier = useDeleteSupplier();

  // Kept after closing, so a closing dialog does not change its title or name while it fades out.
  const [editing, setEditing] = useState<Supplier | null>(null);
  const [toDelete, setToDelete] = useState<Supplier | null>(null);
  const [dialogOpened, dialog] = useDisclosure(false);
  const [confirmOpened, confirm] = useDisclosure(false);

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

      <DataList
        list={suppliers}
        columns={supplierColumns({ onEdit: openDialog, onDelete: askToDelete })}
        rowKey={(supplier) => supplier.id}
        label="Suppliers"
        noun={{ one: 'supplier', other: 'suppliers' }}
        loadingLabel="Loading suppliers"
        errorTitle="Could not load suppliers"
        empty={{
          title: NO_SUPPLIERS_TEXT,
          hint: 'Use Add Supplier to open an account for your first supplier.',
        }}
        noMatch={(search) => `No suppliers match “${search}”.`}
        search={{ label: 'Search suppliers', placeholder: 'Search suppliers by name or email' }}
        minTableWidth={760}
      />

      <SupplierScorecards />

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
