import {
  STOCK_MOVEMENT_REASON_LABELS,
  type StockMovement,
  type StockMovementSortField,
} from '@depot/contract';
import { Text } from '@mantine/core';
import type { ListColumn } from '@/components/data-list/data-list';
import { formatDateTime, formatQuantity } from '@/lib/format';

/** A change with its sign, as a ledger writes it: "+10", "−4" (a minus sign, not a hyphen). */
export function formatChange(change: number): string {
  const units = formatQuantity(Math.abs(change));
  if (change > 0) return `+${units}`;
  return change < 0 ? `\u2212${units}` : units;
}

/** What the movement belongs to, in words: "Order 123", "Supply order 45", "Count 7", or nothing. */
export function movementSource(movement: StockMovement): string | null {
  if (movement.order_id !== null) return `Order ${movement.order_id}`;
  if (movement.supply_order_id !== null) return `Supply order ${movement.supply_order_id}`;
  if (movement.stock_count_id !== null) return `Count ${movement.stock_count_id}`;
  return null;
}

/** An item's movements (docs/product/screens.md#stock-history), newest first. */
export function stockMovementColumns(): ListColumn<StockMovement, StockMovementSortField>[] {
  return [
    {
      header: 'Date',
      sort: 'created_at',
      cell: (movement) => formatDateTime(movement.created_at),
      card: 'aside',
      style: { whiteSpace: 'nowrap' },
    },
    {
      header: 'Change',
      align: 'right',
      numeric: true,
      cell: (movement) => (
        <Text
          span
          size="sm"
          fw={600}
          c={
            movement.change > 0
              ? 'teal.8'
              : movement.change < 0
                ? 'var(--depot-color-danger-text)'
                : undefined
          }
        >
          {formatChange(movement.change)}
        </Text>
      ),
      card: 'title',
      cardCell: (movement) =>
        `${formatChange(movement.change)} ${Math.abs(movement.change) === 1 ? 'unit' : 'units'}`,
    },
    {
      header: 'Quantity After',
      align: 'right',
      numeric: true,
      cell: (movement) => formatQuantity(movement.quantity_after),
    },
    { header: 'Reason', cell: (movement) => STOCK_MOVEMENT_REASON_LABELS[movement.reason] },
    { header: 'By', cell: (movement) => movement.actor?.name ?? '—' },
    { header: 'Order', cell: (movement) => movementSource(movement) ?? '—' },
  ];
}
