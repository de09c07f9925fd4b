// Rules of the decimal number input (spec 5), pure so they can be unit-tested:
// minimum 0 unless no-minimum, optional maximum, integer mode within the 32-bit range,
// a leading dot counts as a leading zero, empty counts as 0, precision 2 by default,
// en-CA formatting with thousands commas, rounding to precision on change.
import { INT_MAX, INT_MIN } from '../../shared/messages';

export const NUMBER_LOCALE = 'en-CA';
export const DEFAULT_PRECISION = 2;
export const DEFAULT_CURRENCY_PREFIX = '$';

export const NUMBER_MESSAGES = {
  min: 'app.validation.min',
  max: 'app.validation.max',
  outOfRange: 'app.validation.out_of_range',
  number: 'app.validation.number',
  strength: 'app.validation.strength',
} as const;

export interface NumberRuleOptions {
  /** decimals kept; 0 in integer mode */
  precision?: number;
  /** defaults to 0 unless `noMinimum` */
  min?: number;
  noMinimum?: boolean;
  max?: number;
  integer?: boolean;
  /** false: no thousands separator (years, ids and codes are not quantities) */
  grouping?: boolean;
  /** a strength (% ABV): out of range reads 'Strength must be between 0% and 99%' (spec 5) */
  strength?: boolean;
}

export interface RuleMessage {
  message: string;
  args: Record<string, unknown>;
}

export const precisionOf = (options: NumberRuleOptions): number =>
  options.integer ? 0 : Math.max(0, Math.min(10, options.precision ?? DEFAULT_PRECISION));

/** Typed text -> number. '' -> 0, '.5' -> 0.5, '-.5' -> -0.5, '1,234.5' -> 1234.5, '$12' -> 12; junk -> NaN. */
export function parseNumberText(text: string | number | null | undefined): number {
  if (typeof text === 'number') return text;
  let s = String(text ?? '')
    .trim()
    .replace(/[\s,$]/g, '');
  if (s === '' || s === '-' || s === '.' || s === '-.') return 0;
  if (s.startsWith('.')) s = `0${s}`;
  else if (s.startsWith('-.')) s = `-0${s.slice(1)}`;
  if (!/^-?\d+(\.\d*)?$/.test(s)) return Number.NaN;
  return Number(s);
}

/** Rounds half away from zero to `precision` decimals, without binary drift (1.005 -> 1.01). */
export function roundTo(value: number, precision: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const rounded = Number(`${Math.round(Number(`${Math.abs(value)}e${precision}`))}e-${precision}`);
  return sign * rounded || 0;
}

/** 1234.5 -> '1,234.50' (en-CA, thousands commas, fixed decimals). */
export function formatNumber(value: number | null | undefined, precision = DEFAULT_PRECISION, grouping = true): string {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return new Intl.NumberFormat(NUMBER_LOCALE, {
    minimumFractionDigits: precision,
    maximumFractionDigits: precision,
    useGrouping: grouping,
  }).format(roundTo(n, precision));
}

/** The value stored after a change: parsed, then rounded to precision (NaN stays NaN for the validator). */
export function valueOnChange(text: string, options: NumberRuleOptions): number {
  const n = parseNumberText(text);
  return Number.isFinite(n) ? roundTo(n, precisionOf(options)) : n;
}

/** 'Must be >= {min}', 'Must be <= {max}', 'Out of range' (integer mode), or undefined. */
export function numberError(value: unknown, options: NumberRuleOptions): RuleMessage | undefined {
  if (value === null || value === undefined) return undefined;
  const n = typeof value === 'number' ? value : parseNumberText(value as string);
  if (!Number.isFinite(n)) return { message: NUMBER_MESSAGES.number, args: {} };
  if (options.integer && (n < INT_MIN || n > INT_MAX)) return { message: NUMBER_MESSAGES.outOfRange, args: {} };
  const min = options.noMinimum ? options.min : (options.min ?? 0);
  if (options.strength && (n < (min ?? 0) || n > (options.max ?? 99)))
    return { message: NUMBER_MESSAGES.strength, args: {} };
  if (min !== undefined && n < min) return { message: NUMBER_MESSAGES.min, args: { min } };
  if (options.max !== undefined && n > options.max) return { message: NUMBER_MESSAGES.max, args: { max: options.max } };
  return undefined;
}

/** Where a field's units go: '$' before the number (the currency prefix), anything else after. */
export function adornmentsFor(
  units: string | undefined,
  currency?: boolean | string,
): { prefix?: string; suffix?: string } {
  if (typeof currency === 'string') return { prefix: currency };
  if (currency === true) return { prefix: DEFAULT_CURRENCY_PREFIX };
  if (!units) return {};
  if (units === '$') return { prefix: DEFAULT_CURRENCY_PREFIX };
  return { suffix: units };
}
