// Dates in an imported file are written the way the person's spreadsheet writes them; the
// wizard asks for that format (spec 5: default yyyy-MM-dd) and each cell is read by it into the
// ISO date the records layer stores. Only day, month and four-digit year tokens exist: a
// two-digit year would have to guess its century.

export const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd';
const TOKEN = /yyyy|MM|M|dd|d|[-/. ]/g;
const MAX_FORMAT_LENGTH = 20;

type Part = { kind: 'year' | 'month' | 'day'; exact: number | null } | { kind: 'sep'; text: string };

/** The parts of a format, or null when it is not one this reader understands. */
export function parseDateFormat(format: string): Part[] | null {
  if (!format || format.length > MAX_FORMAT_LENGTH) return null;
  const tokens = format.match(TOKEN) ?? [];
  if (tokens.join('') !== format) return null;
  const parts: Part[] = tokens.map((t) => {
    if (t === 'yyyy') return { kind: 'year', exact: 4 };
    if (t === 'MM') return { kind: 'month', exact: 2 };
    if (t === 'M') return { kind: 'month', exact: null };
    if (t === 'dd') return { kind: 'day', exact: 2 };
    if (t === 'd') return { kind: 'day', exact: null };
    return { kind: 'sep', text: t };
  });
  const count = (kind: string) => parts.filter((p) => p.kind === kind).length;
  if (count('year') !== 1 || count('month') !== 1 || count('day') !== 1) return null;
  // two numbers side by side with a variable width could be read two ways
  for (let i = 1; i < parts.length; i++) if (parts[i].kind !== 'sep' && parts[i - 1].kind !== 'sep') return null;
  return parts;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The cell as yyyy-MM-dd, or null when it does not follow the format or names no real day. */
export function readDate(cell: string, parts: Part[]): string | null {
  const pattern = parts
    .map((p) => (p.kind === 'sep' ? `\\${p.text}` : p.exact ? `(\\d{${p.exact}})` : '(\\d{1,2})'))
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(cell.trim());
  if (!match) return null;
  const value: Record<string, number> = {};
  let group = 1;
  for (const p of parts) if (p.kind !== 'sep') value[p.kind] = Number(match[group++]);
  const { year, month, day } = value;
  if (month < 1 || month > 12 || day < 1 || year < 1) return null;
  // a day past the month's end (Feb 30) rolls over in Date.UTC: refuse it
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const WALL_TIME = /^(.*?)(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** Minutes `zone` is ahead of UTC at an instant ('GMT-05:00' → -300). */
function offsetMinutes(zone: string, instant: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/**
 * A date-time cell as an ISO instant: one already written with its offset (an export) as it is,
 * else a date in the file's format with an optional time (HH:mm or HH:mm:ss; midnight without),
 * read as the wall clock of the company's time zone.
 */
export function readDateTime(cell: string, parts: Part[], zone: string): string | null {
  const text = cell.trim();
  if (ISO_INSTANT.test(text)) return Number.isNaN(Date.parse(text)) ? null : new Date(text).toISOString();
  const [, datePart, h = '0', min = '0', s = '0'] = WALL_TIME.exec(text)!;
  const date = readDate(datePart, parts);
  const [hour, minute, second] = [Number(h), Number(min), Number(s)];
  if (!date || hour > 23 || minute > 59 || second > 59) return null;
  const [y, mo, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, mo - 1, d, hour, minute, second);
  // the zone's offset at the wall time read as UTC is off by the offset itself near a DST
  // change: look again at the instant the first guess gives
  const first = wall - offsetMinutes(zone, wall) * 60_000;
  return new Date(wall - offsetMinutes(zone, first) * 60_000).toISOString();
}
