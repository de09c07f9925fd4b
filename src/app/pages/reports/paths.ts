// Where the reports screens live (kept apart from ./model so the first page load, which reads
// the routes, does not carry the catalogue).
export const REPORTS_PATH = '/reports';
export const VIEW_PATH = '/reportsview';
export const EXCISE_PATH = '/reports/excise';
