import type { SupplyOrder } from '@depot/contract';
import { Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { RecordDeliveryDialog } from '../components/record-delivery-dialog';
import { SupplyOrderList } from '../components/supply-order-list';
import { UpdateSupplyOrderDialog } from '../components/update-supply-order-dialog';

/**
 * Supply Orders (docs/product/screens.md#my-orders-and-supply-orders): the orders placed with the
 * supplier, which they move along.
 */
export default function SupplyOrdersPage() {
  const [updating, setUpdating] = useState<SupplyOrder | null>(null);
  const [dialogOpened, dialog] = useDisclosure(false);
  const [delivering, setDelivering] = useState<SupplyOrder | null>(null);
  const [deliveryOpened, deliveryDialog] = useDisclosure(false);

  const openUpdate = (order: SupplyOrder) => {
    setUpdating(order);
    dialog.open();
  };
  const openDelivery = (order: SupplyOrder) => {
    setDelivering(order);
    deliveryDialog.open();
  };

  return (
    <Stack gap="md">
      <PageTitle>Supply Orders</PageTitle>
      <SupplyOrderList onUpdate={openUpdate} onDeliver={openDelivery} />
      <UpdateSupplyOrderDialog opened={dialogOpened} order={updating} onClose={dialog.close} />
      <RecordDeliveryDialog opened={deliveryOpened} order={delivering} onClose={deliveryDialog.close} />
    </Stack>
  );
}
