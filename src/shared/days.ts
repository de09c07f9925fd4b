// Calendar days as ISO dates ('2026-11-27'), with no time zone: the day a person typed, moved by
// whole days in UTC arithmetic so no daylight-saving change can shift it.

/** `day` moved by `days` (negative goes back); months and years roll over. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
