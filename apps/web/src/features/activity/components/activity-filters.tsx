import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '@depot/contract';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { DateField } from '@/components/date-field';

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }));

/** The Activity page's filters; empty strings mean "any". Days are YYYY-MM-DD, UTC, `to` whole. */
export interface ActivityFilters {
  action: string;
  actor: string;
  from: string;
  to: string;
}

interface ActivityFilterBarProps {
  value: ActivityFilters;
  /** One filter changed. */
  onChange: (name: keyof ActivityFilters, value: string) => void;
  /** Why the dates cannot be used, shown under From. */
  dateError?: string | undefined;
}

/** Action, who, and a day range (UTC days, both optional, the To day whole). */
export function ActivityFilterBar({ value, onChange, dateError }: ActivityFilterBarProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <Select
        label="Action"
        placeholder="All actions"
        data={ACTION_OPTIONS}
        value={value.action || null}
        onChange={(action) => onChange('action', action ?? '')}
        clearable
        searchable
      />
      <TextInput
        type="search"
        label="Who"
        placeholder="Name or email"
        value={value.actor}
        onChange={(event) => onChange('actor', event.currentTarget.value)}
      />
      <DateField
        label="From"
        value={value.from}
        error={dateError}
        onChange={(day) => onChange('from', day)}
      />
      <DateField label="To" value={value.to} onChange={(day) => onChange('to', day)} />
    </SimpleGrid>
  );
}
