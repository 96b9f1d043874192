import type { ChartData, ChartOptions, ChartType } from 'chart.js';

/** What a chart is: plain data and options (no callbacks), so it can be posted to the chart worker. */
export interface ChartDefinition {
  type: ChartType;
  data: ChartData;
  options?: ChartOptions;
}

/** The pointer events a chart in the worker is told about (its tooltips answer them). */
export type ChartPointerType = 'mousemove' | 'mouseout';

/** Messages from the page to chart-worker.ts. `id` names one chart among the worker's charts. */
export type ToChartWorker =
  | {
      kind: 'draw';
      id: number;
      canvas: OffscreenCanvas;
      chart: ChartDefinition;
      /** The canvas's size on the page, in CSS pixels, and the screen's pixels per CSS pixel. */
      width: number;
      height: number;
      devicePixelRatio: number;
    }
  | { kind: 'update'; id: number; data: ChartData; options?: ChartOptions }
  | { kind: 'resize'; id: number; width: number; height: number }
  | { kind: 'pointer'; id: number; type: ChartPointerType; x: number; y: number }
  | { kind: 'destroy'; id: number };

/** Messages from chart-worker.ts to the page. */
export type FromChartWorker = { kind: 'drawn'; id: number } | { kind: 'failed'; id: number; message: string };
