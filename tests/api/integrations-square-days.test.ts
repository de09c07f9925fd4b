// The daily pull's calendar (square/days.ts), worked by hand from Toronto's published offsets:
// EST is UTC-5, EDT UTC-4; in 2026 daylight time starts on 8 March and ends on 1 November.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/days';
import { daysToPull, startOfDay } from '../../src/server/domain/integrations/square/days';

describe('Square daily pull days', () => {
  it('starts a Toronto day at its local midnight, in winter and in summer', () => {
    expect(startOfDay('America/Toronto', '2026-11-26')).toBe('2026-11-26T05:00:00.000Z');
    expect(startOfDay('America/Toronto', '2026-07-01')).toBe('2026-07-01T04:00:00.000Z');
    expect(startOfDay('America/Vancouver', '2026-11-26')).toBe('2026-11-26T08:00:00.000Z');
    expect(startOfDay('UTC', '2026-11-26')).toBe('2026-11-26T00:00:00.000Z');
  });

  it('gives the days either side of a daylight-saving change their true length', () => {
    // 8 March 2026 is 23 hours long in Toronto, 1 November 25 hours
    const hours = (day: string) =>
      (Date.parse(startOfDay('America/Toronto', addDays(day, 1))) - Date.parse(startOfDay('America/Toronto', day))) /
      3_600_000;
    expect(hours('2026-03-08')).toBe(23);
    expect(hours('2026-11-01')).toBe(25);
    expect(hours('2026-11-02')).toBe(24);
  });

  it('pulls the days after the last one up to yesterday, and yesterday alone the first time', () => {
    // 10:00 in Toronto on 27 November (15:00 UTC)
    const morning = new Date('2026-11-27T15:00:00Z');
    expect(daysToPull(null, 'America/Toronto', morning)).toEqual(['2026-11-26']);
    expect(daysToPull('2026-11-23', 'America/Toronto', morning)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26']);
    expect(daysToPull('2026-11-26', 'America/Toronto', morning)).toEqual([]);
    // across a month and a year end: noon in Toronto on 2 January 2027 is 17:00 UTC
    expect(daysToPull('2026-12-30', 'America/Toronto', new Date('2027-01-02T17:00:00Z'))).toEqual([
      '2026-12-31',
      '2027-01-01',
    ]);
  });

  it('waits two hours after midnight before pulling a day, for the sales a till uploads late', () => {
    // 00:15 in Toronto on 27 November is 05:15 UTC (EST, UTC-5): the 26th is not pulled yet
    expect(daysToPull('2026-11-25', 'America/Toronto', new Date('2026-11-27T05:15:00Z'))).toEqual([]);
    // 01:59 still waits; 02:00 (07:00 UTC) pulls it
    expect(daysToPull('2026-11-25', 'America/Toronto', new Date('2026-11-27T06:59:00Z'))).toEqual([]);
    expect(daysToPull('2026-11-25', 'America/Toronto', new Date('2026-11-27T07:00:00Z'))).toEqual(['2026-11-26']);
    // the same instant is already past 02:00 in Halifax (UTC-4 in winter: 03:15)
    expect(daysToPull('2026-11-25', 'America/Halifax', new Date('2026-11-27T07:15:00Z'))).toEqual(['2026-11-26']);
    // and in summer (EDT, UTC-4) 02:00 in Toronto is 06:00 UTC
    expect(daysToPull('2026-07-01', 'America/Toronto', new Date('2026-07-03T05:59:00Z'))).toEqual([]);
    expect(daysToPull('2026-07-01', 'America/Toronto', new Date('2026-07-03T06:00:00Z'))).toEqual(['2026-07-02']);
  });
});
