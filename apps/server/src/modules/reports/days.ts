import type { ReportQuery } from '@depot/contract';
import { dayAfter, dayBefore } from '../../lib/days';

/** Start and end day of a report, YYYY-MM-DD (UTC), both included whole. */
export type DayRange = ReportQuery;

const daysFrom = (start: string, end: string) =>
  (Date.parse(`${end}T00:00:00.000Z`) - Date.parse(`${start}T00:00:00.000Z`)) / 86_400_000 + 1;

/** Every month 'YYYY-MM' from the start day's month to the end day's, in order. */
export function monthsOf({ startDate, endDate }: DayRange): string[] {
  const months: string[] = [];
  const last = endDate.slice(0, 7);
  for (let first = `${startDate.slice(0, 7)}-01`; ; first = dayAfter(lastDayOf(first))) {
    months.push(first.slice(0, 7));
    if (first.slice(0, 7) >= last) return months;
  }
}

/** The last day of the day's month. */
function lastDayOf(day: string): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00.000Z`);
  date.setUTCMonth(date.getUTCMonth() + 1, 0);
  return date.toISOString().slice(0, 10);
}

/** Where a range's units sold are read from; their sum is exactly the range's. */
export interface SalesSources {
  /** Months read whole from the monthly roll-up, or null for none. */
  months: { from: string; to: string } | null;
  /** Days read from the daily rows and added. */
  add: DayRange[];
  /** Days read from the daily rows and taken away: the part of a roll-up month outside the range. */
  subtract: DayRange[];
}

/**
 * Plans the fewest summary rows for a range: months inside it whole come from the monthly roll-up
 * (one row per product), and a month it covers in part comes from the daily rows of its days in the
 * range, or, when more of the month is in than out, from its monthly row less the days out. A
 * six-month report reads about 3,000 rows, and at most about 15 days' worth more at each ragged end.
 */
export function salesSources(range: DayRange): SalesSources {
  const sources: SalesSources = { months: null, add: [], subtract: [] };
  const takeMonth = (month: string) => {
    sources.months = sources.months ? { from: sources.months.from, to: month } : { from: month, to: month };
  };
  for (const month of monthsOf(range)) {
    const first = `${month}-01`;
    const last = lastDayOf(first);
    const from = range.startDate > first ? range.startDate : first;
    const to = range.endDate < last ? range.endDate : last;
    const inside = daysFrom(from, to);
    const all = daysFrom(first, last);
    if (inside === all) {
      takeMonth(month);
    } else if (all - inside < inside) {
      takeMonth(month);
      if (from > first) sources.subtract.push({ startDate: first, endDate: dayBefore(from) });
      if (to < last) sources.subtract.push({ startDate: dayAfter(to), endDate: last });
    } else {
      sources.add.push({ startDate: from, endDate: to });
    }
  }
  return sources;
}
