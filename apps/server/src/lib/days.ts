/** Calendar days as 'YYYY-MM-DD' (UTC); they compare with ISO timestamps as text. */

function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const dayAfter = (day: string) => shiftDay(day, 1);
export const dayBefore = (day: string) => shiftDay(day, -1);
