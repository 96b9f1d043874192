import { describe, expect, it } from 'vitest';
import { monthLabel } from './chart-style';

describe('monthLabel', () => {
  it("names every month as en-GB's Intl does, and leaves anything else alone", () => {
    const intl = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    for (let month = 1; month <= 12; month += 1) {
      const value = `2026-${String(month).padStart(2, '0')}`;
      expect(monthLabel(value)).toBe(intl.format(new Date(`${value}-01T00:00:00.000Z`)));
    }
    expect(monthLabel('2026-13')).toBe('2026-13');
    expect(monthLabel('June')).toBe('June');
  });
});
