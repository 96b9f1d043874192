import type { SupplierProduct } from '@depot/contract';
import { Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { ConfirmDeleteModal } from '@/components/confirm-delete-modal';
import { DataList } from '@/components/data-list/data-list';
import { PlusIcon } from '@/components/icons';
import { ImportDialog } from '@/components/import-dialog/import-dialog';
import { PageTitle } from '@/components/page-title';
import { supplierProductKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { useSupplierProductList } from '../api/list-supplier-products';
import { useDeleteSupplierProduct, useSetProductDiscontinued } from '../api/product-lifecycle';
import { productColumns } from '../components/product-columns';
import { ProductDialog } from '../components/product-dialog';

export const NO_PRODUCTS_TEXT = 'No products yet.';

/**
 * Supplier Products (docs/product/screens.md#supplier-products): the supplier's own catalogue, an
 * Add Product dialog, edits, discontinuing and resuming, and deleting one never ordered.
 */
export default function SupplierProductsPage() {
  const products = useSupplierProductList();
  // Kept after closing, so a closing dialog does not change its title while it fades out.
  const [editing, setEditing] = useState<SupplierProduct | null>(null);
  const [dialogOpened, dialog] = useDisclosure(false);
  const [importOpened, importDialog] = useDisclosure(false);

  const discontinue = useSetProductDiscontinued();
  const deleteProduct = useDeleteSupplierProduct();
  const [toDelete, setToDelete] = useState<SupplierProduct | null>(null);
  const [confirmOpened, confirm] = useDisclosure(false);

  const openDialog = (product: SupplierProduct | null) => {
    setEditing(product);
    dialog.open();
  };
  const setDiscontinued = (product: SupplierProduct, discontinued: boolean) =>
    discontinue.mutate(
      { id: product.id, discontinued },
      { onSuccess: ({ message }) => toast.success(`${message}: ${product.name}`) },
    );
  const askToDelete = (product: SupplierProduct) => {
    setToDelete(product);
    confirm.open();
  };
  const deleteConfirmed = () => {
    if (!toDelete) return;
    deleteProduct.mutate(toDelete.id, {
      onSuccess: ({ message }) => toast.success(`${message}: ${toDelete.name}`),
      onSettled: confirm.close,
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <PageTitle>Products</PageTitle>
        <Group gap="sm">
          <Button variant="default" onClick={importDialog.open}>
            Import CSV
          </Button>
          <Button leftSection={<PlusIcon />} onClick={() => openDialog(null)}>
            Add Product
          </Button>
        </Group>
      </Group>

      <DataList
        list={products}
        columns={productColumns({
          onEdit: openDialog,
          onDiscontinue: setDiscontinued,
          onDelete: askToDelete,
          pendingId: discontinue.isPending ? discontinue.variables?.id : undefined,
        })}
        rowKey={(product) => product.id}
        label="Products"
        noun={{ one: 'product', other: 'products' }}
        loadingLabel="Loading products"
        errorTitle="Could not load products"
        empty={{ title: NO_PRODUCTS_TEXT, hint: 'Use Add Product to list your first product.' }}
        noMatch={(search) => `No products match “${search}”.`}
        search={{ label: 'Search products', placeholder: 'Search products by name' }}
        cardColumns={3}
      />

      <ProductDialog opened={dialogOpened} product={editing} onClose={dialog.close} />
      <ConfirmDeleteModal
        opened={confirmOpened}
        title="Delete Product"
        name={toDelete?.name ?? ''}
        pending={deleteProduct.isPending}
        onCancel={confirm.close}
        onConfirm={deleteConfirmed}
      />
      <ImportDialog
        opened={importOpened}
        onClose={importDialog.close}
        title="Import products"
        path="/api/stock-replenishment/products/import"
        columns="name, price, weight and quantity, and optionally sku (the Export CSV file has them all)"
        invalidates={supplierProductKeys.all}
      />
    </Stack>
  );
}
