// The calendar of recurring transactions. Every expected date is counted on a calendar by hand:
// month lengths (30 days hath September...), 2028 a leap year (divisible by 4, not a century),
// 2100 not one (a century not divisible by 400), 2000 one (divisible by 400).
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonthsOnDay,
  daysInMonth,
  dueDates,
  firstRunAfter,
  nextRunAfter,
  type Cadence,
} from '../../src/server/domain/recurring/nextRun';

const monthly = (startDate: string, interval = 1, endDate: string | null = null): Cadence => ({
  frequency: 'Monthly',
  interval,
  startDate,
  endDate,
});

/** the series from its start: start, next, next… (n dates) */
function series(cadence: Cadence, n: number): (string | null)[] {
  const out: (string | null)[] = [cadence.startDate];
  while (out.length < n) out.push(out[out.length - 1] === null ? null : nextRunAfter(cadence, out[out.length - 1]!));
  return out;
}

describe('calendar days', () => {
  it('knows month lengths and leap years', () => {
    expect(daysInMonth(2027, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2027, 4)).toBe(30);
    expect(daysInMonth(2027, 12)).toBe(31);
  });

  it('adds days across months and years', () => {
    // 25 Dec + 7 = 1 Jan (6 days left in December, then the 1st)
    expect(addDays('2026-12-25', 7)).toBe('2027-01-01');
    // 28 Feb 2028 + 1 = 29 Feb (leap), + 2 = 1 Mar
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-02-28', 2)).toBe('2028-03-01');
    // 8 Mar 2026 is the day clocks change in Toronto: still one calendar day later
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('adds months on a day, clamped to shorter months', () => {
    expect(addMonthsOnDay('2026-11-30', 2, 31)).toBe('2027-01-31');
    expect(addMonthsOnDay('2026-01-31', 1, 31)).toBe('2026-02-28');
    expect(addMonthsOnDay('2026-12-15', 14, 15)).toBe('2028-02-15');
  });
});

describe('next run', () => {
  it('monthly from 31 January keeps the 31st after a short February (2027, not leap)', () => {
    expect(series(monthly('2027-01-31'), 5)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
  });

  it('monthly from 31 January in a leap year stops on 29 February', () => {
    expect(series(monthly('2028-01-31'), 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
  });

  it('monthly from 29 February falls on 28 February in the following years, 29 again in 2032', () => {
    // every 12 months: 2028-02-29, 2029-02-28, 2030-02-28, 2031-02-28, 2032-02-29
    expect(series(monthly('2028-02-29', 12), 5)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
  });

  it('every 3 months from 30 November crosses the year and clamps in February', () => {
    // Nov 30 -> Feb (28 in 2027) -> May 30 -> Aug 30 -> Nov 30
    expect(series(monthly('2026-11-30', 3), 5)).toEqual([
      '2026-11-30',
      '2027-02-28',
      '2027-05-30',
      '2027-08-30',
      '2027-11-30',
    ]);
  });

  it('weekly: 7 x interval days', () => {
    const weekly: Cadence = { frequency: 'Weekly', interval: 1, startDate: '2026-12-24' };
    expect(series(weekly, 3)).toEqual(['2026-12-24', '2026-12-31', '2027-01-07']);
    // every 2 weeks from Monday 23 Feb 2028: 14 days, across the leap day: 23 + 14 = 37 - 29 = 8 March
    expect(nextRunAfter({ ...weekly, interval: 2, startDate: '2028-02-23' }, '2028-02-23')).toBe('2028-03-08');
  });

  it('every n days; a missing interval means 1', () => {
    const every10: Cadence = { frequency: 'EveryNDays', interval: 10, startDate: '2027-02-25' };
    // 25 Feb + 10: 3 days to the 28th, then 7 more = 7 March
    expect(series(every10, 3)).toEqual(['2027-02-25', '2027-03-07', '2027-03-17']);
    expect(nextRunAfter({ frequency: 'EveryNDays', interval: null, startDate: '2027-12-31' }, '2027-12-31')).toBe(
      '2028-01-01',
    );
  });

  it('stops after the end date; a run on the end date itself still happens', () => {
    const ending = monthly('2027-01-15', 1, '2027-03-15');
    expect(series(ending, 4)).toEqual(['2027-01-15', '2027-02-15', '2027-03-15', null]);
    expect(nextRunAfter(monthly('2027-01-15', 1, '2027-03-14'), '2027-02-15')).toBeNull();
    expect(firstRunAfter(monthly('2027-05-01', 1, '2027-04-30'), null)).toBeNull();
  });
});

describe('first run and due dates', () => {
  it('the first run is the start date, or the first of the series after the last run', () => {
    expect(firstRunAfter(monthly('2027-01-31'), null)).toBe('2027-01-31');
    // ran on 28 Feb: the next of the series is 31 March
    expect(firstRunAfter(monthly('2027-01-31'), '2027-02-28')).toBe('2027-03-31');
    // weekly from Friday 1 Jan 2027, last ran 10 Jan: the Fridays are 1, 8, 15 -> 15 Jan
    expect(firstRunAfter({ frequency: 'Weekly', interval: 1, startDate: '2027-01-01' }, '2027-01-10')).toBe(
      '2027-01-15',
    );
  });

  it('lists every missed date up to today, oldest first, within the cap and the end date', () => {
    const weekly: Cadence = { frequency: 'Weekly', interval: 1, startDate: '2027-01-01' };
    // due 1, 8, 15 January; the 22nd is after today (20 January)
    expect(dueDates(weekly, '2027-01-01', '2027-01-20', 31)).toEqual(['2027-01-01', '2027-01-08', '2027-01-15']);
    expect(dueDates(weekly, '2027-01-01', '2027-01-20', 2)).toEqual(['2027-01-01', '2027-01-08']);
    expect(dueDates({ ...weekly, endDate: '2027-01-10' }, '2027-01-01', '2027-01-20', 31)).toEqual([
      '2027-01-01',
      '2027-01-08',
    ]);
    // nothing due yet, or no next run at all
    expect(dueDates(weekly, '2027-01-22', '2027-01-20', 31)).toEqual([]);
    expect(dueDates(weekly, null, '2027-01-20', 31)).toEqual([]);
    // a next run already past a shortened end date is not due
    expect(dueDates({ ...weekly, endDate: '2027-01-05' }, '2027-01-08', '2027-01-20', 31)).toEqual([]);
  });
});
