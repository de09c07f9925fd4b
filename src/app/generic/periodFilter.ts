// A date-range filter of a list as it lives in the query string (spec 2.5 and 9): a preset by
// name (`period: 'last90'`, so a link opened next week still means the last 90 days), `period:
// 'all'` for the All state, or a custom range as `date_gte` / `date_lte` (yyyy-MM-dd). No
// period at all is the default preset, Last 30 days. Pure, for tests.
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

/** The date range a filter means today. */
export function rangeOfFilter(filter: Record<string, unknown> | undefined, today: Date = new Date()): RangeState {
  const period = filter?.[PERIOD_KEY];
  if (period === ALL) return { all: true, from: null, to: null };
  if (isPreset(period)) return { all: false, ...presetRange(period, today) };
  const from = text(filter?.[FROM_KEY]);
  const to = text(filter?.[TO_KEY]);
  if (from || to) return { all: false, from, to };
  return { all: false, ...presetRange(DEFAULT_PRESET, today) };
}

/** The filter with a new date range (the other filters kept). */
export function filterWithRange(
  filter: Record<string, unknown> | undefined,
  range: RangeState,
  today: Date = new Date(),
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...filter };
  delete out[PERIOD_KEY];
  delete out[FROM_KEY];
  delete out[TO_KEY];
  if (range.all) return { ...out, [PERIOD_KEY]: ALL };
  const preset = presetOf(range, today);
  if (preset === DEFAULT_PRESET) return out;
  if (preset) return { ...out, [PERIOD_KEY]: preset };
  if (range.from) out[FROM_KEY] = range.from;
  if (range.to) out[TO_KEY] = range.to;
  return out;
}
