// The reports catalogue's shape (spec 2.5 Reports; issue 15), shared by the server, which runs a
// report and checks who may, and the client, which lists, filters, prints and charts it. One
// entry per report in ./catalogue/<group>.ts; the server's runner of the same name lives in
// src/server/domain/reports/<group>/.
import { hasAny } from '../permissions';

export interface Text {
  en: string;
  fr: string;
}

/** The catalogue's groups, in the spec's order (2.5; Excise reports are the returns' screens). */
export type ReportGroup = 'production' | 'inventory' | 'sales';
export const REPORT_GROUPS: readonly ReportGroup[] = ['production', 'inventory', 'sales'];

/**
 * The parameters a report may take, as ReportsView's query string carries them and the
 * `ReportParameters` GraphQL input types them. `range` means from/to (the date range picker with
 * the spec's presets, default Last 30 days); `asOf` one date (worksheets, stock at a day).
 */
export type ReportParam =
  | 'range'
  | 'asOf'
  | 'siteId'
  | 'customerId'
  | 'productId'
  | 'itemId'
  | 'spiritId'
  | 'wineId'
  | 'salesRepId'
  | 'processId'
  | 'by';

/**
 * How a cell is written and shown. Cells travel as text so quantities keep their exact
 * decimals: quantity and laa with 3 decimals, money with the currency's precision, percent with
 * up to 2, integer without; date YYYY-MM-DD; lot is a lot number the viewer links to the lot
 * trace; text as is.
 */
export type ReportColumnType = 'text' | 'date' | 'integer' | 'quantity' | 'laa' | 'money' | 'percent' | 'lot';

export interface ReportColumn {
  key: string;
  label: Text;
  type: ReportColumnType;
  /** a unit shown in the header: 'L', 'LAA', '%', 'kg' */
  unit?: string;
  /** a value column (spec 6 `values`): blank for a user without `values`, hidden on screen */
  values?: true;
  /** summed in the totals row */
  total?: true;
}

/** A chart the viewer draws from the run's `charts` of the same key (MUI X Charts). */
export interface ReportChartMeta {
  key: string;
  kind: 'bar' | 'line';
  title: Text;
  /** the series, by column key (their labels are the columns'), in drawing order */
  series: string[];
}

export interface ReportMeta {
  /** ReportsView's `to` (spec 2.4), e.g. DistillationActivity, SalesByCustomer */
  name: string;
  group: ReportGroup;
  title: Text;
  shortName?: Text;
  description: Text;
  params: ReportParam[];
  /** the choices of the `by` parameter (Undelivered by customer or by postal code), first is default */
  by?: { value: string; label: Text }[];
  /** besides `reports`, the user needs any one of these (spec 6) */
  permissions: string[];
  /** a company feature flag the report needs (allowWine, allowAccounting) */
  feature?: string;
  columns: ReportColumn[];
  charts?: ReportChartMeta[];
  /** printed landscape when wide (transaction-like lists), portrait otherwise */
  landscape?: true;
  /** a physical inventory worksheet: printed with blank count columns */
  worksheet?: true;
  /** a report with its own screen instead of the table (the lot trace's tree) */
  view?: 'lotTrace';
}

/** What a run answers (GraphQL `ReportResult`), cells aligned with the meta's columns. */
export interface ReportRun {
  rows: string[][];
  /** aligned with columns; '' where a column has no total */
  totals?: string[];
  charts?: { key: string; labels: string[]; series: { key: string; data: number[] }[] }[];
  /** more rows matched than a report shows (REPORT_MAX_ROWS); narrow the range */
  truncated?: boolean;
}

/** A run as the server answers it (GraphQL `Report`): the run with its name and dates. */
export interface ReportAnswer {
  name: string;
  /** the range run, for a report taking `range`; else null */
  from: string | null;
  to: string | null;
  /** the day run, for a report taking `asOf`; else null */
  asOf: string | null;
  rows: string[][];
  totals: string[] | null;
  charts: NonNullable<ReportRun['charts']>;
  truncated: boolean;
}

/**
 * Whether a user holding these permissions, in a company with these features, may run the
 * report (beyond the SDL's `reports`): any one of its permissions, and its feature if it has one.
 */
export function reportAllowedFor(
  permissions: readonly string[],
  features: Record<string, boolean | undefined>,
  meta: ReportMeta,
): boolean {
  return hasAny(permissions, meta.permissions) && (!meta.feature || Boolean(features[meta.feature]));
}

/** The most rows one run answers: a year of a busy company's lines fits, a runaway does not. */
export const REPORT_MAX_ROWS = 20000;
