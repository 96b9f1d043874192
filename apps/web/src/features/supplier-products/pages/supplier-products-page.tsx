import type { SupplierProduct } from '@depot/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { PlusIcon } from '@/components/icons';
import { ListState } from '@/components/list-state';
import { PageTitle } from '@/components/page-title';
import { SearchInput } from '@/components/search-input';
import { SortSelect } from '@/components/sort-select';
import { useIsPhone } from '@/hooks/use-is-phone';
import { matchesSearch, type SortState, sortRows, toggleSort } from '@/lib/sort-rows';
import { useSupplierProducts } from '../api/list-supplier-products';
import { ProductCards } from '../components/product-cards';
import { ProductDialog } from '../components/product-dialog';
import { PRODUCT_SORT_COLUMNS, type ProductSortKey, ProductTable } from '../components/product-table';

export const NO_PRODUCTS_TEXT = 'No products yet.';

/** Supplier Products (SPEC §2): the supplier's own catalogue, an Add Product dialog and edits. */
export default function SupplierProductsPage() {
  const isPhone = useIsPhone();
  const products = useSupplierProducts();

  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<ProductSortKey>>({ key: 'id', direction: 'asc' });
  // Kept after closing, so a closing dialog does not change its title while it fades out.
  const [editing, setEditing] = useState<SupplierProduct | null>(null);
  const [dialogOpened, dialog] = useDisclosure(false);

  const rows = useMemo(() => {
    const matching = (products.data ?? []).filter((product) => matchesSearch(search, product.name));
    return sortRows(matching, sort, (product, key) => product[key]);
  }, [products.data, search, sort]);

  const openDialog = (product: SupplierProduct | null) => {
    setEditing(product);
    dialog.open();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <PageTitle>Products</PageTitle>
        <Button leftSection={<PlusIcon />} onClick={() => openDialog(null)}>
          Add Product
        </Button>
      </Group>

      <ListState
        query={products}
        isEmpty={products.data?.length === 0}
        noun="products"
        empty={{ title: NO_PRODUCTS_TEXT, hint: 'Use Add Product to list your first product.' }}
      >
        {() => (
          <>
            <Group gap="sm" align="flex-end">
              <SearchInput
                label="Search products"
                placeholder="Search products by name"
                value={search}
                onChange={setSearch}
              />
              {isPhone && <SortSelect columns={PRODUCT_SORT_COLUMNS} sort={sort} onChange={setSort} />}
            </Group>
            {rows.length === 0 ? (
              <Text c="dimmed" py="md">
                No products match “{search.trim()}”.
              </Text>
            ) : isPhone ? (
              <ProductCards products={rows} onEdit={openDialog} />
            ) : (
              <ProductTable
                products={rows}
                sort={sort}
                onSort={(key) => setSort(toggleSort(sort, key))}
                onEdit={openDialog}
              />
            )}
          </>
        )}
      </ListState>

      <ProductDialog opened={dialogOpened} product={editing} onClose={dialog.close} />
    </Stack>
  );
}
