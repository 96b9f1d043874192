import { type CourierService, ORDER_STATUSES } from '@depot/contract';
import { Select, SimpleGrid } from '@mantine/core';
import { DateField } from '@/components/date-field';

interface OrderDeskFiltersProps {
  status: string;
  courierId: string;
  from: string;
  to: string;
  couriers: readonly CourierService[];
  onChange: (name: 'status' | 'courier_service_id' | 'from' | 'to', value: string[] | string) => void;
  dateError?: string | undefined;
}

/** Status, courier, and the days the order was placed (UTC, both optional). */
export function OrderDeskFilters({
  status,
  courierId,
  from,
  to,
  couriers,
  onChange,
  dateError,
}: OrderDeskFiltersProps) {
  return (
    // Two a row on a phone, so a search's first results show without scrolling past the filters.
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Select
        label="Status"
        placeholder="All statuses"
        data={[...ORDER_STATUSES]}
        value={status || null}
        onChange={(value) => onChange('status', value ?? '')}
        clearable
      />
      <Select
        label="Courier"
        placeholder="All couriers"
        data={couriers.map((courier) => ({ value: String(courier.id), label: courier.name }))}
        value={courierId || null}
        onChange={(value) => onChange('courier_service_id', value ?? '')}
        clearable
        searchable
      />
      <DateField
        label="Placed from"
        value={from}
        error={dateError}
        onChange={(day) => onChange('from', day)}
      />
      <DateField label="Placed to" value={to} onChange={(day) => onChange('to', day)} />
    </SimpleGrid>
  );
}
