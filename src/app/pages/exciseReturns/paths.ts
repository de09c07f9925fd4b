// Where the excise returns screens live; a return and its details take the site and period in
// the query string (?siteId=&periodStart=&periodEnd=, and key= for details), so a link can be
// bookmarked and reloaded.
export type Form = 'B266' | 'B262' | 'B265' | 'B263';
export const FORMS: Form[] = ['B266', 'B262', 'B265', 'B263'];

export const RETURNS_PATH = '/reports/excise';
export const FORM_PATHS: Record<Form, string> = {
  B266: '/reports/excisespirits',
  B262: '/reports/excisewarehouse',
  B265: '/reports/excisewine',
  B263: '/reports/exciseuser',
};
export const DETAILS_PATHS = {
  spirits: '/reports/excisespiritsdetails',
  warehouse: '/reports/excisewarehousedetails',
};

export interface ReturnRef {
  form: Form;
  siteId: string;
  periodStart: string;
  periodEnd: string;
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const returnPath = (r: ReturnRef) =>
  `${FORM_PATHS[r.form]}?${query({ siteId: r.siteId, periodStart: r.periodStart, periodEnd: r.periodEnd })}`;

export const detailsPath = (r: ReturnRef, key: string) =>
  `${r.form === 'B262' ? DETAILS_PATHS.warehouse : DETAILS_PATHS.spirits}?${query({
    form: r.form,
    siteId: r.siteId,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    key,
  })}`;

export function formOfPath(pathname: string): Form {
  return FORMS.find((f) => pathname.startsWith(FORM_PATHS[f])) ?? 'B266';
}

/** The return a screen shows, from its path and query string; null when incomplete. */
export function returnRefOf(pathname: string, search: string): ReturnRef | null {
  const q = new URLSearchParams(search);
  const form = (q.get('form') as Form | null) ?? formOfPath(pathname);
  const siteId = q.get('siteId');
  const periodStart = q.get('periodStart');
  const periodEnd = q.get('periodEnd');
  if (!FORMS.includes(form) || !siteId || !periodStart || !periodEnd) return null;
  return { form, siteId, periodStart, periodEnd };
}
