/** A local date as YYYY-MM-DD, the value of a date input. */
export function toDateInputValue(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * docs/product/screens.md#inventory-reporting: the first day of the month five months ago to the
 * last day of this month.
 */
export function defaultReportRange(today: Date = new Date()): { startDate: string; endDate: string } {
  const start = new Date(today.getFullYear(), today.getMonth() - 5, 1);
  const end = new Date(today.getFullYear(), today.getMonth() + 1, 0);
  return { startDate: toDateInputValue(start), endDate: toDateInputValue(end) };
}
