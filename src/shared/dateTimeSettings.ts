// The company's date and time settings (spec 3 company settings: dateFormat, timeFormat,
// timeZone; issue 10, point 19): the formats a company may choose, the check the server makes
// when they are saved, and the exact formatting and parsing the screens use. Patterns are
// date-fns tokens (the schema's default is 'yyyy-MM-dd' and 'hh:mm a'), but formatting is done
// here, on the parts of the instant in the company's zone, so the browser's own zone never
// shifts a value (no local Date is ever built from wall-clock parts).

export const DATE_FORMATS = ['yyyy-MM-dd', 'dd/MM/yyyy', 'MM/dd/yyyy', 'd MMM yyyy'] as const;
export const TIME_FORMATS = ['hh:mm a', 'h:mm a', 'HH:mm'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export type TimeFormat = (typeof TIME_FORMATS)[number];

export const DEFAULT_DATE_FORMAT: DateFormat = 'yyyy-MM-dd';
export const DEFAULT_TIME_FORMAT: TimeFormat = 'hh:mm a';
export const DEFAULT_TIME_ZONE = 'America/Toronto';

export interface DateTimeSettings {
  dateFormat: string;
  timeFormat: string;
  timeZone: string;
}

/** True for a zone name the runtime knows (IANA: 'America/Toronto', 'UTC'). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 60) return false;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Field errors of the date and time settings present in `input` (blank = the default). */
export function dateTimeSettingsErrors(input: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  const check = (key: string, ok: (v: string) => boolean, message: string) => {
    const v = input[key];
    if (v === undefined || v === null || v === '') return;
    if (typeof v !== 'string' || !ok(v)) errors[key] = message;
  };
  check(
    'dateFormat',
    (v) => (DATE_FORMATS as readonly string[]).includes(v),
    `Must be one of ${DATE_FORMATS.join(', ')}`,
  );
  check(
    'timeFormat',
    (v) => (TIME_FORMATS as readonly string[]).includes(v),
    `Must be one of ${TIME_FORMATS.join(', ')}`,
  );
  check('timeZone', isTimeZone, 'Unknown time zone (use a name such as America/Toronto)');
  return errors;
}

/** A stored value or the default when it is missing or not one of the choices. */
export function settingsOrDefaults(
  raw: Partial<Record<keyof DateTimeSettings, unknown>> | null | undefined,
): DateTimeSettings {
  const pick = <T extends string>(v: unknown, allowed: readonly T[], fallback: T) =>
    typeof v === 'string' && (allowed as readonly string[]).includes(v) ? v : fallback;
  const zone = typeof raw?.timeZone === 'string' && isTimeZone(raw.timeZone) ? raw.timeZone : DEFAULT_TIME_ZONE;
  return {
    dateFormat: pick(raw?.dateFormat, DATE_FORMATS, DEFAULT_DATE_FORMAT),
    timeFormat: pick(raw?.timeFormat, TIME_FORMATS, DEFAULT_TIME_FORMAT),
    timeZone: zone,
  };
}

// ---- wall-clock parts ----

export interface WallTime {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number; // 0-23
  minute: number;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();
function partFormat(zone: string) {
  let f = partFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormats.set(zone, f);
  }
  return f;
}

/** The wall-clock time of an instant in a zone. */
export function wallTimeIn(zone: string, instant: Date): WallTime & { second: number } {
  const parts = Object.fromEntries(
    partFormat(zone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (Toronto in winter: -5 h). */
function offsetAt(zone: string, ms: number): number {
  const w = wallTimeIn(zone, new Date(ms));
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a wall-clock time names in a zone. In a spring-forward gap (02:30 that never
 * happens) the time is read with the offset before the change, landing an hour later, as
 * clocks do; in the repeated autumn hour the first (daylight) one is taken.
 */
export function instantOf(zone: string, w: WallTime): Date {
  const guess = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  const before = offsetAt(zone, guess - 86_400_000 / 2);
  const first = guess - before;
  const after = offsetAt(zone, first);
  if (after === before) return new Date(first);
  const second = guess - after;
  if (offsetAt(zone, second) === after) return new Date(second);
  // neither offset gives this wall time back: it is in the gap, read with the earlier offset
  return new Date(first);
}

// ---- formatting and parsing ----

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// the abbreviations of the Office québécois de la langue française (mai, juin, août unabridged)
const FR_MONTHS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];
const monthNames = (locale: string) => (locale === 'fr' ? FR_MONTHS : EN_MONTHS);
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Formats wall-clock parts with one of the allowed patterns; 'a' is am/pm as spec 9 writes it. */
export function formatWall(w: Partial<WallTime>, pattern: string, locale = 'en'): string {
  return pattern.replace(/yyyy|MMM|MM|dd|d|HH|hh|h|mm|a/g, (token) => {
    const hour = w.hour ?? 0;
    switch (token) {
      case 'yyyy':
        return pad(w.year ?? 0, 4);
      case 'MMM':
        return monthNames(locale)[(w.month ?? 1) - 1];
      case 'MM':
        return pad(w.month ?? 1);
      case 'dd':
        return pad(w.day ?? 1);
      case 'd':
        return String(w.day ?? 1);
      case 'HH':
        return pad(hour);
      case 'hh':
        return pad(hour % 12 || 12);
      case 'h':
        return String(hour % 12 || 12);
      case 'mm':
        return pad(w.minute ?? 0);
      default:
        return hour < 12 ? 'am' : 'pm';
    }
  });
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const validDay = (year: number, month: number, day: number) =>
  month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate() && year >= 1;

/** 'yyyy-MM-dd' as stored -> its parts, or null. */
export function dayParts(iso: string | null | undefined): { year: number; month: number; day: number } | null {
  const m = ISO_DAY.exec(iso ?? '');
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return validDay(year, month, day) ? { year, month, day } : null;
}

/** A stored day ('2026-03-05') shown in the company's format: no zone, a day is a day. */
export function formatDay(iso: string, dateFormat: string, locale = 'en'): string {
  const p = dayParts(iso.slice(0, 10));
  return p ? formatWall(p, dateFormat, locale) : iso;
}

/** An instant shown as its day and time in the company's zone and formats. */
export function formatInstant(instant: Date, settings: DateTimeSettings, locale = 'en'): string {
  if (Number.isNaN(instant.getTime())) return '';
  const w = wallTimeIn(settings.timeZone, instant);
  return `${formatWall(w, settings.dateFormat, locale)} ${formatWall(w, settings.timeFormat, locale)}`;
}

/**
 * A day typed in the company's format -> 'yyyy-MM-dd', or null. The ISO form is accepted too
 * (pasted values); month names in English or French, with or without the abbreviation's dot.
 */
export function parseDay(text: string, dateFormat: string): string | null {
  const t = text.trim();
  const iso = (year: number, month: number, day: number) =>
    validDay(year, month, day) ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
  const isoMatch = ISO_DAY.exec(t);
  if (isoMatch) return iso(Number(isoMatch[1]), Number(isoMatch[2]), Number(isoMatch[3]));
  let m: RegExpExecArray | null;
  switch (dateFormat) {
    case 'dd/MM/yyyy':
      m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
      return m ? iso(Number(m[3]), Number(m[2]), Number(m[1])) : null;
    case 'MM/dd/yyyy':
      m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
      return m ? iso(Number(m[3]), Number(m[1]), Number(m[2])) : null;
    case 'd MMM yyyy': {
      m = /^(\d{1,2})\s+(\p{L}+)\.?\s+(\d{4})$/u.exec(t);
      if (!m) return null;
      const name = m[2].toLowerCase();
      const strip = (s: string) => s.toLowerCase().replace(/\.$/, '');
      let month = EN_MONTHS.findIndex((n) => strip(n) === name) + 1;
      if (!month) month = FR_MONTHS.findIndex((n) => strip(n) === name) + 1;
      return month ? iso(Number(m[3]), month, Number(m[1])) : null;
    }
    default:
      return null;
  }
}
