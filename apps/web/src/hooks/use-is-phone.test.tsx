import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY, useIsPhone } from './use-is-phone';

function firstRenders() {
  const seen: boolean[] = [];
  function Probe() {
    seen.push(useIsPhone());
    return null;
  }
  render(<Probe />);
  return seen;
}

describe('useIsPhone', () => {
  it('knows a phone on the first render, so a phone never draws the desktop table first', () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query === PHONE_QUERY,
    }));
    expect(firstRenders()).toEqual([true]);
  });

  it('is false on a wider window', () => {
    expect(firstRenders()).toEqual([false]);
  });
});
