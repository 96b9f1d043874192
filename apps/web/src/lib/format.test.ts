import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatQuantity, formatWeight } from './format';

describe('formatters', () => {
  it('shows money with a $ sign and two decimals', () => {
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1234567.891)).toBe('$1,234,567.89');
  });

  it('shows weight in kg with two decimals', () => {
    expect(formatWeight(1.25)).toBe('1.25 kg');
    expect(formatWeight(2)).toBe('2.00 kg');
    expect(formatWeight(12345.6)).toBe('12,345.60 kg');
  });

  it('shows quantities with thousands separators', () => {
    expect(formatQuantity(1200)).toBe('1,200');
    for (const units of [0, 7, 999, 1000, 12345.6, 1234567, -4321, -0.2, 2.5]) {
      expect(formatQuantity(units)).toBe(
        new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(units).replace(/^-0$/, '0'),
      );
    }
  });
});

describe('date formatters', () => {
  it('shows a timestamp as en-GB day/month/year hour:minute in 24-hour time', () => {
    expect(formatDateTime('2026-03-07T09:05:00.000Z')).toBe('07/03/2026, 09:05');
    expect(formatDateTime('2026-12-31T23:59:59.000Z')).toBe('31/12/2026, 23:59');
  });

  it('shows a date as dd/mm/yyyy and nothing for a bad timestamp', () => {
    expect(formatDate('2026-11-24T10:00:00.000Z')).toBe('24/11/2026');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});
