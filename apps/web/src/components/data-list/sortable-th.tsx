import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { ChevronDownIcon, ChevronUpIcon, SelectorIcon } from '@/components/icons';
import type { ListSort } from '@/hooks/use-list';

interface SortableThProps<SortField extends string> {
  field: SortField;
  sort: ListSort<SortField>;
  onSort: (field: SortField) => void;
  align?: 'left' | 'right';
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * A column header that sorts the list when clicked (a button, so Enter and Space work too); the
 * sorted column carries aria-sort.
 */
export function SortableTh<SortField extends string>({
  field,
  sort,
  onSort,
  align = 'left',
  style,
  children,
}: SortableThProps<SortField>) {
  const active = sort.field === field;
  const Icon = !active ? SelectorIcon : sort.order === 'asc' ? ChevronUpIcon : ChevronDownIcon;
  return (
    <Table.Th
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
      ta={align}
      style={{ whiteSpace: 'nowrap', ...style }}
    >
      <UnstyledButton onClick={() => onSort(field)} w={align === 'right' ? undefined : '100%'}>
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
