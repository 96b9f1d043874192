import { isFinalSupplyOrderStatus, type SupplyOrder } from '@depot/contract';
import { Button, Table } from '@mantine/core';
import { SortableTh } from '@/components/sortable-th';
import { formatMoney, formatQuantity } from '@/lib/format';
import type { SortState } from '@/lib/sort-rows';
import { ExpectedDelivery, OrderProducts } from './supply-order-fields';
import { productNames } from './supply-order-format';
import { SupplyOrderStatusBadge } from './supply-order-status-badge';

export type SupplyOrderSortKey =
  | 'id'
  | 'products'
  | 'total_quantity'
  | 'total_cost'
  | 'address'
  | 'mobile_number'
  | 'status'
  | 'expected_delivery_time';

export const SUPPLY_ORDER_SORT_COLUMNS: readonly { key: SupplyOrderSortKey; label: string }[] = [
  { key: 'id', label: 'Order ID' },
  { key: 'products', label: 'Products' },
  { key: 'total_quantity', label: 'Total Quantity' },
  { key: 'total_cost', label: 'Total Cost' },
  { key: 'address', label: 'Address' },
  { key: 'mobile_number', label: 'Mobile' },
  { key: 'status', label: 'Status' },
  { key: 'expected_delivery_time', label: 'Expected Delivery' },
];

export function supplyOrderSortValue(order: SupplyOrder, key: SupplyOrderSortKey) {
  return key === 'products' ? productNames(order) : order[key];
}

interface SupplyOrderTableProps {
  orders: readonly SupplyOrder[];
  sort: SortState<SupplyOrderSortKey>;
  onSort: (key: SupplyOrderSortKey) => void;
  /** Suppliers only: adds the Action column with the Update button (SPEC §2). */
  onUpdate?: (order: SupplyOrder) => void;
}

/** Supply orders (SPEC §2); in a narrow window the table scrolls inside its box, never the whole page. */
export function SupplyOrderTable({ orders, sort, onSort, onUpdate }: SupplyOrderTableProps) {
  const header = { sort, onSort };
  return (
    <Table.ScrollContainer minWidth={onUpdate ? 1000 : 920} type="native">
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {SUPPLY_ORDER_SORT_COLUMNS.map(({ key, label }) => (
              <SortableTh
                key={key}
                column={key}
                align={key === 'total_quantity' || key === 'total_cost' ? 'right' : 'left'}
                {...header}
              >
                {label}
              </SortableTh>
            ))}
            {onUpdate && <Table.Th ta="right">Action</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td>{order.id}</Table.Td>
              <Table.Td miw={140}>
                <OrderProducts order={order} />
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatQuantity(order.total_quantity)}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatMoney(order.total_cost)}
              </Table.Td>
              <Table.Td maw={220} style={{ overflowWrap: 'anywhere' }}>
                {order.address}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{order.mobile_number}</Table.Td>
              <Table.Td>
                <SupplyOrderStatusBadge status={order.status} />
              </Table.Td>
              <Table.Td>
                <ExpectedDelivery order={order} />
              </Table.Td>
              {onUpdate && (
                <Table.Td ta="right">
                  <UpdateButton order={order} onUpdate={onUpdate} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Delivered and Canceled orders can no longer change (the server answers 409), so their button is off. */
export function UpdateButton({
  order,
  onUpdate,
  fullWidth = false,
}: {
  order: SupplyOrder;
  onUpdate: (order: SupplyOrder) => void;
  fullWidth?: boolean;
}) {
  const final = isFinalSupplyOrderStatus(order.status);
  return (
    <Button
      variant="light"
      size="xs"
      fullWidth={fullWidth}
      aria-label={`Update order ${order.id}`}
      title={final ? `${order.status} orders can no longer change` : undefined}
      disabled={final}
      onClick={() => onUpdate(order)}
    >
      Update
    </Button>
  );
}
