import { Paper, Skeleton, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { QueryError } from '@/components/query-states';
import { useInView } from '@/hooks/use-in-view';
import { afterNextPaint } from '@/lib/after-paint';
import { prepareCharts } from './chart-drawing';

/** docs/product/screens.md#inventory-reporting: every chart is 400 px high. */
export const CHART_HEIGHT = 400;

interface ChartCardProps {
  title: string;
  status: 'pending' | 'error' | 'success';
  error?: unknown;
  onRetry: () => void;
  /** The screen's sentence when the range has nothing to draw; null when there is data. */
  emptyMessage: string | null;
  children: ReactNode;
}

/**
 * A chart's frame: its title, then a placeholder, the failure, the empty sentence or the chart. The
 * placeholder and the chart take the same height, so nothing moves when the chart arrives. Chart.js
 * (in its worker) starts loading when the first card comes into view, while its report may still
 * be on its way.
 */
export function ChartCard({ title, status, error, onRetry, emptyMessage, children }: ChartCardProps) {
  const ref = useRef<HTMLElement>(null);
  const inView = useInView(ref);
  useEffect(() => {
    if (!inView) return;
    return afterNextPaint(prepareCharts);
  }, [inView]);

  return (
    <Paper ref={ref} withBorder p="md" component="section" aria-label={title}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {status === 'pending' ? (
        <Skeleton height={CHART_HEIGHT} aria-label={`Loading ${title}`} />
      ) : status === 'error' ? (
        <QueryError title={`Could not load ${title}`} error={error} onRetry={onRetry} />
      ) : emptyMessage ? (
        <Text c="dimmed" py="xl" ta="center">
          {emptyMessage}
        </Text>
      ) : (
        <div style={{ position: 'relative', height: CHART_HEIGHT }}>{children}</div>
      )}
    </Paper>
  );
}
