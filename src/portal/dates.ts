// Calendar dates as the API takes them (yyyy-MM-dd), in the person's own time zone.

export const STATEMENT_DEFAULT_DAYS = 90;

/** The local calendar date of `at` as yyyy-MM-dd. */
export function localDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** `date` moved by `days` calendar days (UTC arithmetic on a date has no daylight saving). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The statement's default period: the last 90 days, ending today. */
export function defaultStatementPeriod(today: string): { from: string; to: string } {
  return { from: addDays(today, -STATEMENT_DEFAULT_DAYS), to: today };
}
