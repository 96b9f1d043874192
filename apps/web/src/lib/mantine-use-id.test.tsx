import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { useId as mantineUseId } from '@mantine/hooks';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useId } from './mantine-use-id';

function renderCounting(hook: (staticId?: string) => string, staticId?: string) {
  const seen: string[] = [];
  function Probe() {
    const id = hook(staticId);
    seen.push(id);
    return <span data-testid="probe" id={id} />;
  }
  const view = render(<Probe />);
  return { seen, view, Probe };
}

describe('the useId the build gives Mantine', () => {
  it('renders a component once, with the id Mantine gives on its first render', () => {
    const { seen } = renderCounting(useId);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^mantine-\S+$/);
  });

  it('keeps the id across renders and gives each component its own', () => {
    const { seen, view, Probe } = renderCounting(useId);
    view.rerender(<Probe />);
    expect(new Set(seen).size).toBe(1);
    const other = renderCounting(useId);
    expect(other.seen[0]).not.toBe(seen[0]);
  });

  it('returns a given id as it is', () => {
    expect(renderCounting(useId, 'stock-search').seen).toEqual(['stock-search']);
  });

  // Why the build swaps it: Mantine's sets a random id after the first render, a second render.
  // When this fails, Mantine no longer does, and vite.config.ts's mantineReactIds can go.
  it("is needed: Mantine's own renders every component with an id twice", () => {
    const { seen } = renderCounting(mantineUseId);
    expect(seen).toHaveLength(2);
    expect(seen[1]).not.toBe(seen[0]);
  });

  it('replaces a module @mantine/hooks still has', () => {
    const hooksEntry = createRequire(import.meta.url).resolve('@mantine/hooks');
    const root = hooksEntry.slice(0, hooksEntry.lastIndexOf('/@mantine/hooks/') + '/@mantine/hooks/'.length);
    expect(existsSync(join(root, 'esm/use-id/use-id.mjs'))).toBe(true);
  });
});
