import { SUPPLY_ORDER_STATUSES } from '@depot/contract';
import { MultiSelect } from '@mantine/core';

/** Narrows the list to one or more statuses (the list protocol's repeatable status filter). */
export function SupplyOrderStatusFilter({
  value,
  onChange,
}: {
  value: readonly string[];
  onChange: (statuses: string[]) => void;
}) {
  return (
    <MultiSelect
      label="Status"
      placeholder={value.length === 0 ? 'All statuses' : undefined}
      data={[...SUPPLY_ORDER_STATUSES]}
      value={[...value]}
      onChange={onChange}
      clearable
      w={{ base: '100%', xs: 280 }}
    />
  );
}
