/** Distinct colours that keep 3:1 contrast against white, in the order series take them. */
export const SERIES_COLORS = [
  '#1c7ed6',
  '#e8590c',
  '#2f9e44',
  '#9c36b5',
  '#c2255c',
  '#0c8599',
  '#5f3dc4',
  '#a0690b',
  '#495057',
  '#d6336c',
];
export const ALERT_COLOR = '#e03131';

export const seriesColor = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length] as string;

/** Options of a chart that counts things (orders, units): the y axis from zero, whole numbers only. */
export const COUNT_AXIS_OPTIONS = { scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } } as const;

// en-GB's short month names, written out: a phone's first Intl formatter costs tens of milliseconds.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM' as a chart label: '2026-06' → 'Jun 2026'. */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}
