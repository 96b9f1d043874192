import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SortState } from '@/lib/sort-rows';
import { ChevronDownIcon, ChevronUpIcon, SelectorIcon } from './icons';

interface SortableThProps<Key extends string> {
  column: Key;
  sort: SortState<Key>;
  onSort: (column: Key) => void;
  align?: 'left' | 'right';
  children: ReactNode;
}

/** A column header that sorts the table when clicked; the sorted column carries aria-sort. */
export function SortableTh<Key extends string>({
  column,
  sort,
  onSort,
  align = 'left',
  children,
}: SortableThProps<Key>) {
  const active = sort.key === column;
  const Icon = !active ? SelectorIcon : sort.direction === 'asc' ? ChevronUpIcon : ChevronDownIcon;
  return (
    <Table.Th
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
      ta={align}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton onClick={() => onSort(column)} w={align === 'right' ? undefined : '100%'}>
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          <Text component="span" fw={700} fz="sm">
            {children}
          </Text>
          <Text component="span" c={active ? undefined : 'dimmed'} display="inline-flex">
            <Icon size={14} />
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
