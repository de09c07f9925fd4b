// Calendar days in the company's time zone, as the daily pull needs them: the instants a day
// starts and ends there (the orders search's closed_at range), the days after the last one
// pulled up to the last closed day, and a day as the sync log's numeric key (2026-11-26 -> 20261126).
import { addDays } from '../../../../shared/days';
import { dayIn } from '../../company/timeZone';

/** The zone's offset from UTC at `instant`, in minutes (Toronto in winter: -300). */
export function offsetMinutes(zone: string, instant: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? '');
  if (!match) return 0; // "GMT" alone: UTC
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

const utcMidnight = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
};

/** The instant `day` begins in `zone`, ISO 8601 in UTC. A second look at the offset catches a
 * day that begins on the other side of a daylight-saving change. */
export function startOfDay(zone: string, day: string): string {
  const guess = utcMidnight(day);
  const first = guess - offsetMinutes(zone, guess) * 60_000;
  const second = guess - offsetMinutes(zone, first) * 60_000;
  return new Date(second).toISOString();
}

export const dayKey = (day: string) => day.replaceAll('-', '');
export const dayOfKey = (key: string) => `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}`;

/** A first pull (nothing pulled yet) starts this many days before yesterday's end. */
export const FIRST_PULL_DAYS = 1;
/** No run queues more days than this (a server off for long catches up over a few runs). */
export const MAX_DAYS_PER_RUN = 92;

/** A day is pulled only this long after its midnight: a till that lost its connection uploads
 * the sales it took offline when it is back, and the run a quarter of an hour after midnight
 * would have pulled the day without them (a pulled day is never pulled again). */
export const PULL_GRACE_MS = 2 * 3_600_000;

/** The last day closed long enough to pull at `now`: yesterday in `zone` from 02:00 on. */
export function lastClosedDay(zone: string, now: Date): string {
  return addDays(dayIn(zone, new Date(now.getTime() - PULL_GRACE_MS)), -1);
}

/** The days to pull: after `pulledThrough` (or the last closed day alone the first time), up to
 * the last closed day. */
export function daysToPull(pulledThrough: string | null, zone: string, now: Date): string[] {
  const last = lastClosedDay(zone, now);
  const days: string[] = [];
  let day = pulledThrough ? addDays(pulledThrough, 1) : addDays(last, 1 - FIRST_PULL_DAYS);
  while (day <= last && days.length < MAX_DAYS_PER_RUN) {
    days.push(day);
    day = addDays(day, 1);
  }
  return days;
}
