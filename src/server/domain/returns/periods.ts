// Reporting periods of the excise returns (canada-excise.md "Periods and due dates"): a fiscal
// month by default, a fiscal half-year for a licensee the Minister has authorised (s.159.1);
// returns and payment are due on the last day of the first month after the period (s.160).
// Dates are ISO 'YYYY-MM-DD' strings handled as calendar numbers (no time zone can shift them).
import { addDays } from '../../../shared/days';

export type Frequency = 'monthly' | 'halfYearly';

export interface Period {
  periodStart: string;
  periodEnd: string;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
export const iso = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** The days of a month (m 1-12). */
export function daysInMonth(y: number, m: number): number {
  return [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
}

/** [year, month, day] of a valid ISO date, or null. */
export function parseDate(s: unknown): [number, number, number] | null {
  const m = typeof s === 'string' ? ISO.exec(s) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  return [y, mo, d];
}

/** The month `n` months after (y, m), as [year, month]. */
function shiftMonth(y: number, m: number, n: number): [number, number] {
  const k = y * 12 + (m - 1) + n;
  return [Math.floor(k / 12), (k % 12) + 1];
}

export const endOfMonth = (y: number, m: number) => iso(y, m, daysInMonth(y, m));

export { addDays };

/** Due date of a return: the last day of the first month after the period. */
export function dueDate(periodEnd: string): string {
  const [y, m] = parseDate(periodEnd)!;
  const [ny, nm] = shiftMonth(y, m, 1);
  return endOfMonth(ny, nm);
}

/** The fiscal year (named by the calendar year it starts in) holding a date. */
export function fiscalYearOf(date: string, fiscalYearMonth: number): number {
  const [y, m] = parseDate(date)!;
  return m >= fiscalYearMonth ? y : y - 1;
}

/** The periods of one fiscal year, in order: 12 months, or 2 halves. */
export function periodsOfFiscalYear(fiscalYear: number, fiscalYearMonth: number, frequency: Frequency): Period[] {
  const months = frequency === 'monthly' ? 1 : 6;
  const out: Period[] = [];
  for (let i = 0; i < 12; i += months) {
    const [sy, sm] = shiftMonth(fiscalYear, fiscalYearMonth, i);
    const [ey, em] = shiftMonth(fiscalYear, fiscalYearMonth, i + months - 1);
    out.push({ periodStart: iso(sy, sm, 1), periodEnd: endOfMonth(ey, em) });
  }
  return out;
}

/** The period holding a date. */
export function periodOf(date: string, fiscalYearMonth: number, frequency: Frequency): Period {
  const fy = fiscalYearOf(date, fiscalYearMonth);
  return periodsOfFiscalYear(fy, fiscalYearMonth, frequency).find((p) => p.periodEnd >= date)!;
}

/** The period just before one. */
export function previousPeriod(p: Period, fiscalYearMonth: number, frequency: Frequency): Period {
  return periodOf(addDays(p.periodStart, -1), fiscalYearMonth, frequency);
}

/** Why a start and end are not one reporting period, or null when they are. */
export function periodError(
  periodStart: unknown,
  periodEnd: unknown,
  fiscalYearMonth: number,
  frequencies: Frequency[] = ['monthly'],
): string | null {
  if (!parseDate(periodStart)) return 'periodStart must be a date (YYYY-MM-DD)';
  if (!parseDate(periodEnd)) return 'periodEnd must be a date (YYYY-MM-DD)';
  for (const f of frequencies) {
    const p = periodOf(periodStart as string, fiscalYearMonth, f);
    if (p.periodStart === periodStart && p.periodEnd === periodEnd) return null;
  }
  const span = `${String(periodStart)} to ${String(periodEnd)}`;
  if (!frequencies.includes('monthly'))
    return `${span} is not a fiscal half-year (a half-yearly return covers six fiscal months, from the first day of the fiscal year or of its seventh month)`;
  return frequencies.includes('halfYearly')
    ? `${span} is not a fiscal month or half-year`
    : `${span} is not a fiscal month (a return covers one month, from its first to its last day)`;
}
