// The reports screens' rules, pure for tests: which reports a user may open (the report's
// permissions plus `reports`, and the company's feature), the catalogue search, and ReportsView's
// query string (spec 2.4: every parameter lives there, so a view reloads and can be shared).
// The range uses the lists' keys (generic/periodFilter.ts): `period` for a preset, `date_gte` /
// `date_lte` for a custom range, nothing for the default Last 30 days; `to` is the report's name.
import { hasAny } from '../../../shared/permissions';
import { REPORTS } from '../../../shared/reports/catalogue';
import type { ReportMeta, ReportParam } from '../../../shared/reports/types';
import { isFeatureOn, type Company } from '../../company/companies';
import { filterWithRange, rangeOfFilter } from '../../generic/periodFilter';
import { formatDate, type RangeState } from '../../widgets/dateRules';

import { VIEW_PATH } from './paths';

export { EXCISE_PATH, REPORTS_PATH, VIEW_PATH } from './paths';

/** The user may run it: `reports`, one of the report's permissions, and its feature. */
export function reportAllowed(meta: ReportMeta, company: Company | null | undefined): boolean {
  if (!company) return false;
  return (
    hasAny(company.permissions, ['reports']) &&
    hasAny(company.permissions, meta.permissions) &&
    isFeatureOn(company, meta.feature)
  );
}

export const allowedReports = (company: Company | null | undefined, all: readonly ReportMeta[] = REPORTS) =>
  all.filter((m) => reportAllowed(m, company));

/** Lower case without accents, so 'depot' finds 'Dépôt'. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

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

export const viewerPath = (name: string, extra: Record<string, string> = {}) =>
  `${VIEW_PATH}?${new URLSearchParams({ to: name, ...extra }).toString()}`;

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

/** The day of an `asOf` report: the query's, else today (shown in its picker, never 'TBD'). */
export function asOfOfQuery(search: string, today = new Date()): string {
  const asOf = new URLSearchParams(search).get('asOf');
  return asOf && DATE.test(asOf) ? asOf : formatDate(today);
}

/** The `report(name, parameters)` variables the query string means, for this report. */
export function parametersOf(meta: ReportMeta, search: string, today = new Date()): Record<string, string> {
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
