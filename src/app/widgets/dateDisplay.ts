// The one display helper for dates and times (issue 10, point 19): every list cell, read-only
// value, print sheet and date input shows days in the company's dateFormat and instants in its
// timeZone with its timeFormat. The current company's settings are set here when the company
// store changes (src/app/company/companies.ts), so call sites need no settings of their own.
// Before a company is known, days show as stored and instants in the browser's zone with a
// 12-hour clock, as the app always did.
import {
  formatDay as formatDayIn,
  formatInstant,
  formatWall,
  instantOf,
  parseDay,
  settingsOrDefaults,
  wallTimeIn,
  type DateTimeSettings,
  type WallTime,
} from '../../shared/dateTimeSettings';

let active: DateTimeSettings | null = null;

/** The current company's settings (null: no company yet). */
export function setActiveDateSettings(raw: Partial<Record<keyof DateTimeSettings, unknown>> | null | undefined): void {
  active = raw ? settingsOrDefaults(raw) : null;
}

export const activeDateSettings = (): DateTimeSettings | null => active;

const locale = () => (typeof document !== 'undefined' && document.documentElement.lang === 'fr' ? 'fr' : 'en');

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zone instants are shown and entered in: the company's, else the browser's. */
export const displayZone = (): string => active?.timeZone ?? browserZone();
/** The date pattern of displays and inputs. */
export const displayDateFormat = (): string => active?.dateFormat ?? 'yyyy-MM-dd';
/** True when times are entered on a 24-hour clock. */
export const uses24h = (): boolean => active?.timeFormat === 'HH:mm';

/** A stored day ('2026-03-05') in the company's format; '' for nothing. */
export function showDay(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  return formatDayIn(value, displayDateFormat(), locale());
}

/** An ISO instant as day and time in the company's zone and formats; '' for nothing. */
export function showInstant(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  if (active) return formatInstant(instant, active, locale());
  const w = wallTimeIn(browserZone(), instant);
  return `${formatWall(w, 'yyyy-MM-dd')} ${formatWall(w, 'h:mm a')}`;
}

/** Today in the company's time zone (the browser's before a company is known), yyyy-MM-dd: the
 * default date of a count, a batch move, a filing, whatever the clock of the computer says. */
export const todayInCompany = (): string => formatWall(wallTimeIn(displayZone(), new Date()), 'yyyy-MM-dd');

/** A day as typed in the company's format (or ISO) -> 'yyyy-MM-dd', or null. */
export const readDay = (text: string): string | null => parseDay(text, displayDateFormat());

/** An instant's wall-clock parts in the display zone (for the time picker). */
export const wallOf = (instant: Date): WallTime => wallTimeIn(displayZone(), instant);

/** Wall-clock parts in the display zone -> the ISO instant. */
export const instantFromWall = (w: WallTime): string => instantOf(displayZone(), w).toISOString();
