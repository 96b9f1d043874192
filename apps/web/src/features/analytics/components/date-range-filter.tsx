import { SimpleGrid } from '@mantine/core';
import { DateField } from '@/components/date-field';

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
      <DateField
        label="Start Date"
        required
        value={value.startDate}
        error={error}
        onChange={(startDate) => onChange({ ...value, startDate })}
      />
      <DateField
        label="End Date"
        required
        value={value.endDate}
        onChange={(endDate) => onChange({ ...value, endDate })}
      />
    </SimpleGrid>
  );
}
