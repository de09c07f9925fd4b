// A keyboard-wedge scan typed into a text box (issue 17). onscan.js leaves text boxes alone,
// since its own rule would swallow the Enter or Tab of anyone typing fast; here a stricter
// rule, on onscan's timing, tells a scanner from a person inside a box: at least
// WEDGE_MIN_LENGTH characters, no more than 30 ms a character on average (onscan's
// avgTimeByChar), no pause over 100 ms between two keys (its timeBeforeScanTest), all into the
// same box, ended by Enter within 100 ms. Only such a burst's Enter is kept from the form;
// Tab, slower typing and short codes pass through untouched. Pure: no DOM, tested alone.
import { WEDGE_MIN_LENGTH } from './codes';

/** onscan.js's defaults, the scanner's rhythm */
export const AVG_MS_BY_CHAR = 30;
export const MAX_PAUSE_MS = 100;

export interface Burst<T> {
  code: string;
  target: T;
}

export function burstTracker<T>() {
  let current: { chars: string; first: number; last: number; target: T } | null = null;
  return {
    /** a printable key pressed in `target` */
    key(char: string, now: number, target: T) {
      if (!current || current.target !== target || now - current.last > MAX_PAUSE_MS)
        current = { chars: '', first: now, last: now, target };
      current.chars += char;
      current.last = now;
    },
    /** Enter pressed in `target`: the burst when it was a scanner's, else null; either way it ends */
    enter(now: number, target: T): Burst<T> | null {
      const b = current;
      current = null;
      if (!b || b.target !== target || now - b.last > MAX_PAUSE_MS) return null;
      if (b.chars.length < WEDGE_MIN_LENGTH) return null;
      if (b.last - b.first > b.chars.length * AVG_MS_BY_CHAR) return null;
      return { code: b.chars, target: b.target };
    },
    /** any other key (arrows, Backspace, Tab...) ends a burst: a scanner sends none of them */
    other() {
      current = null;
    },
  };
}
