import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatQuantity } from '@/lib/format';

/** A list screen's path with its list-protocol filters in the query (a status may repeat). */
export function listLink(path: string, filters: Record<string, string | readonly string[]>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    for (const item of typeof value === 'string' ? [value] : value) query.append(name, item);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** A UTC day as the Overview writes it: 2026-06-15 → 15/06/2026 (docs/product/screens.md#formats). */
export const formatDay = (day: string) => day.split('-').reverse().join('/');

/** One part of a role's day: a titled card, its counts, or its empty state when they are all 0. */
export function DayCard({
  title,
  empty,
  isEmpty,
  children,
}: {
  title: string;
  /** What the card says when it has nothing to count. */
  empty: ReactNode;
  isEmpty: boolean;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Text fw={600} mb="xs">
        {title}
      </Text>
      {isEmpty ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <Stack gap={6}>{children}</Stack>
      )}
    </Paper>
  );
}

/**
 * One count of a card: its label and the number, the number a link to the list it counts (with
 * the filters in the URL) named for screen readers as "3 Processing orders".
 */
export function DayCount({
  label,
  count,
  to,
  noun,
  warn = false,
}: {
  label: string;
  count: number;
  to: string;
  noun: string;
  /** Shown in red while above 0 (overdue). */
  warn?: boolean;
}) {
  const alert = warn && count > 0;
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{label}</Text>
      <Anchor
        component={Link}
        to={to}
        aria-label={`${formatQuantity(count)} ${label} ${noun}`}
        fw={600}
        c={alert ? 'var(--depot-color-danger-text)' : undefined}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {formatQuantity(count)}
      </Anchor>
    </Group>
  );
}
