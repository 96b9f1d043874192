import { STOCK_MOVEMENT_REASON_LABELS, STOCK_MOVEMENT_REASONS } from '@depot/contract';
import { MultiSelect } from '@mantine/core';

const REASON_OPTIONS = STOCK_MOVEMENT_REASONS.map((reason) => ({
  value: reason,
  label: STOCK_MOVEMENT_REASON_LABELS[reason],
}));

/** Narrows an item's history to one or more reasons (the list's repeatable `reason` filter). */
export function MovementReasonFilter({
  value,
  onChange,
}: {
  value: readonly string[];
  onChange: (reasons: string[]) => void;
}) {
  return (
    <MultiSelect
      label="Reason"
      placeholder={value.length === 0 ? 'All reasons' : undefined}
      data={REASON_OPTIONS}
      value={[...value]}
      onChange={onChange}
      clearable
      w={{ base: '100%', xs: 320 }}
    />
  );
}
