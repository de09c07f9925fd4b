// A wedge scan typed into a text box (issue 17): onscan.js's timing (30 ms a character on
// average, at most 100 ms between keys, 8 characters at least: EAN-8) tells a scanner's burst
// from a person typing. Times are hand-picked milliseconds around those limits.
import { describe, expect, it } from 'vitest';
import { AVG_MS_BY_CHAR, MAX_PAUSE_MS, burstTracker } from '../../src/app/scanner/burst';

const box = { name: 'line quantity' };
const other = { name: 'line description' };

/** types `code` into `target` one key every `gap` ms from `start`; answers the last key's time */
function type(
  tracker: ReturnType<typeof burstTracker<object>>,
  code: string,
  start: number,
  gap: number,
  target = box,
) {
  let t = start;
  for (const ch of code) {
    tracker.key(ch, t, target);
    t += gap;
  }
  return t - gap;
}

describe('a scan typed into a text box', () => {
  it('uses onscan.js timing', () => {
    expect(AVG_MS_BY_CHAR).toBe(30);
    expect(MAX_PAUSE_MS).toBe(100);
  });

  it('is 13 digits at 5 ms a key and Enter 5 ms later: a scan', () => {
    const tracker = burstTracker<object>();
    const last = type(tracker, '0628055012345', 1000, 5);
    expect(tracker.enter(last + 5, box)).toEqual({ code: '0628055012345', target: box });
  });

  it('is not a person typing 13 digits at 80 ms a key', () => {
    const tracker = burstTracker<object>();
    // each pause is under 100 ms, but 12 gaps x 80 = 960 ms > 13 x 30 = 390 ms
    const last = type(tracker, '0628055012345', 1000, 80);
    expect(tracker.enter(last + 20, box)).toBeNull();
  });

  it('is the fast part only, after a pause: earlier text typed by hand is not in the code', () => {
    const tracker = burstTracker<object>();
    const typed = type(tracker, '12', 0, 150);
    const last = type(tracker, '12345678', typed + 400, 3);
    expect(tracker.enter(last + 3, box)?.code).toBe('12345678');
  });

  it('needs 8 characters (EAN-8): 7 fast ones are typing', () => {
    const tracker = burstTracker<object>();
    const last = type(tracker, '1234567', 0, 2);
    expect(tracker.enter(last + 2, box)).toBeNull();
  });

  it('needs the Enter within 100 ms of the last key', () => {
    const tracker = burstTracker<object>();
    const last = type(tracker, '12345678', 0, 2);
    expect(tracker.enter(last + 101, box)).toBeNull();
  });

  it('ends with any other key (Backspace, Tab, arrows): no scanner sends one mid-code', () => {
    const tracker = burstTracker<object>();
    const last = type(tracker, '12345678', 0, 2);
    tracker.other();
    expect(tracker.enter(last + 2, box)).toBeNull();
  });

  it('is one box: keys moving to another box start again, Enter elsewhere is not the scan', () => {
    const tracker = burstTracker<object>();
    type(tracker, '1234', 0, 2);
    const last = type(tracker, '5678', 8, 2, other);
    expect(tracker.enter(last + 2, box)).toBeNull();
    const again = type(tracker, '87654321', 500, 2, other);
    expect(tracker.enter(again + 2, other)?.code).toBe('87654321');
  });

  it('ends at its Enter: a second Enter is the form’s', () => {
    const tracker = burstTracker<object>();
    const last = type(tracker, '12345678', 0, 2);
    expect(tracker.enter(last + 2, box)).not.toBeNull();
    expect(tracker.enter(last + 4, box)).toBeNull();
  });
});
