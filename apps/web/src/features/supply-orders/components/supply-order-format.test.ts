import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toLocalInputValue, toUtcIso } from './supply-order-format';

describe('the Update dialog’s date-time conversion', () => {
  let zone: string | undefined;
  beforeAll(() => {
    zone = process.env.TZ;
    process.env.TZ = 'Asia/Kolkata';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it('reads a datetime-local value as local time and answers it in UTC', () => {
    expect(toUtcIso('2026-12-01T14:30')).toBe('2026-12-01T09:00:00.000Z');
    expect(toUtcIso('2026-01-01T02:00')).toBe('2025-12-31T20:30:00.000Z');
  });

  it('passes on a value that is no date-time as it is, for the schema to refuse', () => {
    expect(toUtcIso('next Tuesday')).toBe('next Tuesday');
  });

  it('shows a stored UTC time in the input as local time, and nothing for none', () => {
    expect(toLocalInputValue('2026-12-01T09:00:00.000Z')).toBe('2026-12-01T14:30');
    expect(toLocalInputValue(null)).toBe('');
  });

  it('round-trips', () => {
    expect(toUtcIso(toLocalInputValue('2026-07-04T18:45:00.000Z'))).toBe('2026-07-04T18:45:00.000Z');
  });
});
