import { describe, expect, it } from 'vitest';
import { formatMoney, formatQuantity, formatWeight } from './format';

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
  });
});
