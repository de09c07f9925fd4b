// The reports screens' rules, pure for tests: which reports a user may open (the report's
// permissions plus `reports`, and the company's feature), the catalogue search, and ReportsView's
// query string (spec 2.4: every parameter lives there, so a view reloads and can be shared).
// The range uses the lists' keys (generic/periodFilter.ts): `period` for a preset, `date_gte` /
// `date_lte` for a custom range, nothing for the default Last 30 days; `to` is the report's name.
import { hasAny } from '../../../shared/permissions';
import { REPORTS } from '../../../shared/reports/catalogue';
import { reportAllowedFor, type ReportMeta, type ReportParam } from '../../../shared/reports/types';
import { fold } from '../../../shared/text';
import type { Company } from '../../company/companies';
import { filterWithRange, rangeOfFilter } from '../../generic/periodFilter';
import { todayInCompany } from '../../widgets/dateDisplay';
import { formatDate, type RangeState } from '../../widgets/dateRules';

export { EXCISE_PATH, REPORTS_PATH, VIEW_PATH, viewerPath } from './paths';

/** The company's feature flags that are on (a flag is on only when it is `true`). */
const featuresOf = (company: Company): Record<string, boolean> =>
  Object.fromEntries(Object.entries(company).filter(([, v]) => v === true)) as Record<string, boolean>;

/** The user may run it: `reports`, then the server's rule (one of the report's permissions, and
 * its feature). */
export function reportAllowed(meta: ReportMeta, company: Company | null | undefined): boolean {
  if (!company) return false;
  return hasAny(company.permissions, ['reports']) && reportAllowedFor(company.permissions, featuresOf(company), meta);
}

export const allowedReports = (company: Company | null | undefined, all: readonly ReportMeta[] = REPORTS) =>
  all.filter((m) => reportAllowed(m, company));

/** Every word of the search is in one of the texts. */
export function matchesText(texts: readonly (string | undefined)[], search: string): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const hay = fold(texts.filter(Boolean).join(' '));
  return words.every((w) => hay.includes(w));
}

/** The search finds a report by its title, short name, description or name (either language). */
export const matchesSearch = (meta: ReportMeta, search: string): boolean =>
  matchesText(
    [
      meta.name,
      meta.title.en,
      meta.title.fr,
      meta.shortName?.en,
      meta.shortName?.fr,
      meta.description.en,
      meta.description.fr,
    ],
    search,
  );

/** The id parameters a report may take, in the order the viewer shows their pickers. */
export const ID_PARAMS = [
  'siteId',
  'customerId',
  'productId',
  'itemId',
  'spiritId',
  'wineId',
  'salesRepId',
  'processId',
] as const satisfies readonly ReportParam[];
export type IdParam = (typeof ID_PARAMS)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^\d{1,19}$/;

const queryObject = (search: string): Record<string, string> => Object.fromEntries(new URLSearchParams(search));

/** The range the query string means today (default Last 30 days). */
export const rangeOfQuery = (search: string, today = new Date()): RangeState => {
  const range = rangeOfFilter(queryObject(search), today);
  // reports always have bounds: All is not offered
  return range.all ? rangeOfFilter({}, today) : range;
};

/** The day of an `asOf` report: the query's, else today in the company's time zone (shown in
 * its picker, never 'TBD'); `today` fixes the day for tests. */
export function asOfOfQuery(search: string, today?: Date): string {
  const asOf = new URLSearchParams(search).get('asOf');
  if (asOf && DATE.test(asOf)) return asOf;
  return today ? formatDate(today) : todayInCompany();
}

/** The `report(name, parameters)` variables the query string means, for this report. */
export function parametersOf(meta: ReportMeta, search: string, today?: Date): Record<string, string> {
  const q = new URLSearchParams(search);
  const out: Record<string, string> = {};
  if (meta.params.includes('range')) {
    const r = rangeOfQuery(search, today);
    if (r.from) out.from = r.from;
    if (r.to) out.to = r.to;
  }
  if (meta.params.includes('asOf')) {
    out.asOf = asOfOfQuery(search, today);
  }
  for (const key of ID_PARAMS) {
    const v = q.get(key);
    if (meta.params.includes(key) && v && ID.test(v)) out[key] = v;
  }
  if (meta.by) {
    const by = q.get('by');
    out.by = meta.by.some((b) => b.value === by) ? by! : meta.by[0].value;
  }
  return out;
}

/** The query string with one parameter set ('' removes it); `to` stays first. */
export function queryWith(search: string, key: string, value: string): string {
  const q = new URLSearchParams(search);
  if (value) q.set(key, value);
  else q.delete(key);
  return `?${q.toString()}`;
}

/** The query string with a new range, written as the lists write theirs. */
export function queryWithRange(search: string, range: RangeState, today = new Date()): string {
  const q = queryObject(search);
  const next = filterWithRange(q, range, today) as Record<string, string>;
  return `?${new URLSearchParams(next).toString()}`;
}
