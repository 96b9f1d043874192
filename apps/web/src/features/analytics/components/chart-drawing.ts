import type { Chart, ChartData, ChartOptions } from 'chart.js';
import type {
  ChartDefinition,
  ChartPointerType,
  FromChartWorker,
  ToChartWorker,
} from './chart-worker-protocol';

/** A chart on a canvas, wherever it is drawn. */
export interface DrawnChart {
  update(data: ChartData, options: ChartOptions | undefined): void;
  destroy(): void;
}

export interface DrawCallbacks {
  onDrawn: () => void;
  onFailed: (error: unknown) => void;
}

/**
 * Draws a chart on `canvas`: in the chart worker (chart-worker.ts) through an OffscreenCanvas where
 * the browser has both, otherwise on the page's main thread. The canvas must be new: once handed to
 * a worker it cannot be drawn on again.
 */
export function drawChart(
  canvas: HTMLCanvasElement,
  chart: ChartDefinition,
  callbacks: DrawCallbacks,
): DrawnChart {
  return canDrawInWorker()
    ? drawInWorker(canvas, chart, callbacks)
    : drawOnMainThread(canvas, chart, callbacks);
}

/** Starts fetching what charts need (the worker, or Chart.js itself) before the first one is drawn. */
export function prepareCharts(): void {
  if (canDrawInWorker()) chartWorker();
  else loadChartJs().catch(() => {});
}

const canDrawInWorker = () =>
  typeof Worker !== 'undefined' &&
  typeof OffscreenCanvas !== 'undefined' &&
  typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function';

// --- In the worker ---

/**
 * The worker that draws the charts, shared by all of them. It is let go when its last chart goes
 * (leaving the Overview frees Chart.js's memory) or when it fails; the next chart starts a new one.
 */
class ChartWorker {
  private readonly worker = new Worker(new URL('./chart-worker.ts', import.meta.url), {
    type: 'module',
    name: 'charts',
  });
  private readonly charts = new Map<number, DrawCallbacks>();
  private nextId = 1;
  // Started ahead of its charts (prepareCharts) and given none, say when every report came back
  // empty: let go after a while rather than kept for as long as the page is open.
  private unused: ReturnType<typeof setTimeout> | undefined = setTimeout(
    () => this.retire(),
    UNUSED_WORKER_MS,
  );

  constructor(private readonly onRetired: () => void) {
    this.worker.onmessage = ({ data: message }: MessageEvent<FromChartWorker>) => {
      const callbacks = this.charts.get(message.id);
      if (message.kind === 'drawn') callbacks?.onDrawn();
      else callbacks?.onFailed(new Error(message.message));
    };
    // The worker's script did not load or run: every chart waiting on it fails (and may retry).
    this.worker.onerror = (event) => {
      event.preventDefault();
      const waiting = [...this.charts.values()];
      this.retire();
      for (const callbacks of waiting) callbacks.onFailed(new Error(event.message || 'chart worker failed'));
    };
  }

  add(callbacks: DrawCallbacks): number {
    clearTimeout(this.unused);
    this.unused = undefined;
    const id = this.nextId++;
    this.charts.set(id, callbacks);
    return id;
  }

  remove(id: number) {
    this.post({ kind: 'destroy', id });
    this.charts.delete(id);
    if (this.charts.size === 0) this.retire();
  }

  post(message: ToChartWorker, transfer: Transferable[] = []) {
    this.worker.postMessage(message, transfer);
  }

  private retire() {
    clearTimeout(this.unused);
    this.charts.clear();
    this.worker.terminate();
    this.onRetired();
  }
}

const UNUSED_WORKER_MS = 30_000;

let worker: ChartWorker | undefined;
function chartWorker(): ChartWorker {
  if (worker) return worker;
  const started: ChartWorker = new ChartWorker(() => {
    if (worker === started) worker = undefined;
  });
  worker = started;
  return started;
}

function drawInWorker(
  canvas: HTMLCanvasElement,
  chart: ChartDefinition,
  callbacks: DrawCallbacks,
): DrawnChart {
  const client = chartWorker();
  const id = client.add(callbacks);
  const size = canvasSize(canvas);
  const offscreen = canvas.transferControlToOffscreen();
  client.post(
    { kind: 'draw', id, canvas: offscreen, chart, ...size, devicePixelRatio: window.devicePixelRatio || 1 },
    [offscreen],
  );

  const resizes = new ResizeObserver(() => {
    const next = canvasSize(canvas);
    if (next.width === size.width && next.height === size.height) return;
    Object.assign(size, next);
    client.post({ kind: 'resize', id, ...next });
  });
  resizes.observe(canvas);

  // The worker cannot see the pointer: the canvas tells it where the pointer is, once a frame at
  // most, so its tooltips follow a mouse or a finger.
  let frame: number | undefined;
  let pending: { type: ChartPointerType; x: number; y: number } | undefined;
  const sendPointer = (type: ChartPointerType, event: PointerEvent) => {
    pending = { type, x: event.offsetX, y: event.offsetY };
    frame ??= requestAnimationFrame(() => {
      frame = undefined;
      if (pending) client.post({ kind: 'pointer', id, ...pending });
      pending = undefined;
    });
  };
  const onMove = (event: PointerEvent) => sendPointer('mousemove', event);
  const onLeave = (event: PointerEvent) => sendPointer('mouseout', event);
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerdown', onMove);
  canvas.addEventListener('pointerleave', onLeave);

  return {
    update(data, options) {
      client.post({ kind: 'update', id, data, options });
    },
    destroy() {
      resizes.disconnect();
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerdown', onMove);
      canvas.removeEventListener('pointerleave', onLeave);
      if (frame !== undefined) cancelAnimationFrame(frame);
      client.remove(id);
    },
  };
}

/** The canvas's size on the page in whole CSS pixels (its CSS fills the chart's box). */
function canvasSize(canvas: HTMLCanvasElement) {
  const { width, height } = canvas.getBoundingClientRect();
  return { width: Math.round(width), height: Math.round(height) };
}

// --- On the main thread, where a browser cannot draw in a worker ---

type ChartModule = typeof import('./chart-setup');
let chartModule: Promise<ChartModule> | undefined;

/** Chart.js, registered and set up, for the main thread: fetched once. */
function loadChartJs(): Promise<ChartModule> {
  chartModule ??= import('./chart-setup').catch((error: unknown) => {
    // A failed chunk may load on the next try (Retry).
    chartModule = undefined;
    throw error;
  });
  return chartModule;
}

function drawOnMainThread(
  canvas: HTMLCanvasElement,
  chart: ChartDefinition,
  callbacks: DrawCallbacks,
): DrawnChart {
  let drawn: Chart | undefined;
  let latest = chart;
  let destroyed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  loadChartJs().then(
    ({ Chart }) => {
      // In a task of its own, not in the one that ran Chart.js's module: neither is long then.
      timer = setTimeout(() => {
        if (destroyed) return;
        drawn = new Chart(canvas, { type: latest.type, data: latest.data, options: latest.options });
        callbacks.onDrawn();
      }, 0);
    },
    (error: unknown) => {
      if (!destroyed) callbacks.onFailed(error);
    },
  );
  return {
    update(data, options) {
      latest = { ...latest, data, options };
      if (!drawn) return;
      drawn.data = data;
      drawn.options = options ?? {};
      drawn.update();
    },
    destroy() {
      destroyed = true;
      clearTimeout(timer);
      drawn?.destroy();
      drawn = undefined;
    },
  };
}
