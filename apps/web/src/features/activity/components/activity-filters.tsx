import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from '@depot/contract';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { ActivityFilters } from '../api/list-activity';

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }));

interface ActivityFilterBarProps {
  value: ActivityFilters;
  onChange: (value: ActivityFilters) => void;
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
        onChange={(action) => onChange({ ...value, action: (action ?? '') as AuditAction | '' })}
        clearable
        searchable
      />
      <TextInput
        type="search"
        label="Who"
        placeholder="Name or email"
        value={value.actor}
        onChange={(event) => onChange({ ...value, actor: event.currentTarget.value })}
      />
      <TextInput
        type="date"
        label="From"
        value={value.from}
        max={value.to || undefined}
        error={dateError}
        onChange={(event) => onChange({ ...value, from: event.currentTarget.value })}
      />
      <TextInput
        type="date"
        label="To"
        value={value.to}
        min={value.from || undefined}
        onChange={(event) => onChange({ ...value, to: event.currentTarget.value })}
      />
    </SimpleGrid>
  );
}
