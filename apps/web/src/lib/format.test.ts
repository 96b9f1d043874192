import { describe, expect, it, vi } from 'vitest';
import {
  currencySymbol,
  dateFieldPattern,
  formatDate,
  formatDateField,
  formatDateTime,
  formatMoney,
  formatQuantity,
  formatWeight,
  parseDateField,
  readBusinessFormat,
} from './format';

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

  it("writes money and weights out as Intl's en-US writes them, without an Intl formatter", () => {
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const weight = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const made = vi.spyOn(Intl, 'NumberFormat');
    const amounts = [0, 0.005, 0.015, 1.005, 2.675, 0.125, 999.995, 1000, 12345.6, 99999999.99, 1e-7];
    for (let index = 0; index < 5_000; index += 1) {
      // Cents and grams as the API sends them, and any number with up to six decimals.
      amounts.push(Math.round((Math.random() - 0.2) * 1e9) / 100, Math.round(Math.random() * 1e7) / 1000);
      amounts.push(Math.round((Math.random() - 0.5) * 1e12) / 1e6);
    }
    for (const amount of amounts) {
      for (const signed of [amount, -amount]) {
        expect(formatMoney(signed)).toBe(money.format(signed).replace(/^-(\$0\.00)$/, '$1'));
        expect(formatWeight(signed)).toBe(`${weight.format(signed).replace(/^-(0\.00)$/, '$1')} kg`);
      }
    }
    expect(currencySymbol()).toBe('$');
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
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

  it("writes out what Intl's en-GB writes, in local time, without an Intl formatter", () => {
    const dateTime = new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const dateOnly = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    // Every hour of two years, minutes and seconds varied: midnights, month and year ends, DST changes.
    const start = Date.UTC(2025, 0, 1);
    for (let hour = 0; hour < 2 * 366 * 24; hour += 1) {
      const iso = new Date(start + hour * 3_600_000 + ((hour * 7) % 60) * 60_000 + 59_999).toISOString();
      expect(formatDateTime(iso)).toBe(dateTime.format(new Date(iso)));
      expect(formatDate(iso)).toBe(dateOnly.format(new Date(iso)));
    }
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });
});

describe('the business format', () => {
  const metaDocument = (tags: Record<string, string>) => {
    const doc = document.implementation.createHTMLDocument('Depot');
    for (const [name, content] of Object.entries(tags)) {
      const meta = doc.createElement('meta');
      meta.name = name;
      meta.content = content;
      doc.head.append(meta);
    }
    return doc;
  };

  it('reads the currency and locale the server wrote into index.html, dollars without them', () => {
    expect(readBusinessFormat(undefined)).toEqual({ currency: 'USD', locale: undefined });
    expect(readBusinessFormat(metaDocument({}))).toEqual({ currency: 'USD', locale: undefined });
    expect(readBusinessFormat(metaDocument({ 'depot-currency': 'INR', 'depot-locale': 'en-IN' }))).toEqual({
      currency: 'INR',
      locale: 'en-IN',
    });
    // A value the browser cannot format keeps the SPEC's format rather than breaking every screen.
    expect(readBusinessFormat(metaDocument({ 'depot-currency': 'not money' }))).toEqual({
      currency: 'USD',
      locale: undefined,
    });
  });

  it('shows rupees with Indian digit grouping and dates as en-IN writes them', async () => {
    const tags = [
      ['depot-currency', 'INR'],
      ['depot-locale', 'en-IN'],
    ].map(([name = '', content = '']) => {
      const meta = document.createElement('meta');
      meta.name = name;
      meta.content = content;
      document.head.append(meta);
      return meta;
    });
    vi.resetModules();
    try {
      const inRupees = await import('./format');
      expect(inRupees.formatMoney(100000)).toBe('₹1,00,000.00');
      expect(inRupees.formatMoney(12.5)).toBe('₹12.50');
      expect(inRupees.currencySymbol()).toBe('₹');
      expect(inRupees.formatQuantity(1234567)).toBe('12,34,567');
      expect(inRupees.formatQuantity(-0.2)).toBe('0');
      expect(inRupees.formatWeight(123456.5)).toBe('1,23,456.50 kg');
      expect(inRupees.formatDate('2026-11-24T10:00:00.000Z')).toBe('24/11/2026');
      // Date fields read and show dates as en-IN's tables do.
      expect(inRupees.dateFieldPattern()).toBe('dd/mm/yyyy');
      expect(inRupees.formatDateField('2026-11-24')).toBe('24/11/2026');
      expect(inRupees.parseDateField('24/11/2026')).toBe('2026-11-24');
    } finally {
      for (const meta of tags) meta.remove();
      vi.resetModules();
    }
  });

  it("keeps the SPEC's symbol by default", () => {
    expect(currencySymbol()).toBe('$');
  });
});

// docs/product/screens.md#formats: date fields read dates as the tables write them.
describe('date fields', () => {
  it('show and read dd/mm/yyyy by default, as the tables do', () => {
    expect(dateFieldPattern()).toBe('dd/mm/yyyy');
    expect(formatDateField('2026-11-22')).toBe('22/11/2026');
    expect(formatDateField('not a day')).toBe('');
    expect(parseDateField('22/11/2026')).toBe('2026-11-22');
    expect(parseDateField(' 2/3/2026 ')).toBe('2026-03-02');
    expect(parseDateField('22-11-2026')).toBe('2026-11-22');
    // ISO's year first is unambiguous, whatever the locale.
    expect(parseDateField('2026-11-22')).toBe('2026-11-22');
  });

  it('read nothing from text that names no real day', () => {
    for (const text of ['', '22/11', '31/02/2026', '11/22/2026', '22/11/26', 'today', '1/1/1/2026']) {
      expect(parseDateField(text), text).toBeUndefined();
    }
  });
});
