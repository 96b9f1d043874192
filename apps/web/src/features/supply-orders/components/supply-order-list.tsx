import { SUPPLY_ORDER_MESSAGES, type SupplyOrder, type SupplyOrderSortField } from '@depot/contract';
import { DataList } from '@/components/data-list/data-list';
import { DayRangeChip } from '@/components/data-list/day-range-chip';
import { PrintSelectedButton, selectColumn } from '@/components/print-selection';
import { useRowSelection } from '@/hooks/use-row-selection';
import { useSupplyOrderList } from '../api/list-supply-orders';
import { supplyOrderColumns } from './supply-order-columns';
import { SupplyOrderStatusFilter } from './supply-order-status-filter';

/**
 * The supply orders list of My Orders (manager) and Supply Orders (supplier): newest first, a page
 * at a time, searched, sorted and filtered by status on the server; the orders ticked print as
 * purchase orders, one page each.
 */
export function SupplyOrderList({
  onUpdate,
  onDeliver,
}: {
  onUpdate?: (order: SupplyOrder) => void;
  onDeliver?: (order: SupplyOrder) => void;
}) {
  const orders = useSupplyOrderList();
  const selection = useRowSelection();
  return (
    <DataList
      list={orders}
      columns={[
        selectColumn<SupplyOrder, SupplyOrderSortField>(selection, orders.rows, 'supply order'),
        ...supplyOrderColumns(onUpdate, onDeliver),
      ]}
      rowKey={(order) => order.id}
      label="Supply orders"
      noun={{ one: 'supply order', other: 'supply orders' }}
      loadingLabel="Loading supply orders"
      errorTitle="Could not load supply orders"
      empty={{ title: SUPPLY_ORDER_MESSAGES.noSupplyOrders }}
      noMatch={(search) =>
        search ? `No supply orders match “${search}”.` : 'No supply orders match these filters.'
      }
      search={{
        label: 'Search supply orders',
        placeholder: 'Search by ID, name or address',
      }}
      filters={
        <>
          <SupplyOrderStatusFilter
            value={orders.filters.status ?? []}
            onChange={(statuses) => orders.setFilter('status', statuses)}
          />
          <PrintSelectedButton
            selection={selection}
            document="purchase-orders"
            label="Print purchase orders"
          />
          <DayRangeChip label="Expected" from="due_from" to="due_to" />
        </>
      }
      cardsBelowEm={75}
      minTableWidth={900}
    />
  );
}
