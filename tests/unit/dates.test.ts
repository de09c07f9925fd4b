// Issue 10, point 19: the company's date format is a choice and, with its time zone, decides how
// every date and time is shown and read. Expected strings are worked by hand from the calendar
// and the zones' published rules (Canada: daylight time from the second Sunday of March, 2 am,
// to the first Sunday of November, 2 am; Toronto UTC-5 / UTC-4, Vancouver UTC-8 / UTC-7,
// St. John's UTC-3:30 / UTC-2:30).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dateTimeSettingsErrors,
  formatDay,
  formatInstant,
  instantOf,
  parseDay,
  settingsOrDefaults,
} from '../../src/shared/dateTimeSettings';
import {
  readDay,
  setActiveDateSettings,
  showDay,
  showInstant,
  todayInCompany,
} from '../../src/app/widgets/dateDisplay';
import { formatDateTime, joinDateTime, splitDateTime } from '../../src/app/widgets/dateRules';

const TORONTO = 'America/Toronto';

describe('days in the company format', () => {
  it('writes 5 March 2026 in each format', () => {
    expect(formatDay('2026-03-05', 'yyyy-MM-dd')).toBe('2026-03-05');
    expect(formatDay('2026-03-05', 'dd/MM/yyyy')).toBe('05/03/2026');
    expect(formatDay('2026-03-05', 'MM/dd/yyyy')).toBe('03/05/2026');
    expect(formatDay('2026-03-05', 'd MMM yyyy')).toBe('5 Mar 2026');
    expect(formatDay('2026-03-05', 'd MMM yyyy', 'fr')).toBe('5 mars 2026');
    expect(formatDay('2026-12-25', 'd MMM yyyy', 'fr')).toBe('25 déc. 2026');
  });

  it('reads what it writes, and ISO in every format', () => {
    expect(parseDay('05/03/2026', 'dd/MM/yyyy')).toBe('2026-03-05');
    expect(parseDay('5/3/2026', 'dd/MM/yyyy')).toBe('2026-03-05');
    expect(parseDay('05/03/2026', 'MM/dd/yyyy')).toBe('2026-05-03');
    expect(parseDay('5 Mar 2026', 'd MMM yyyy')).toBe('2026-03-05');
    expect(parseDay('5 mars 2026', 'd MMM yyyy')).toBe('2026-03-05');
    expect(parseDay('28 févr. 2026', 'd MMM yyyy')).toBe('2026-02-28');
    expect(parseDay('2026-03-05', 'dd/MM/yyyy')).toBe('2026-03-05');
    // 2026 is not a leap year, 2028 is
    expect(parseDay('29 Feb 2026', 'd MMM yyyy')).toBeNull();
    expect(parseDay('29 Feb 2028', 'd MMM yyyy')).toBe('2028-02-29');
    expect(parseDay('31/04/2026', 'dd/MM/yyyy')).toBeNull();
    expect(parseDay('13/13/2026', 'MM/dd/yyyy')).toBeNull();
    expect(parseDay('05-03-2026', 'dd/MM/yyyy')).toBeNull();
  });
});

describe('instants in the company zone', () => {
  const at = (iso: string, zone: string, dateFormat = 'yyyy-MM-dd', timeFormat = 'hh:mm a') =>
    formatInstant(new Date(iso), { dateFormat, timeFormat, timeZone: zone });

  it('shows the wall clock of the zone, not of the browser', () => {
    // 21 Nov 2026 is standard time: 20:05 UTC is 15:05 in Toronto, 12:05 in Vancouver
    expect(at('2026-11-21T20:05:00Z', TORONTO)).toBe('2026-11-21 03:05 pm');
    expect(at('2026-11-21T20:05:00Z', TORONTO, 'dd/MM/yyyy', 'HH:mm')).toBe('21/11/2026 15:05');
    expect(at('2026-11-21T20:05:00Z', 'America/Vancouver', 'MM/dd/yyyy', 'h:mm a')).toBe('11/21/2026 12:05 pm');
    // 1 July 2026 03:30 UTC is still 30 June in Toronto (UTC-4: 23:30), 1 July in St. John's (UTC-2:30: 01:00)
    expect(at('2026-07-01T03:30:00Z', TORONTO, 'd MMM yyyy', 'HH:mm')).toBe('30 Jun 2026 23:30');
    expect(at('2026-07-01T03:30:00Z', 'America/St_Johns', 'd MMM yyyy', 'h:mm a')).toBe('1 Jul 2026 1:00 am');
    // midnight and noon on a 12-hour clock
    expect(at('2026-01-10T05:00:00Z', TORONTO, 'yyyy-MM-dd', 'h:mm a')).toBe('2026-01-10 12:00 am');
    expect(at('2026-01-10T17:00:00Z', TORONTO, 'yyyy-MM-dd', 'h:mm a')).toBe('2026-01-10 12:00 pm');
  });

  it('reads a wall-clock time back to its instant, across daylight-time changes', () => {
    const utc = (w: Parameters<typeof instantOf>[1]) => instantOf(TORONTO, w).toISOString();
    expect(utc({ year: 2026, month: 11, day: 21, hour: 15, minute: 5 })).toBe('2026-11-21T20:05:00.000Z');
    expect(utc({ year: 2026, month: 7, day: 1, hour: 9, minute: 0 })).toBe('2026-07-01T13:00:00.000Z');
    // 8 March 2026: 01:30 is EST (06:30 UTC); 02:30 does not exist and reads as 03:30 EDT
    // (07:30 UTC), as does 03:30 itself
    expect(utc({ year: 2026, month: 3, day: 8, hour: 1, minute: 30 })).toBe('2026-03-08T06:30:00.000Z');
    expect(utc({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 })).toBe('2026-03-08T07:30:00.000Z');
    expect(utc({ year: 2026, month: 3, day: 8, hour: 3, minute: 30 })).toBe('2026-03-08T07:30:00.000Z');
    // 1 November 2026: 01:30 happens twice; the first (EDT, 05:30 UTC) is taken; 12:00 is EST
    expect(utc({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 })).toBe('2026-11-01T05:30:00.000Z');
    expect(utc({ year: 2026, month: 11, day: 1, hour: 12, minute: 0 })).toBe('2026-11-01T17:00:00.000Z');
  });
});

describe('the settings a company may save', () => {
  it('accepts the choices and real zones only', () => {
    expect(
      dateTimeSettingsErrors({ dateFormat: 'd MMM yyyy', timeFormat: 'HH:mm', timeZone: 'America/Halifax' }),
    ).toEqual({});
    expect(dateTimeSettingsErrors({ dateFormat: null, timeFormat: '', timeZone: undefined })).toEqual({});
    expect(
      dateTimeSettingsErrors({ dateFormat: 'yyyy/MM/dd', timeFormat: 'HH:mm:ss', timeZone: 'Mars/Olympus' }),
    ).toEqual({
      dateFormat: 'Must be one of yyyy-MM-dd, dd/MM/yyyy, MM/dd/yyyy, d MMM yyyy',
      timeFormat: 'Must be one of hh:mm a, h:mm a, HH:mm',
      timeZone: 'Unknown time zone (use a name such as America/Toronto)',
    });
  });

  it('falls back to the schema defaults for a stored value that is not a choice', () => {
    expect(settingsOrDefaults({ dateFormat: 'dd.MM.yy', timeFormat: null, timeZone: 'Nowhere' })).toEqual({
      dateFormat: 'yyyy-MM-dd',
      timeFormat: 'hh:mm a',
      timeZone: TORONTO,
    });
  });
});

describe('the display helper follows the current company', () => {
  afterEach(() => setActiveDateSettings(null));

  it('shows and reads dates and times with the company settings', () => {
    setActiveDateSettings({ dateFormat: 'dd/MM/yyyy', timeFormat: 'HH:mm', timeZone: 'America/Vancouver' });
    expect(showDay('2026-03-05')).toBe('05/03/2026');
    expect(readDay('05/03/2026')).toBe('2026-03-05');
    // 20:05 UTC in November is 12:05 in Vancouver (UTC-8)
    expect(showInstant('2026-11-21T20:05:00Z')).toBe('21/11/2026 12:05');
    expect(formatDateTime('2026-11-21T20:05:00Z')).toBe('21/11/2026 12:05');
    expect(formatDateTime(null)).toBe('TBD');
    // the picker works on Vancouver's wall clock: 3:05 pm there is 23:05 UTC
    const iso = joinDateTime('2026-11-21', 3, 5, 'pm');
    expect(iso).toBe('2026-11-21T23:05:00.000Z');
    expect(splitDateTime(iso)).toEqual({ date: '2026-11-21', hour: 3, minute: 5, meridiem: 'pm' });
    // 07:30 UTC on 1 July is 00:30 on 1 July in Vancouver (daylight time, UTC-7)
    expect(splitDateTime('2026-07-01T07:30:00Z')).toEqual({ date: '2026-07-01', hour: 12, minute: 30, meridiem: 'am' });
  });

  it("takes today from the company's clock, not the computer's", () => {
    vi.useFakeTimers();
    try {
      // 2026-03-05 20:00 UTC is 6 March 10:00 in Kiritimati (UTC+14) and 5 March 09:00 in Pago Pago (UTC-11)
      vi.setSystemTime(new Date('2026-03-05T20:00:00Z'));
      setActiveDateSettings({ timeZone: 'Pacific/Kiritimati' });
      expect(todayInCompany()).toBe('2026-03-06');
      setActiveDateSettings({ timeZone: 'Pacific/Pago_Pago' });
      expect(todayInCompany()).toBe('2026-03-05');
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves days as stored before a company is known', () => {
    expect(showDay('2026-03-05')).toBe('2026-03-05');
    expect(readDay('05/03/2026')).toBeNull();
  });
});
