import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChartCanvas } from './chart-canvas';

const charts = vi.hoisted(
  () => [] as { canvas: HTMLCanvasElement; config: { type: string; data: unknown }; calls: string[] }[],
);

// jsdom cannot draw: a stand-in records what ChartCanvas asks of Chart.js.
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
});

describe('ChartCanvas', () => {
  it('draws nothing until the canvas comes into view, then one chart with the data', async () => {
    render(<ChartCanvas type="line" data={DATA} label="Orders: Jun 3, Jul 4" />);
    const canvas = screen.getByRole('img', { name: 'Orders: Jun 3, Jul 4' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(charts).toHaveLength(0);
    expect(canvas).not.toHaveAttribute('data-drawn');

    act(() => showAll());

    await waitFor(() => expect(canvas).toHaveAttribute('data-drawn', 'true'));
    expect(charts).toHaveLength(1);
    expect(charts[0]?.canvas).toBe(canvas);
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
    expect(charts[0]?.calls).toEqual(['update']);

    unmount();
    expect(charts[0]?.calls).toEqual(['update', 'destroy']);
    expect(charts).toHaveLength(1);
  });
});
