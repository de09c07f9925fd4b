// A report's parameters as a runner receives them: dates checked and defaulted in the company's
// time zone (Last 30 days, spec 9's default range), ids as text, `by` one of the report's choices.
import { validationError } from '../kernel/errors';
import { ID } from '../kernel/ids';
import { messages } from '../../../shared/messages';
import type { DomainContext } from '../records/actor';
import { dayIn, timeZoneOf } from '../company/timeZone';
import { addDays, parseDate } from '../returns/periods';
import type { ReportMeta } from '../../../shared/reports/types';

export interface ReportParametersInput {
  from?: string | null;
  to?: string | null;
  asOf?: string | null;
  siteId?: string | null;
  customerId?: string | null;
  productId?: string | null;
  itemId?: string | null;
  spiritId?: string | null;
  wineId?: string | null;
  salesRepId?: string | null;
  processId?: string | null;
  by?: string | null;
}

export interface ReportParams {
  /** inclusive days, YYYY-MM-DD; present when the report takes `range` */
  from: string;
  to: string;
  /** present when the report takes `asOf` */
  asOf: string;
  /** the company's time zone, for turning record instants into days */
  timeZone: string;
  siteId?: string;
  customerId?: string;
  productId?: string;
  itemId?: string;
  spiritId?: string;
  wineId?: string;
  salesRepId?: string;
  processId?: string;
  by?: string;
}

/** A range longer than this is refused: ten years of rows is a runaway, not a report. */
export const MAX_RANGE_DAYS = 3660;

const dayNumber = (d: string) => {
  const [y, m, day] = parseDate(d)!;
  return Date.UTC(y, m - 1, day) / 86400000;
};

function dateOf(field: string, v: string | null | undefined): string | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  if (!parseDate(v)) throw validationError({ [field]: messages.invalidDate });
  return v;
}

export async function resolveParams(
  ctx: DomainContext,
  meta: ReportMeta,
  input: ReportParametersInput | null | undefined,
): Promise<ReportParams> {
  const p = input ?? {};
  const timeZone = await timeZoneOf(ctx);
  const today = dayIn(timeZone, new Date());
  const to = dateOf('to', p.to) ?? today;
  // the same span as the lists' 'Last 30 days' preset (src/app/widgets/dateRules.ts: today - 30 to today)
  const from = dateOf('from', p.from) ?? addDays(to, -30);
  if (dayNumber(from) > dayNumber(to))
    throw validationError({ from: 'The start date must be on or before the end date' });
  if (dayNumber(to) - dayNumber(from) > MAX_RANGE_DAYS)
    throw validationError({ from: 'The range may be at most 10 years' });
  const asOf = dateOf('asOf', p.asOf) ?? today;
  const out: ReportParams = { from, to, asOf, timeZone };
  for (const key of [
    'siteId',
    'customerId',
    'productId',
    'itemId',
    'spiritId',
    'wineId',
    'salesRepId',
    'processId',
  ] as const) {
    const v = p[key];
    if (v === null || v === undefined || v === '') continue;
    if (!ID.test(String(v))) throw validationError({ [key]: 'Must be an id' });
    out[key] = String(v);
  }
  if (meta.by) {
    const by = p.by ?? meta.by[0].value;
    if (!meta.by.some((b) => b.value === by))
      throw validationError({ by: messages.invalidChoice(meta.by.map((b) => b.value)) });
    out.by = by;
  }
  return out;
}
