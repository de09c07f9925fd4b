// A cask's age in whole years and months, from its age start to a day. An anniversary on a day
// the month lacks (the 29th of February, the 31st) falls on that month's last day: a cask filled
// on 2024-02-29 is one year old on 2025-02-28, and one filled on 2026-01-31 a month old on
// 2026-02-28. Dates are yyyy-MM-dd strings; no time zone enters here (the caller gives "today"
// in the company's zone).

const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number];

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export interface Age {
  from: string;
  at: string;
  years: number;
  months: number;
}

/** Whole months from `from` to `at` (0 when `at` is before `from`). */
export function monthsBetween(from: string, at: string): number {
  if (at <= from) return 0;
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(at);
  let months = (ty - fy) * 12 + (tm - fm);
  // this month's anniversary: the start's day, or the month's last day when it has fewer
  const anniversary = Math.min(fd, daysIn(ty, tm));
  if (td < anniversary) months -= 1;
  return Math.max(months, 0);
}

export function ageAt(from: string, at: string): Age {
  const months = monthsBetween(from, at);
  return { from, at, years: Math.floor(months / 12), months: months % 12 };
}
