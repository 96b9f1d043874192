import {
  isDayRangeInOrder,
  LIST_MESSAGES,
  ORDER_MESSAGES,
  type Order,
  type OrderSortField,
} from '@depot/contract';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataList } from '@/components/data-list/data-list';
import { PageTitle } from '@/components/page-title';
import { PrintSelectedButton, selectColumn } from '@/components/print-selection';
import { ProofOfDelivery } from '@/components/proof-of-delivery';
import { LoadingSpinner, QueryError } from '@/components/query-states';
import { useRowSelection } from '@/hooks/use-row-selection';
import { errorMessageOf } from '@/lib/api-client';
import { useLiveEvents } from '@/lib/live-events';
import { toast } from '@/lib/toast';
import {
  dayRangeOf,
  orderDeskKeys,
  useDeskCancelOrder,
  useDeskCouriers,
  useDeskOrderDetail,
  useOrderDeskList,
  useReassignCourier,
} from '../api/order-desk';
import { orderDeskColumns } from '../components/order-desk-columns';
import { OrderDeskFilters } from '../components/order-desk-filters';
import { ReopenDialog } from '../components/reopen-dialog';

export const NO_DESK_ORDERS_TEXT = 'No customer has ordered your stock yet.';
/** A Delivered order from before proofs of delivery. */
export const NO_PROOF_TEXT = 'This order was delivered before Depot kept proofs of delivery.';

/**
 * Customer Orders (docs/product/screens.md#customer-orders-manager): the orders holding the
 * manager's stock; find one in a few keystrokes, give it another courier, or cancel it (stock back).
 */
export default function OrderDeskPage() {
  const orders = useOrderDeskList();
  const couriers = useDeskCouriers();
  const queryClient = useQueryClient();
  const [reassigning, setReassigning] = useState<Order | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [reopening, setReopening] = useState<Order | null>(null);
  const [showingProof, setShowingProof] = useState<Order | null>(null);
  const selection = useRowSelection();
  useLiveEvents((signal) => {
    if (signal.type === 'reconnected' || signal.type === 'order-updated') {
      void queryClient.invalidateQueries({ queryKey: orderDeskKeys.lists() });
    }
  });
  const courierList = couriers.data ?? [];
  const courierName = (id: number) => courierList.find((courier) => courier.id === id)?.name ?? `#${id}`;
  const range = dayRangeOf(orders.filters);

  return (
    <Stack gap="md">
      <PageTitle>Customer Orders</PageTitle>
      <DataList
        list={orders}
        columns={[
          selectColumn<Order, OrderSortField>(selection, orders.rows, 'order'),
          ...orderDeskColumns({
            courierName,
            onReassign: setReassigning,
            onCancel: setCancelling,
            onReopen: setReopening,
            onShowProof: setShowingProof,
          }),
        ]}
        rowKey={(order) => order.id}
        label="Customer orders"
        noun={{ one: 'order', other: 'orders' }}
        loadingLabel="Loading customer orders"
        errorTitle="Could not load customer orders"
        empty={{ title: NO_DESK_ORDERS_TEXT, hint: 'Orders appear here as customers place them.' }}
        noMatch={(search) => (search ? `No orders match “${search}”.` : 'No orders match these filters.')}
        search={{ label: 'Search customer orders', placeholder: 'Order number, customer, phone or PIN' }}
        filters={
          <>
            <OrderDeskFilters
              status={orders.filters.status?.[0] ?? ''}
              courierId={orders.filters.courier_service_id?.[0] ?? ''}
              from={range.from ?? ''}
              to={range.to ?? ''}
              couriers={courierList}
              dateError={isDayRangeInOrder(range) ? undefined : LIST_MESSAGES.fromAfterTo}
              onChange={(name, value) => orders.setFilter(name, value === '' ? undefined : value)}
            />
            <PrintSelectedButton selection={selection} document="packing-slips" label="Print packing slips" />
          </>
        }
        cardsBelowEm={80}
        minTableWidth={980}
      />
      <ReassignDialog order={reassigning} couriers={courierList} onClose={() => setReassigning(null)} />
      <CancelDialog order={cancelling} onClose={() => setCancelling(null)} />
      <ReopenDialog order={reopening} onClose={() => setReopening(null)} />
      <ProofDialog order={showingProof} onClose={() => setShowingProof(null)} />
    </Stack>
  );
}

/** A Delivered order's proof of delivery: who took it, how it was proven, when, and its photo. */
function ProofDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const detail = useDeskOrderDetail(order?.id);
  return (
    <Modal opened={order !== null} onClose={onClose} title={`Order #${order?.id ?? ''}`} centered size="lg">
      {detail.isPending ? (
        <LoadingSpinner label="Loading the proof of delivery" />
      ) : detail.isError ? (
        <QueryError
          title="Could not load the proof of delivery"
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      ) : detail.data.proof ? (
        <ProofOfDelivery proof={detail.data.proof} />
      ) : (
        <Text size="sm">{NO_PROOF_TEXT}</Text>
      )}
    </Modal>
  );
}

function ReassignDialog({
  order,
  couriers,
  onClose,
}: {
  order: Order | null;
  couriers: readonly { id: number; name: string }[];
  onClose: () => void;
}) {
  const reassign = useReassignCourier();
  const [courierId, setCourierId] = useState<string | null>(null);
  const close = () => {
    reassign.reset();
    setCourierId(null);
    onClose();
  };
  const chosen = courierId ?? (order ? String(order.courier_service_id) : null);
  return (
    <Modal opened={order !== null} onClose={close} title="Change courier" centered>
      {order && (
        <Stack gap="sm">
          <Text size="sm">
            Order #{order.id} for {order.customer_name}
          </Text>
          <Select
            label="Courier service"
            data={couriers.map((courier) => ({ value: String(courier.id), label: courier.name }))}
            value={chosen}
            onChange={setCourierId}
            searchable
            allowDeselect={false}
          />
          {reassign.isError && (
            <Alert color="red" title="The courier was not changed">
              {errorMessageOf(reassign.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button
              loading={reassign.isPending}
              disabled={chosen === null || chosen === String(order.courier_service_id)}
              onClick={() =>
                reassign.mutate(
                  { id: order.id, courierId: Number(chosen) },
                  {
                    onSuccess: () => {
                      toast.success(ORDER_MESSAGES.courierReassigned);
                      close();
                    },
                  },
                )
              }
            >
              Change courier
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function CancelDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const cancel = useDeskCancelOrder();
  const close = () => {
    cancel.reset();
    onClose();
  };
  return (
    <Modal opened={order !== null} onClose={close} title="Cancel order" centered>
      {order && (
        <Stack gap="sm">
          <Text>
            Cancel order #{order.id} for {order.customer_name}? Every line's units go back to its stock item
            (another manager's too, if the order holds theirs) and the customer is told. This cannot be
            undone.
          </Text>
          {cancel.isError && (
            <Alert color="red" title="The order was not cancelled">
              {errorMessageOf(cancel.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              Keep order
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(order.id, {
                  onSuccess: () => {
                    toast.success(ORDER_MESSAGES.cancelled);
                    close();
                  },
                })
              }
            >
              Cancel order
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
