// A date-range filter of a list as it lives in the query string (spec 2.5 and 9): a preset by
// name (`period: 'last90'`, so a link opened next week still means the last 90 days), `period:
// 'all'` for the All state, or a custom range as `date_gte` / `date_lte` (yyyy-MM-dd). No
// period at all is the default preset, Last 30 days. Pure, for tests.
// The generic lists use the same rule for every date filter of their metadata (issue 10 point
// 21), keyed by the field: `<field>_period`, `<field>_gte`, `<field>_lte` (the `date` field keeps
// `period`); the document date `date` defaults to Last 30 days, other dates to All. Period keys
// never reach the API: `queryFilter` turns them into bounds.
import {
  ALL,
  DATE_PRESETS,
  DEFAULT_PRESET,
  presetOf,
  presetRange,
  type DatePreset,
  type RangeState,
} from '../widgets/dateRules';

export const PERIOD_KEY = 'period';
export const FROM_KEY = 'date_gte';
export const TO_KEY = 'date_lte';

const text = (v: unknown): string | null =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : String(v).trim();

const isPreset = (v: unknown): v is DatePreset =>
  typeof v === 'string' && (DATE_PRESETS as readonly string[]).includes(v);

export interface PeriodKeys {
  period: string;
  from: string;
  to: string;
}

/** The query-string keys of a date field's range filter. */
export function periodKeys(field = 'date'): PeriodKeys {
  return field === 'date'
    ? { period: PERIOD_KEY, from: FROM_KEY, to: TO_KEY }
    : { period: `${field}${PERIOD_SUFFIX}`, from: `${field}_gte`, to: `${field}_lte` };
}
export const PERIOD_SUFFIX = '_period';

/** The default of a date field's range: Last 30 days for the document date, All for the others. */
export const defaultsToAll = (field: string): boolean => field !== 'date';

/** The date range a filter means today. */
export function rangeOfFilter(
  filter: Record<string, unknown> | undefined,
  today: Date = new Date(),
  field = 'date',
  defaultAll = false,
): RangeState {
  const keys = periodKeys(field);
  const period = filter?.[keys.period];
  if (period === ALL) return { all: true, from: null, to: null };
  if (isPreset(period)) return { all: false, ...presetRange(period, today) };
  const from = text(filter?.[keys.from]);
  const to = text(filter?.[keys.to]);
  if (from || to) return { all: false, from, to };
  if (defaultAll) return { all: true, from: null, to: null };
  return { all: false, ...presetRange(DEFAULT_PRESET, today) };
}

/** The filter with a new date range (the other filters kept). */
export function filterWithRange(
  filter: Record<string, unknown> | undefined,
  range: RangeState,
  today: Date = new Date(),
  field = 'date',
  defaultAll = false,
): Record<string, unknown> {
  const keys = periodKeys(field);
  const out: Record<string, unknown> = { ...filter };
  delete out[keys.period];
  delete out[keys.from];
  delete out[keys.to];
  if (range.all) return defaultAll ? out : { ...out, [keys.period]: ALL };
  const preset = presetOf(range, today);
  if (preset === DEFAULT_PRESET && !defaultAll) return out;
  if (preset) return { ...out, [keys.period]: preset };
  if (range.from) out[keys.from] = range.from;
  if (range.to) out[keys.to] = range.to;
  return out;
}

/**
 * The filter the API is asked for: each date field's range (its preset resolved today, its
 * default when absent) as `<field>_gte` / `<field>_lte`; the period keys removed.
 */
export function queryFilter(
  filter: Record<string, unknown> | undefined,
  dateFields: readonly string[],
  today: Date = new Date(),
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...filter };
  for (const field of dateFields) {
    const keys = periodKeys(field);
    const range = rangeOfFilter(filter, today, field, defaultsToAll(field));
    delete out[keys.period];
    delete out[keys.from];
    delete out[keys.to];
    if (range.all) continue;
    if (range.from) out[keys.from] = range.from;
    if (range.to) out[keys.to] = range.to;
  }
  return out;
}
