import { describe, expect, it } from 'vitest';
import { expectedDeliveryDate, shippingCostCents } from './shipping';

describe('shipping cost', () => {
  it.each([
    [2500, 'rural', 1500],
    [0, 'urban', 500],
    [0, 'suburban', 700],
    [0, 'rural', 1000],
    [1000, 'suburban', 900],
    [1234, 'urban', 747],
    [1, 'urban', 500],
    [3, 'urban', 501],
    [1_000_000_000_000, 'urban', 200_000_000_500],
  ] as const)(
    '%i g %s costs %i cents (2.00 per kg plus the location charge, to the cent)',
    (grams, type, cents) => {
      expect(shippingCostCents(grams, type)).toBe(cents);
    },
  );

  it('expects delivery 2, 3 or 5 days after the order by location type', () => {
    const placed = new Date('2026-06-15T10:00:00.000Z');
    expect(expectedDeliveryDate(placed, 'urban')).toBe('2026-06-17T10:00:00.000Z');
    expect(expectedDeliveryDate(placed, 'suburban')).toBe('2026-06-18T10:00:00.000Z');
    expect(expectedDeliveryDate(placed, 'rural')).toBe('2026-06-20T10:00:00.000Z');
  });
});
