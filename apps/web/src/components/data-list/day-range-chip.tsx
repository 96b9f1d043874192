import { CloseButton, Group, Paper, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { LIST_URL_PARAMS } from '@/hooks/use-list';

const dayOf = (day: string) => day.split('-').reverse().join('/');

/** "15/06/2026", "15/06/2026 – 21/06/2026", "up to 14/06/2026" or "from 15/06/2026". */
export function dayRangeText(from: string | undefined, to: string | undefined): string {
  if (from && to) return from === to ? dayOf(from) : `${dayOf(from)} – ${dayOf(to)}`;
  if (to) return `up to ${dayOf(to)}`;
  return from ? `from ${dayOf(from)}` : '';
}

/**
 * A list's day filter that arrived in its URL (an Overview link: "due today", "overdue"), shown
 * beside its other filters with a button that clears it (docs/decisions/011-one-list-protocol.md).
 * Nothing while neither day is set.
 */
export function DayRangeChip({
  label,
  from: fromName,
  to: toName,
}: {
  /** What the days are of: "Due". */
  label: string;
  /** The URL (and API) names of the filter's first and last day: delivery_from, delivery_to. */
  from: string;
  to: string;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const from = searchParams.get(fromName) ?? undefined;
  const to = searchParams.get(toName) ?? undefined;
  if (!from && !to) return null;
  const text = `${label} ${dayRangeText(from, to)}`;
  // Both days and the page go in one change of the URL.
  const clear = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of [fromName, toName, LIST_URL_PARAMS.page]) next.delete(name);
        return next;
      },
      { preventScrollReset: true },
    );
  return (
    <Paper withBorder radius="xl" px="sm" py={2}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {text}
        </Text>
        <CloseButton size="sm" aria-label={`Clear the filter ${text}`} onClick={clear} />
      </Group>
    </Paper>
  );
}
