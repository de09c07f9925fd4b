// The calendar of a recurring transaction: pure arithmetic on calendar days (yyyy-MM-dd),
// computed in UTC so no clock change or time zone moves a date (the company's "today" is
// decided elsewhere, by company/timeZone.ts).
//
//   Weekly      every interval weeks: the run date + 7 x interval days
//   EveryNDays  the run date + interval days
//   Monthly     the same day as the start date, interval months later, clamped to the end of a
//               shorter month: a schedule starting 31 January runs 28 (or 29) February, then
//               31 March again, because the day comes from the start date, not from the last run.
//
// A date after the end date is no run: the schedule then has no next run (null).
import { addDays } from '../../../shared/days';

export type Frequency = 'Weekly' | 'Monthly' | 'EveryNDays';

export interface Cadence {
  frequency: Frequency;
  /** weeks, months or days between runs; absent means 1 */
  interval?: number | null;
  startDate: string;
  endDate?: string | null;
}

const parts = (date: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`Not a date: ${date}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
};

export { addDays };

/** Days in a month (1-12): day 0 of the next month is the last day of this one. */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `months` after `date`'s month, on `day` or the month's last day when it is shorter. */
export function addMonthsOnDay(date: string, months: number, day: number): string {
  const { year, month } = parts(date);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const d = Math.min(day, daysInMonth(y, m));
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const intervalOf = (cadence: Cadence) => Math.max(1, Math.trunc(cadence.interval ?? 1));
const withinEnd = (cadence: Cadence, date: string) => (cadence.endDate && date > cadence.endDate ? null : date);

/** The run after `runDate` in the schedule's series, or null when it falls after the end date. */
export function nextRunAfter(cadence: Cadence, runDate: string): string | null {
  const n = intervalOf(cadence);
  switch (cadence.frequency) {
    case 'Weekly':
      return withinEnd(cadence, addDays(runDate, 7 * n));
    case 'EveryNDays':
      return withinEnd(cadence, addDays(runDate, n));
    case 'Monthly':
      return withinEnd(cadence, addMonthsOnDay(runDate, n, parts(cadence.startDate).day));
  }
}

/** A schedule walked past this many runs is a mistake (a daily schedule over 270 years): stop. */
const MAX_STEPS = 100_000;

/** The first run of the series (from the start date) that is after `lastRun` (none: the start
 * date itself), or null when there is none before the end date. Used when a schedule is created
 * or its dates change: runs already made are not made again. */
export function firstRunAfter(cadence: Cadence, lastRun: string | null | undefined): string | null {
  let date: string | null = withinEnd(cadence, cadence.startDate);
  for (let step = 0; date !== null && lastRun && date <= lastRun; step++) {
    if (step >= MAX_STEPS) return null;
    date = nextRunAfter(cadence, date);
  }
  return date;
}

/** The due dates from `nextRun` up to and including `today`, oldest first, at most `max`. */
export function dueDates(cadence: Cadence, nextRun: string | null, today: string, max: number): string[] {
  const dates: string[] = [];
  for (let date = nextRun && withinEnd(cadence, nextRun); date !== null && date <= today && dates.length < max;) {
    dates.push(date);
    date = nextRunAfter(cadence, date);
  }
  return dates;
}
