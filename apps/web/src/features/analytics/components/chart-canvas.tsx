import type { Chart, ChartData, ChartOptions, ChartType } from 'chart.js';
import { useEffect, useRef, useState } from 'react';
import { QueryError } from '@/components/query-states';
import { useInView } from '@/hooks/use-in-view';
import { afterNextPaint } from '@/lib/after-paint';

type ChartModule = typeof import('./chart-setup');
let chartModule: Promise<ChartModule> | undefined;

/** Chart.js, registered and set up: fetched once, when the first chart card comes into view. */
export function loadChartJs(): Promise<ChartModule> {
  chartModule ??= import('./chart-setup').catch((error: unknown) => {
    // A failed chunk may load on the next try (Retry).
    chartModule = undefined;
    throw error;
  });
  return chartModule;
}

const CHART_LOAD_ERROR = new Error('Check your connection, then try again.');

export interface ChartCanvasProps<T extends ChartType> {
  type: T;
  /** Keep the same object while the figures are the same: a new one redraws the chart. */
  data: ChartData<T>;
  options?: ChartOptions<T>;
  /** The figures in words, the canvas's text alternative. */
  label: string;
}

/**
 * One Chart.js chart on a canvas that fills its parent (which sets the height). The chart is made
 * when the canvas first comes into view, updated when `data` or `options` change and destroyed
 * with the component; `data-drawn` marks a canvas once its chart is on it.
 */
export function ChartCanvas<T extends ChartType>({ type, data, options, label }: ChartCanvasProps<T>) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const chartRef = useRef<Chart<T> | null>(null);
  const latest = useRef({ data, options });
  const inView = useInView(canvasRef);
  const [state, setState] = useState<'waiting' | 'drawn' | 'failed'>('waiting');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    latest.current = { data, options };
    const chart = chartRef.current;
    if (!chart) return;
    chart.data = data;
    chart.options = options ?? ({} as ChartOptions<T>);
    chart.update();
  }, [data, options]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` makes a retry load again.
  useEffect(() => {
    if (!inView) return;
    let cancelled = false;
    let cancelDraw: (() => void) | undefined;
    loadChartJs().then(
      ({ Chart }) => {
        // Each chart is drawn in a task of its own, after a frame, not in the task that ran
        // Chart.js's module or the one that put the canvas in the page: the layout it measures is
        // then settled, and a phone's main thread is never busy for long at a stretch.
        cancelDraw = afterNextPaint(() => {
          const canvas = canvasRef.current;
          if (cancelled || !canvas) return;
          const { data, options } = latest.current;
          chartRef.current = new Chart(canvas, { type, data, options });
          setState('drawn');
        });
      },
      (error: unknown) => {
        if (cancelled) return;
        console.warn('Chart.js failed to load', error);
        setState('failed');
      },
    );
    return () => {
      cancelled = true;
      cancelDraw?.();
      chartRef.current?.destroy();
      chartRef.current = null;
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
  return <canvas ref={canvasRef} role="img" aria-label={label} data-drawn={state === 'drawn' || undefined} />;
}
