import type { SupplyOrder } from '@depot/contract';
import { Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { SupplyOrderList } from '../components/supply-order-list';
import { UpdateSupplyOrderDialog } from '../components/update-supply-order-dialog';

/**
 * Supply Orders (docs/product/screens.md#my-orders-and-supply-orders): the orders placed with the
 * supplier, which they move along.
 */
export default function SupplyOrdersPage() {
  const [updating, setUpdating] = useState<SupplyOrder | null>(null);
  const [dialogOpened, dialog] = useDisclosure(false);

  const openUpdate = (order: SupplyOrder) => {
    setUpdating(order);
    dialog.open();
  };

  return (
    <Stack gap="md">
      <PageTitle>Supply Orders</PageTitle>
      <SupplyOrderList onUpdate={openUpdate} />
      <UpdateSupplyOrderDialog opened={dialogOpened} order={updating} onClose={dialog.close} />
    </Stack>
  );
}
