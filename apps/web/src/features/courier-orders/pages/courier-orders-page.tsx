import {
  BULK_STATUS_MAX,
  bulkStatusMessage,
  COURIER_ORDER_STATUSES,
  type CourierOrderStatus,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
} from '@depot/contract';
import { Alert, Button, Group, NativeSelect, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal';
import { DataList } from '@/components/data-list/data-list';
import { DayRangeChip } from '@/components/data-list/day-range-chip';
import { PageTitle } from '@/components/page-title';
import { useIsPhone } from '@/hooks/use-is-phone';
import { errorMessageOf } from '@/lib/api-client';
import { formatQuantity } from '@/lib/format';
import { printPath } from '@/lib/print-documents';
import { useSessionUser } from '@/lib/session-user';
import { toast } from '@/lib/toast';
import { useBulkStatus } from '../api/bulk-status';
import { useCourierOrderList, useOrderStatusCounts } from '../api/list-courier-orders';
import { courierOrderColumns } from '../components/courier-order-columns';
import { FailedAttemptDialog } from '../components/failed-attempt-dialog';
import { UpdateStatusDialog } from '../components/update-status-dialog';
import { useLiveCourierOrders } from '../components/use-live-courier-orders';
import { OfflineSyncPanel } from '../offline/offline-sync-panel';

export const NO_COURIER_ORDERS_TEXT = 'No orders assigned to you yet.';
export const NOTHING_DUE_TEXT = 'Nothing due today.';
export const NO_OPEN_ORDERS_TEXT = 'No open orders.';

const ALL = 'All';
const OPEN = 'Open';
const ANY_DAY = 'Any day';
const DUE_TODAY = 'Due today';
/** The URL's names and values for the board's own choices. */
const PARAMS = { status: 'status', due: 'due', page: 'page' } as const;
const ALL_STATUSES = 'all';
const TODAY = 'today';

/** Today as a UTC day, which delivery dates are counted in (docs/product/screens.md#courier-service). */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The courier's board (docs/product/screens.md#courier-service): opens on the open orders (not
 * Delivered, Returned or Cancelled), soonest due first (late ones at the top), with a count per status;
 * "Due today" narrows to what is due by today. A page at a time, updated live; several orders
 * ticked take one status at once.
 */
export default function CourierOrdersPage() {
  const courierId = useSessionUser().id;
  const [searchParams, setSearchParams] = useSearchParams();
  const dueToday = searchParams.get(PARAMS.due) === TODAY;
  const statusParam = searchParams.get(PARAMS.status);
  const chosen = ORDER_STATUSES.find((status) => status === statusParam);
  const allStatuses = statusParam === ALL_STATUSES;
  // "Due today" is due by today, late orders too; an Overview's link may name the days instead.
  const days = dueToday
    ? { delivery_to: todayUtc() }
    : {
        delivery_from: searchParams.get('delivery_from') ?? undefined,
        delivery_to: searchParams.get('delivery_to') ?? undefined,
      };
  const statuses: readonly OrderStatus[] | undefined = chosen
    ? [chosen]
    : allStatuses
      ? undefined
      : OPEN_ORDER_STATUSES;
  const counts = useOrderStatusCounts(days);
  const hasOrders = (counts.data?.total ?? 0) > 0;
  // With orders of their own, a courier whose choices show none keeps the choices on screen.
  const orders = useCourierOrderList({ status: statuses, ...days, narrowed: hasOrders });
  useLiveCourierOrders(courierId);
  const isPhone = useIsPhone();
  const [updating, setUpdating] = useState<Order | null>(null);
  const [attempting, setAttempting] = useState<Order | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  /** Sets the board's own URL choices, back on the first page, with nothing ticked. */
  const choose = (changes: Record<string, string | undefined>) => {
    setSelected(new Set());
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries({ ...changes, [PARAMS.page]: undefined })) {
          if (value === undefined) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { preventScrollReset: true },
    );
  };

  const countOf = (status: OrderStatus) => counts.data?.counts[status];
  const labelled = (label: string, count: number | undefined) =>
    count === undefined ? label : `${label} (${formatQuantity(count)})`;
  const openCount = counts.data
    ? OPEN_ORDER_STATUSES.reduce((sum, status) => sum + (countOf(status) ?? 0), 0)
    : undefined;
  const statusChoices = [
    { value: OPEN, label: labelled(OPEN, openCount) },
    ...ORDER_STATUSES.map((status) => ({ value: status, label: labelled(status, countOf(status)) })),
    { value: ALL, label: labelled(ALL, counts.data?.total) },
  ];
  const statusValue = chosen ?? (allStatuses ? ALL : OPEN);

  const selection = {
    selected,
    toggle: (id: number, checked: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (checked && next.size < BULK_STATUS_MAX) next.add(id);
        else next.delete(id);
        return next;
      }),
  };

  return (
    <Stack gap="md">
      <PageTitle>Courier Service</PageTitle>
      <OfflineSyncPanel userId={courierId} />
      {selected.size > 0 && (
        <BulkStatusBar
          ids={[...selected]}
          onDone={(refusedIds) => setSelected(new Set(refusedIds))}
          onClear={() => setSelected(new Set())}
        />
      )}
      <DataList
        list={orders}
        columns={courierOrderColumns(setUpdating, selection, setAttempting)}
        rowKey={(order) => order.id}
        label="Orders"
        noun={{ one: 'order', other: 'orders' }}
        loadingLabel="Loading orders"
        errorTitle="Could not load orders"
        empty={
          dueToday && hasOrders
            ? { title: NOTHING_DUE_TEXT, hint: 'Choose "Any day" to see every open order.' }
            : hasOrders
              ? {
                  title: NO_OPEN_ORDERS_TEXT,
                  hint: 'Choose "All" to see delivered, returned and cancelled orders.',
                }
              : { title: NO_COURIER_ORDERS_TEXT, hint: 'New orders appear here as customers place them.' }
        }
        noMatch={(search) =>
          search === '' && dueToday
            ? NOTHING_DUE_TEXT
            : search === '' && statusValue === OPEN && !days.delivery_from && !days.delivery_to
              ? NO_OPEN_ORDERS_TEXT
              : 'No orders match these filters.'
        }
        search={{ label: 'Search orders', placeholder: 'Search by order ID, address or PIN' }}
        filters={
          <Group gap="xs" wrap="wrap" w={isPhone ? '100%' : undefined}>
            <SegmentedControl
              aria-label="Show orders due"
              data={[ANY_DAY, DUE_TODAY]}
              value={dueToday ? DUE_TODAY : ANY_DAY}
              onChange={(value) => choose({ [PARAMS.due]: value === DUE_TODAY ? TODAY : undefined })}
              fullWidth={isPhone}
              w={isPhone ? '100%' : undefined}
            />
            <SegmentedControl
              aria-label="Show orders by status"
              data={statusChoices}
              value={statusValue}
              onChange={(value) =>
                choose({
                  [PARAMS.status]: value === OPEN ? undefined : value === ALL ? ALL_STATUSES : value,
                })
              }
              fullWidth={isPhone}
              orientation={isPhone ? 'vertical' : 'horizontal'}
              w={isPhone ? '100%' : undefined}
            />
            {!dueToday && <DayRangeChip label="Due" from="delivery_from" to="delivery_to" />}
          </Group>
        }
        cardsBelowEm={80}
        minTableWidth={900}
      />
      <UpdateStatusDialog order={updating} onClose={() => setUpdating(null)} />
      <FailedAttemptDialog order={attempting} onClose={() => setAttempting(null)} />
    </Stack>
  );
}

/**
 * The statuses several orders take at once: not Delivered, which needs each order's own proof
 * (docs/decisions/032-proof-of-delivery.md); the server refuses it in bulk too.
 */
const BULK_STATUSES = COURIER_ORDER_STATUSES.filter((status) => status !== 'Delivered');

/** The ticked orders' one status: chosen, sent in one request, each order's outcome told. */
function BulkStatusBar(props: {
  ids: number[];
  onDone: (refusedIds: number[]) => void;
  onClear: () => void;
}) {
  const [status, setStatus] = useState<CourierOrderStatus>('In Transit');
  const bulk = useBulkStatus();
  const refused = bulk.data?.results.filter((result) => result.outcome === 'refused') ?? [];
  // Returned is final for the courier, as the one-order dialog warns: asked once more for several.
  const [confirming, setConfirming] = useState(false);
  const send = () =>
    bulk.mutate(
      { ids: props.ids, status },
      {
        onSuccess: ({ results }) => {
          const refusedIds = results.filter((r) => r.outcome === 'refused').map((r) => r.id);
          const message = bulkStatusMessage(results.length - refusedIds.length, refusedIds.length);
          if (refusedIds.length > 0) toast.error(message);
          else toast.success(message);
          props.onDone(refusedIds);
        },
        onSettled: () => setConfirming(false),
      },
    );
  return (
    <Paper withBorder p="sm" role="region" aria-label="Selected orders">
      <ConfirmModal
        opened={confirming}
        title="Returned is final"
        confirmLabel="Set Returned"
        pending={bulk.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={send}
      >
        Mark {formatQuantity(props.ids.length)} {props.ids.length === 1 ? 'order' : 'orders'} Returned? Their
        items go back to stock and you can no longer change them. A manager can reopen them.
      </ConfirmModal>
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Text size="sm" fw={500}>
            {props.ids.length} selected
          </Text>
          <NativeSelect
            label="New status"
            description="Delivered: one order at a time, with its proof"
            data={BULK_STATUSES}
            value={status}
            onChange={(event) => setStatus(event.currentTarget.value as CourierOrderStatus)}
          />
          <Button
            loading={bulk.isPending}
            onClick={() => (status === 'Returned' ? setConfirming(true) : send())}
          >
            Set status
          </Button>
          {/* The ticked orders' packing slips, one A4 page each, in a new tab (docs/product/screens.md#printed-documents). */}
          <Button
            variant="light"
            component="a"
            href={printPath('packing-slips', props.ids)}
            target="_blank"
            rel="noopener"
          >
            Print packing slips ({formatQuantity(props.ids.length)})
          </Button>
          <Button variant="default" onClick={props.onClear}>
            Clear selection
          </Button>
        </Group>
        {bulk.isError && (
          <Alert color="red" title="No status was changed">
            {errorMessageOf(bulk.error)}
          </Alert>
        )}
        {refused.length > 0 && (
          <Alert color="yellow" title="Some orders were not changed">
            <ul style={{ margin: 0, paddingLeft: '1.1em' }}>
              {refused.map((result) => (
                <li key={result.id}>
                  Order {result.id}: {result.message}
                </li>
              ))}
            </ul>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
