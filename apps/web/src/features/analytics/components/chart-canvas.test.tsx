import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineWrapper } from '@/testing/mantine-wrapper';
import { ChartCanvas } from './chart-canvas';
import { prepareCharts } from './chart-drawing';
import type { FromChartWorker, ToChartWorker } from './chart-worker-protocol';

const charts = vi.hoisted(
  () => [] as { canvas: HTMLCanvasElement; config: { type: string; data: unknown }; calls: string[] }[],
);

// jsdom cannot draw: a stand-in records what ChartCanvas asks of Chart.js on the main thread.
vi.mock('./chart-setup', () => ({
  Chart: class {
    data: unknown;
    options: unknown;
    readonly calls: string[] = [];
    constructor(canvas: HTMLCanvasElement, config: { type: string; data: unknown; options: unknown }) {
      this.data = config.data;
      this.options = config.options;
      charts.push({ canvas, config, calls: this.calls });
    }
    update() {
      this.calls.push('update');
    }
    destroy() {
      this.calls.push('destroy');
    }
  },
}));

/** An IntersectionObserver the test moves into view by hand. */
let showAll: () => void = () => {};
class FakeIntersectionObserver {
  private readonly elements: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    showAll = () =>
      this.callback(
        this.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
        this as unknown as IntersectionObserver,
      );
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  disconnect() {}
}

const DATA = { labels: ['Jun', 'Jul'], datasets: [{ label: 'Orders', data: [3, 4] }] };

beforeEach(() => {
  charts.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  showAll = () => {};
  vi.unstubAllGlobals();
});

describe('ChartCanvas on the main thread (no OffscreenCanvas)', () => {
  it('draws nothing until the chart comes into view, then one chart with the data', async () => {
    render(<ChartCanvas type="line" data={DATA} label="Orders: Jun 3, Jul 4" />);
    const image = screen.getByRole('img', { name: 'Orders: Jun 3, Jul 4' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(charts).toHaveLength(0);
    expect(image).not.toHaveAttribute('data-drawn');

    act(() => showAll());

    await waitFor(() => expect(image).toHaveAttribute('data-drawn', 'true'));
    expect(charts).toHaveLength(1);
    expect(charts[0]?.canvas.parentElement).toBe(image);
    expect(charts[0]?.config).toMatchObject({ type: 'line', data: DATA });
  });

  it('updates the same chart with new data and destroys it when it goes', async () => {
    const { rerender, unmount } = render(<ChartCanvas type="bar" data={DATA} label="Orders" />);
    act(() => showAll());
    await waitFor(() => expect(charts).toHaveLength(1));

    const next = { labels: ['Aug'], datasets: [{ label: 'Orders', data: [9] }] };
    rerender(<ChartCanvas type="bar" data={next} label="Orders" />);
    expect(charts[0]?.calls).toEqual(['update']);
    rerender(<ChartCanvas type="bar" data={next} label="Orders" />);

    unmount();
    expect(charts[0]?.calls).toEqual(['update', 'destroy']);
    expect(charts).toHaveLength(1);
  });
});

describe('ChartCanvas in the chart worker', () => {
  /** The one worker ChartCanvas starts: what it was sent, and a way to answer. */
  let workers: FakeWorker[] = [];
  class FakeWorker {
    readonly sent: { message: ToChartWorker; transfer: Transferable[] }[] = [];
    onmessage: ((event: MessageEvent<FromChartWorker>) => void) | null = null;
    onerror: ((event: ErrorEvent) => void) | null = null;
    terminated = false;
    constructor(readonly url: URL | string) {
      workers.push(this);
    }
    postMessage(message: ToChartWorker, transfer: Transferable[] = []) {
      this.sent.push({ message, transfer });
    }
    answer(message: FromChartWorker) {
      act(() => this.onmessage?.({ data: message } as MessageEvent<FromChartWorker>));
    }
    terminate() {
      this.terminated = true;
    }
  }
  class FakeOffscreenCanvas {}
  let resize: () => void = () => {};
  class FakeResizeObserver {
    constructor(callback: () => void) {
      resize = callback;
    }
    observe() {}
    disconnect() {
      resize = () => {};
    }
  }
  let canvasSize = { width: 320, height: 400 };

  beforeEach(() => {
    workers = [];
    canvasSize = { width: 320, height: 400 };
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    HTMLCanvasElement.prototype.transferControlToOffscreen = () =>
      new FakeOffscreenCanvas() as OffscreenCanvas;
    vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockImplementation(
      () => ({ ...canvasSize, x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0 }) as DOMRect,
    );
  });
  afterEach(() => {
    delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
    vi.restoreAllMocks();
  });

  async function drawInWorker(label = 'Orders') {
    // Mantine around it, as a wrapper that stays on rerender: a failed chart shows a Retry button.
    const view = render(<ChartCanvas type="bar" data={DATA} label={label} />, { wrapper: MantineWrapper });
    act(() => showAll());
    await waitFor(() => expect(workers[0]?.sent).toHaveLength(1));
    const worker = workers[0] as FakeWorker;
    return { ...view, worker, image: screen.getByRole('img', { name: label }) };
  }

  it('hands the canvas to the worker with the chart, its size and the pixel ratio, and marks it drawn when told', async () => {
    const { worker, image } = await drawInWorker();
    const [{ message, transfer }] = worker.sent as [{ message: ToChartWorker; transfer: Transferable[] }];
    expect(message).toMatchObject({
      kind: 'draw',
      chart: { type: 'bar', data: DATA },
      width: 320,
      height: 400,
      devicePixelRatio: window.devicePixelRatio || 1,
    });
    expect(message.kind === 'draw' && transfer).toEqual([message.kind === 'draw' && message.canvas]);
    // Chart.js itself never runs on the main thread.
    expect(charts).toHaveLength(0);
    expect(image).not.toHaveAttribute('data-drawn');

    worker.answer({ kind: 'drawn', id: message.id });
    expect(image).toHaveAttribute('data-drawn', 'true');
  });

  it('sends new data, new sizes and the pointer to the same chart, and destroys it when it goes', async () => {
    const { worker, rerender, unmount, image } = await drawInWorker();
    const id = worker.sent[0]?.message.id;

    const next = { labels: ['Aug'], datasets: [{ label: 'Orders', data: [9] }] };
    rerender(<ChartCanvas type="bar" data={next} label="Orders" />);
    canvasSize = { width: 280.4, height: 400 };
    resize();
    resize();
    const canvas = image.querySelector('canvas') as HTMLCanvasElement;
    fireEvent.pointerMove(canvas, { offsetX: 10, offsetY: 20 });
    await waitFor(() => expect(worker.sent.map(({ message }) => message.kind)).toContain('pointer'));
    fireEvent.pointerLeave(canvas);
    await waitFor(() =>
      expect(worker.sent.filter(({ message }) => message.kind === 'pointer')).toHaveLength(2),
    );
    unmount();

    expect(worker.sent.slice(1).map(({ message }) => message)).toEqual([
      { kind: 'update', id, data: next, options: undefined },
      // Once: the second report of the same size says nothing new.
      { kind: 'resize', id, width: 280, height: 400 },
      { kind: 'pointer', id, type: 'mousemove', x: expect.any(Number), y: expect.any(Number) },
      { kind: 'pointer', id, type: 'mouseout', x: expect.any(Number), y: expect.any(Number) },
      { kind: 'destroy', id },
    ]);
  });

  it('lets go of a worker started ahead of its charts when none comes within 30 s', () => {
    vi.useFakeTimers();
    try {
      prepareCharts();
      prepareCharts();
      expect(workers).toHaveLength(1);
      vi.advanceTimersByTime(29_000);
      expect(workers[0]?.terminated).toBe(false);
      vi.advanceTimersByTime(1_000);
      expect(workers[0]?.terminated).toBe(true);
      prepareCharts();
      expect(workers).toHaveLength(2);
      vi.advanceTimersByTime(30_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers a retry when the worker fails, and draws with a new worker on it', async () => {
    const { worker } = await drawInWorker();
    act(() => worker.onerror?.({ message: 'script failed', preventDefault() {} } as ErrorEvent));

    expect(worker.terminated).toBe(true);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fireEvent.click(retry);
    await waitFor(() => expect(workers).toHaveLength(2));
    await waitFor(() => expect(workers[1]?.sent[0]?.message.kind).toBe('draw'));
  });
});
