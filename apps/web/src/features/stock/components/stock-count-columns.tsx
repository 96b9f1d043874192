import type { StockItem, StockSortField } from '@depot/contract';
import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ListColumn } from '@/components/data-list/data-list';
import { formatQuantity } from '@/lib/format';
import { formatChange } from './stock-movement-columns';

/** One counted item: the quantity shown when its count was typed, and the count as typed. */
export interface CountedItem {
  stock_id: number;
  stock_name: string;
  expected: number;
  counted: string;
}

/** A typed count that can be sent: a whole number of units. */
export const isWholeCount = (text: string) => /^\d{1,10}$/.test(text.trim());

/** Counted minus shown, or null while the count is not a whole number. */
export function varianceOf(item: CountedItem): number | null {
  return isWholeCount(item.counted) ? Number(item.counted) - item.expected : null;
}

/** The counts typed, kept across pages and searches until confirmed. */
export function useCountedItems() {
  const [items, setItems] = useState<Record<number, CountedItem>>({});
  return {
    list: Object.values(items).sort((a, b) => a.stock_id - b.stock_id),
    of: (stockId: number): CountedItem | undefined => items[stockId],
    /** A count typed for an item as shown; clearing the box takes the item out of the count. */
    type: (item: StockItem, counted: string) =>
      setItems((current) => {
        const { [item.stock_id]: previous, ...others } = current;
        if (counted === '') return others;
        return {
          ...others,
          [item.stock_id]: {
            stock_id: item.stock_id,
            stock_name: item.stock_name,
            expected: previous?.expected ?? item.quantity,
            counted,
          },
        };
      }),
    /** The quantities an item holds now (after a stale count), keeping the counts typed. */
    reshow: (quantities: Map<number, number>) =>
      setItems((current) =>
        Object.fromEntries(
          Object.entries(current).map(([id, item]) => [
            id,
            { ...item, expected: quantities.get(item.stock_id) ?? item.expected },
          ]),
        ),
      ),
    clear: () => setItems({}),
  };
}

export type CountedItems = ReturnType<typeof useCountedItems>;

export function VarianceText({ variance }: { variance: number | null }) {
  if (variance === null)
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Text
      span
      size="sm"
      fw={600}
      c={variance > 0 ? 'teal.8' : variance < 0 ? 'var(--depot-color-danger-text)' : 'dimmed'}
    >
      {formatChange(variance)}
    </Text>
  );
}

/** The manager's items with a box for the count of each (docs/product/screens.md#stock-count). */
export function stockCountColumns(counted: CountedItems): ListColumn<StockItem, StockSortField>[] {
  return [
    {
      header: 'Stock Id',
      sort: 'stock_id',
      cell: (item) => item.stock_id,
      card: 'aside',
      cardCell: (item) => `Stock Id ${item.stock_id}`,
    },
    { header: 'Stock Name', sort: 'stock_name', cell: (item) => item.stock_name, card: 'title' },
    {
      header: 'Quantity',
      sort: 'quantity',
      align: 'right',
      numeric: true,
      cell: (item) => formatQuantity(counted.of(item.stock_id)?.expected ?? item.quantity),
    },
    {
      header: 'Counted',
      style: { width: 130 },
      cell: (item) => {
        const typed = counted.of(item.stock_id)?.counted ?? '';
        return (
          <TextInput
            aria-label={`Counted ${item.stock_name}`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            size="xs"
            value={typed}
            error={typed !== '' && !isWholeCount(typed)}
            onChange={(event) => counted.type(item, event.currentTarget.value)}
          />
        );
      },
    },
    {
      header: 'Variance',
      align: 'right',
      numeric: true,
      cell: (item) => {
        const entry = counted.of(item.stock_id);
        return <VarianceText variance={entry ? varianceOf(entry) : null} />;
      },
    },
  ];
}
