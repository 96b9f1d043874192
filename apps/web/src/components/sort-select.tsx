import { NativeSelect } from '@mantine/core';
import type { SortDirection, SortState } from '@/lib/sort-rows';

interface SortSelectProps<Key extends string> {
  columns: readonly { key: Key; label: string }[];
  sort: SortState<Key>;
  onChange: (sort: SortState<Key>) => void;
}

/** Sorting for a card list, which has no column headers to click: one choice per column and direction. */
export function SortSelect<Key extends string>({ columns, sort, onChange }: SortSelectProps<Key>) {
  const options = columns.flatMap(({ key, label }) => [
    { value: `${key}:asc`, label: `${label} (ascending)` },
    { value: `${key}:desc`, label: `${label} (descending)` },
  ]);
  return (
    <NativeSelect
      label="Sort by"
      data={options}
      w={{ base: '100%', xs: 260 }}
      value={`${sort.key}:${sort.direction}`}
      onChange={(event) => {
        const [key, direction] = event.currentTarget.value.split(':') as [Key, SortDirection];
        onChange({ key, direction });
      }}
    />
  );
}
