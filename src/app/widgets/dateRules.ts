// Date, date/time and date-range rules (spec 4 and 9): dates as yyyy-MM-dd, a 12-hour clock
// with am/pm, the date-range presets with an optional All state, 'TBD' for a cleared date.
import {
  endOfMonth,
  endOfQuarter,
  endOfWeek,
  endOfYear,
  format,
  isValid,
  parse,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
  startOfYear,
  subDays,
  subMonths,
  subQuarters,
  subWeeks,
  subYears,
} from 'date-fns';
import { instantFromWall, showDay, showInstant, wallOf } from './dateDisplay';

export const DATE_FORMAT = 'yyyy-MM-dd';
export const TIME_FORMAT = 'h:mm a';
export const TBD = 'TBD';
/** en-CA weeks start on Sunday */
const WEEK = { weekStartsOn: 0 as const };

export const DATE_PRESETS = [
  'last30',
  'last60',
  'last90',
  'last365',
  'thisWeek',
  'thisMonth',
  'thisQuarter',
  'thisYear',
  'lastWeek',
  'lastMonth',
  'lastQuarter',
  'lastYear',
  'today',
  'yesterday',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const ALL = 'all';
export const DEFAULT_PRESET: DatePreset = 'last30';

export interface DateRange {
  from: string | null;
  to: string | null;
}

export const formatDate = (d: Date): string => format(d, DATE_FORMAT);

/** 'yyyy-MM-dd' -> a local Date (midnight), or null. */
export function parseDate(text: string | null | undefined): Date | null {
  if (!text) return null;
  const d = parse(text.trim(), DATE_FORMAT, new Date(2000, 0, 1));
  return isValid(d) && formatDate(d) === text.trim() ? d : null;
}

export const isDateText = (text: string): boolean => parseDate(text) !== null;

/** A cleared date shows 'TBD'. */
export const displayDate = (value: string | null | undefined): string => (value ? showDay(value) : TBD);

/** The range of a preset, relative to `today`. */
export function presetRange(preset: DatePreset, today: Date = new Date()): DateRange {
  const r = (from: Date, to: Date): DateRange => ({ from: formatDate(from), to: formatDate(to) });
  switch (preset) {
    case 'last30':
      return r(subDays(today, 30), today);
    case 'last60':
      return r(subDays(today, 60), today);
    case 'last90':
      return r(subDays(today, 90), today);
    case 'last365':
      return r(subDays(today, 365), today);
    case 'thisWeek':
      return r(startOfWeek(today, WEEK), endOfWeek(today, WEEK));
    case 'thisMonth':
      return r(startOfMonth(today), endOfMonth(today));
    case 'thisQuarter':
      return r(startOfQuarter(today), endOfQuarter(today));
    case 'thisYear':
      return r(startOfYear(today), endOfYear(today));
    case 'lastWeek': {
      const d = subWeeks(today, 1);
      return r(startOfWeek(d, WEEK), endOfWeek(d, WEEK));
    }
    case 'lastMonth': {
      const d = subMonths(today, 1);
      return r(startOfMonth(d), endOfMonth(d));
    }
    case 'lastQuarter': {
      const d = subQuarters(today, 1);
      return r(startOfQuarter(d), endOfQuarter(d));
    }
    case 'lastYear': {
      const d = subYears(today, 1);
      return r(startOfYear(d), endOfYear(d));
    }
    case 'today':
      return r(today, today);
    case 'yesterday': {
      const d = subDays(today, 1);
      return r(d, d);
    }
  }
}

/** The preset whose range this is, if any (to show its name). */
export function presetOf(range: DateRange, today: Date = new Date()): DatePreset | undefined {
  return DATE_PRESETS.find((p) => {
    const pr = presetRange(p, today);
    return pr.from === range.from && pr.to === range.to;
  });
}

export interface RangeState extends DateRange {
  /** no bounds */
  all: boolean;
}

export type RangeAction =
  | { type: 'preset'; preset: DatePreset | typeof ALL; today?: Date }
  | { type: 'from'; value: string | null }
  | { type: 'to'; value: string | null };

export function initialRange(options: { allowAll?: boolean; all?: boolean } = {}, today = new Date()): RangeState {
  if (options.allowAll && options.all) return { all: true, from: null, to: null };
  return { all: false, ...presetRange(DEFAULT_PRESET, today) };
}

/**
 * The All state switches off when a range is picked (a preset or a date) and on when the
 * from value is cleared. Without `allowAll`, clearing a date leaves it open ('TBD').
 */
export function rangeReducer(state: RangeState, action: RangeAction, allowAll = true): RangeState {
  switch (action.type) {
    case 'preset':
      if (action.preset === ALL) return allowAll ? { all: true, from: null, to: null } : state;
      return { all: false, ...presetRange(action.preset, action.today) };
    case 'from':
      if (!action.value) return allowAll ? { all: true, from: null, to: null } : { ...state, from: null };
      return { ...state, all: false, from: action.value };
    case 'to':
      return { ...state, all: false, to: action.value || null };
  }
}

// ---- 12-hour clock ----

export type Meridiem = 'am' | 'pm';

export function to12h(hours24: number): { hour: number; meridiem: Meridiem } {
  const h = ((Math.trunc(hours24) % 24) + 24) % 24;
  return { hour: h % 12 === 0 ? 12 : h % 12, meridiem: h < 12 ? 'am' : 'pm' };
}

export function from12h(hour: number, meridiem: Meridiem): number {
  const h = hour % 12;
  return meridiem === 'pm' ? h + 12 : h;
}

/** An ISO date-time -> its parts for the picker (date yyyy-MM-dd, 12-hour time), on the wall
 * clock of the company's time zone (issue 10, point 19), not the browser's. */
export function splitDateTime(iso: string | null | undefined): {
  date: string;
  hour: number;
  minute: number;
  meridiem: Meridiem;
} | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const w = wallOf(d);
  const date = `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  return { date, minute: w.minute, ...to12h(w.hour) };
}

/** Picker parts, read on the company's wall clock -> ISO (UTC) date-time; null when the date
 * is blank or invalid. */
export function joinDateTime(date: string, hour: number, minute: number, meridiem: Meridiem): string | null {
  const day = parseDate(date);
  if (!day) return null;
  return instantFromWall({
    year: day.getFullYear(),
    month: day.getMonth() + 1,
    day: day.getDate(),
    hour: from12h(hour, meridiem),
    minute,
  });
}

/** '2026-11-21 3:05 pm' before a company is known; then the company's formats and zone
 * (widgets/dateDisplay.ts). A missing value is 'TBD'. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return TBD;
  return showInstant(iso);
}
