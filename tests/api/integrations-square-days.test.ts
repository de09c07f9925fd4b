// The daily pull's calendar (square/days.ts), worked by hand from Toronto's published offsets:
// EST is UTC-5, EDT UTC-4; in 2026 daylight time starts on 8 March and ends on 1 November.
import { describe, expect, it } from 'vitest';
import { addDays, daysToPull, startOfDay } from '../../src/server/domain/integrations/square/days';

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
    expect(daysToPull(null, '2026-11-27')).toEqual(['2026-11-26']);
    expect(daysToPull('2026-11-23', '2026-11-27')).toEqual(['2026-11-24', '2026-11-25', '2026-11-26']);
    expect(daysToPull('2026-11-26', '2026-11-27')).toEqual([]);
    // across a month and a year end
    expect(daysToPull('2026-12-30', '2027-01-02')).toEqual(['2026-12-31', '2027-01-01']);
  });
});
