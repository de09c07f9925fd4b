// Calendar days in the company's time zone, as the daily pull needs them: the instants a day
// starts and ends there (the orders search's closed_at range), the days after the last one
// pulled up to yesterday, and a day as the sync log's numeric key (2026-11-26 -> 20261126).

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

export const addDays = (day: string, days: number) =>
  new Date(utcMidnight(day) + days * 86_400_000).toISOString().slice(0, 10);

export const dayKey = (day: string) => day.replaceAll('-', '');
export const dayOfKey = (key: string) => `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}`;

/** A first pull (nothing pulled yet) starts this many days before yesterday's end. */
export const FIRST_PULL_DAYS = 1;
/** No run queues more days than this (a server off for long catches up over a few runs). */
export const MAX_DAYS_PER_RUN = 92;

/** The days to pull: after `pulledThrough` (or yesterday alone the first time), up to yesterday. */
export function daysToPull(pulledThrough: string | null, today: string): string[] {
  const yesterday = addDays(today, -1);
  const days: string[] = [];
  let day = pulledThrough ? addDays(pulledThrough, 1) : addDays(yesterday, 1 - FIRST_PULL_DAYS);
  while (day <= yesterday && days.length < MAX_DAYS_PER_RUN) {
    days.push(day);
    day = addDays(day, 1);
  }
  return days;
}
