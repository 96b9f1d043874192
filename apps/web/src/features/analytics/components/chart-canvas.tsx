import type { ChartData, ChartOptions, ChartType } from 'chart.js';
import { useEffect, useRef, useState } from 'react';
import { QueryError } from '@/components/query-states';
import { useInView } from '@/hooks/use-in-view';
import { afterNextPaint } from '@/lib/after-paint';
import classes from './chart-canvas.module.css';
import { type DrawnChart, drawChart } from './chart-drawing';
import type { ChartDefinition } from './chart-worker-protocol';

const CHART_LOAD_ERROR = new Error('Check your connection, then try again.');

export interface ChartCanvasProps<T extends ChartType> {
  type: T;
  /** Keep the same object while the figures are the same: a new one redraws the chart. */
  data: ChartData<T>;
  options?: ChartOptions<T>;
  /** The figures in words, the chart's text alternative. */
  label: string;
}

/**
 * One Chart.js chart filling its parent (which is positioned and sets the height). The chart is
 * drawn when it first comes into view, updated when `data` or `options` change and destroyed with
 * the component; `data-drawn` marks the chart's image once the chart is on it.
 */
export function ChartCanvas<T extends ChartType>({ type, data, options, label }: ChartCanvasProps<T>) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<DrawnChart | null>(null);
  const latest = useRef({ data, options });
  const inView = useInView(boxRef);
  const [state, setState] = useState<'waiting' | 'drawn' | 'failed'>('waiting');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    latest.current = { data, options };
    chartRef.current?.update(data as ChartData, options as ChartOptions | undefined);
  }, [data, options]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` makes a retry draw again.
  useEffect(() => {
    const box = boxRef.current;
    if (!inView || !box) return;
    // A canvas of the effect's own: one handed to the chart worker can never be drawn on again.
    const canvas = document.createElement('canvas');
    box.append(canvas);
    let cancelled = false;
    // Drawn after a frame, not in the task that put the chart in the page: the layout it measures
    // is then settled.
    const cancelDraw = afterNextPaint(() => {
      const chart = { type, ...latest.current } as ChartDefinition;
      chartRef.current = drawChart(canvas, chart, {
        onDrawn: () => {
          if (!cancelled) setState('drawn');
        },
        onFailed: (error) => {
          if (cancelled) return;
          console.warn('Chart failed to draw', error);
          setState('failed');
        },
      });
    });
    return () => {
      cancelled = true;
      cancelDraw();
      chartRef.current?.destroy();
      chartRef.current = null;
      canvas.remove();
    };
  }, [inView, type, attempt]);

  if (state === 'failed') {
    return (
      <QueryError
        title="Could not load the chart"
        error={CHART_LOAD_ERROR}
        onRetry={() => {
          setState('waiting');
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  return (
    <div
      ref={boxRef}
      className={classes.chart}
      role="img"
      aria-label={label}
      data-drawn={state === 'drawn' || undefined}
    />
  );
}
