// Where the reports screens live (kept apart from ./model so the first page load, which reads
// the routes and builds the drawer's starred reports, does not carry the catalogue).
export const REPORTS_PATH = '/reports';
export const VIEW_PATH = '/reportsview';
export const EXCISE_PATH = '/reports/excise';

/** ReportsView opened on one report (`to`), with more of its query string. */
export const viewerPath = (name: string, extra: Record<string, string> = {}) =>
  `${VIEW_PATH}?${new URLSearchParams({ to: name, ...extra }).toString()}`;
