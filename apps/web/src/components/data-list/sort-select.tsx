import type { SortOrder } from '@depot/contract';
import { NativeSelect } from '@mantine/core';
import type { ListSort } from '@/hooks/use-list';

interface SortSelectProps<SortField extends string> {
  columns: readonly { field: SortField; label: string }[];
  sort: ListSort<SortField>;
  onChange: (sort: ListSort<SortField>) => void;
}

/** Sorting for a card list, which has no column headers to click: one choice per column and order. */
export function SortSelect<SortField extends string>({
  columns,
  sort,
  onChange,
}: SortSelectProps<SortField>) {
  const options = columns.flatMap(({ field, label }) => [
    { value: `${field}:asc`, label: `${label} (ascending)` },
    { value: `${field}:desc`, label: `${label} (descending)` },
  ]);
  return (
    <NativeSelect
      label="Sort by"
      data={options}
      w={{ base: '100%', xs: 260 }}
      value={`${sort.field}:${sort.order}`}
      onChange={(event) => {
        const [field, order] = event.currentTarget.value.split(':') as [SortField, SortOrder];
        onChange({ field, order });
      }}
    />
  );
}
