import { describe, expect, it } from 'vitest';
import { defaultReportRange } from './default-range';

describe('default report range', () => {
  it('runs from the first day five months back to the last day of this month', () => {
    expect(defaultReportRange(new Date(2026, 10, 22))).toEqual({
      startDate: '2026-06-01',
      endDate: '2026-11-30',
    });
  });

  it('crosses a year and ends on the right day of a short month', () => {
    expect(defaultReportRange(new Date(2027, 1, 3))).toEqual({
      startDate: '2026-09-01',
      endDate: '2027-02-28',
    });
    expect(defaultReportRange(new Date(2028, 1, 29))).toEqual({
      startDate: '2027-09-01',
      endDate: '2028-02-29',
    });
  });
});
