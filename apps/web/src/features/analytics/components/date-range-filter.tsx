import { SimpleGrid, TextInput } from '@mantine/core';

export interface DateRangeValues {
  startDate: string;
  endDate: string;
}

interface DateRangeFilterProps {
  value: DateRangeValues;
  onChange: (value: DateRangeValues) => void;
  /** Why the range cannot be used yet, shown under the start date. */
  error?: string;
}

/**
 * Start and end date, both required (docs/product/screens.md#inventory-reporting,
 * docs/product/validation-and-messages.md#analytics); the end day counts whole.
 */
export function DateRangeFilter({ value, onChange, error }: DateRangeFilterProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={520}>
      <TextInput
        type="date"
        label="Start Date"
        required
        value={value.startDate}
        max={value.endDate || undefined}
        error={error}
        onChange={(event) => onChange({ ...value, startDate: event.currentTarget.value })}
      />
      <TextInput
        type="date"
        label="End Date"
        required
        value={value.endDate}
        min={value.startDate || undefined}
        onChange={(event) => onChange({ ...value, endDate: event.currentTarget.value })}
      />
    </SimpleGrid>
  );
}
