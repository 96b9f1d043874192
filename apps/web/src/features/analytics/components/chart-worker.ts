import { BasicPlatform, type ChartEvent } from 'chart.js';
import { Chart } from './chart-setup';
import type { FromChartWorker, ToChartWorker } from './chart-worker-protocol';

// The Overview's charts are drawn here, off the page's main thread (chart-drawing.ts): Chart.js's
// code and every draw then cost a phone's main thread nothing, so the page answers taps at once.

type Listener = (...args: never[]) => void;

interface WorkerChart {
  chart: Chart;
  devicePixelRatio: number;
  size: { width: number; height: number };
  /** What Chart.js asked to hear of (pointer events, resizes), by type. */
  listeners: Map<string, Listener>;
}

const charts = new Map<number, WorkerChart>();
// The project's types are the page's (lib DOM); of the worker's own scope only these two are used.
const scope = self as unknown as {
  onmessage: (event: MessageEvent<ToChartWorker>) => void;
  postMessage: (message: FromChartWorker) => void;
};
const post = (message: FromChartWorker) => scope.postMessage(message);

scope.onmessage = ({ data: message }: MessageEvent<ToChartWorker>) => {
  try {
    handle(message);
  } catch (error) {
    post({ kind: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) });
  }
};

function handle(message: ToChartWorker) {
  if (message.kind === 'draw') {
    charts.set(message.id, draw(message));
    post({ kind: 'drawn', id: message.id });
    return;
  }
  const drawn = charts.get(message.id);
  if (!drawn) return;
  switch (message.kind) {
    case 'update':
      drawn.chart.data = message.data;
      drawn.chart.options = withPixelRatio(message.options, drawn.devicePixelRatio);
      drawn.chart.update();
      break;
    case 'resize':
      drawn.size = { width: message.width, height: message.height };
      drawn.chart.resize(message.width, message.height);
      break;
    case 'pointer': {
      // Chart.js filters events by their native event's type; in a worker there is none, only its type.
      const native = { type: message.type } as Event;
      const event: ChartEvent = { type: message.type, native, x: message.x, y: message.y };
      (drawn.listeners.get(message.type) as ((event: ChartEvent) => void) | undefined)?.(event);
      break;
    }
    case 'destroy':
      drawn.chart.destroy();
      charts.delete(message.id);
      break;
  }
}

function draw({ canvas, chart, width, height, devicePixelRatio }: Extract<ToChartWorker, { kind: 'draw' }>) {
  const drawn = {
    devicePixelRatio,
    size: { width, height },
    listeners: new Map<string, Listener>(),
  } as WorkerChart;
  // Chart.js's platform for a canvas without a page: it is told the canvas's size on the page, the
  // screen's pixel ratio and the pointer events, which a worker cannot see for itself.
  class WorkerPlatform extends BasicPlatform {
    override getDevicePixelRatio() {
      return devicePixelRatio;
    }
    override getMaximumSize(_canvas: unknown, width?: number, height?: number) {
      return { width: width ?? drawn.size.width, height: height ?? drawn.size.height };
    }
    override addEventListener(_chart: unknown, type: string, listener: Listener) {
      drawn.listeners.set(type, listener);
    }
    override removeEventListener(_chart: unknown, type: string) {
      drawn.listeners.delete(type);
    }
  }
  // Chart.js draws on an OffscreenCanvas (it picks its BasicPlatform for one) but types only a page's.
  drawn.chart = new Chart(canvas as unknown as HTMLCanvasElement, {
    type: chart.type,
    data: chart.data,
    options: withPixelRatio(chart.options, devicePixelRatio),
    platform: WorkerPlatform,
  });
  return drawn;
}

/** The chart's options with the screen's pixel ratio, which a worker has no window to ask. */
const withPixelRatio = <T extends object>(options: T | undefined, devicePixelRatio: number) =>
  ({ ...options, devicePixelRatio }) as T;
