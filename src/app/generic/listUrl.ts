// Filters live in the query string (spec 2.5): the list writes its filter, sort and page
// there (replacing the history entry), and opening a URL loads them into the list. The page
// size is not in the URL: it is remembered per list in the react-admin store. Pure, for tests.

export interface ListUrlParams {
  filter?: Record<string, unknown>;
  sort?: string;
  order?: 'ASC' | 'DESC';
  page?: number;
  perPage?: number;
}

export interface StoredListParams {
  filter: Record<string, unknown>;
  displayedFilters?: Record<string, boolean>;
  sort?: string | null;
  order?: string | null;
  page: number;
  perPage?: number | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The list params of a query string, or null when it has none. Bad JSON is ignored. */
export function parseListSearch(search: string): ListUrlParams | null {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const out: ListUrlParams = {};
  const filter = q.get('filter');
  if (filter !== null) {
    try {
      const parsed: unknown = JSON.parse(filter);
      if (isObject(parsed)) out.filter = parsed;
    } catch {
      // not a filter
    }
  }
  const sort = q.get('sort');
  if (sort) out.sort = sort;
  const order = q.get('order');
  if (order === 'ASC' || order === 'DESC') out.order = order;
  const page = Number(q.get('page'));
  if (q.has('page') && Number.isInteger(page) && page >= 1) out.page = page;
  const perPage = Number(q.get('perPage'));
  if (q.has('perPage') && Number.isInteger(perPage) && perPage >= 1) out.perPage = perPage;
  return Object.keys(out).length ? out : null;
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** Blank filter values are dropped. */
export function cleanFilter(filter: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filter ?? {}).filter(([, v]) => !isBlank(v)));
}

/** The query string of a list state: `?filter={…}&sort=…&order=…&page=…`, defaults left out. */
export function buildListSearch(
  state: { filter?: Record<string, unknown>; sort?: { field?: string; order?: string }; page?: number },
  defaults: { sort: { field: string; order: string } },
): string {
  // encodeURIComponent (spaces as %20, as react-admin writes them), not URLSearchParams ('+')
  const q: [string, string][] = [];
  const filter = cleanFilter(state.filter);
  if (Object.keys(filter).length) q.push(['filter', JSON.stringify(filter)]);
  const sort = state.sort;
  if (sort?.field && (sort.field !== defaults.sort.field || sort.order !== defaults.sort.order)) {
    q.push(['sort', sort.field], ['order', sort.order === 'DESC' ? 'DESC' : 'ASC']);
  }
  if (state.page && state.page > 1) q.push(['page', String(state.page)]);
  return q.length ? `?${q.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}` : '';
}

/** The stored params once a URL is opened: the URL's filter, sort and page; the remembered page size. */
export function paramsFromUrl(
  stored: StoredListParams | undefined,
  url: ListUrlParams,
  defaults: { sort: { field: string; order: string }; perPage: number },
): StoredListParams {
  const filter = url.filter ?? {};
  return {
    filter,
    displayedFilters: Object.fromEntries(Object.keys(filter).map((k) => [k, true])),
    sort: url.sort ?? stored?.sort ?? defaults.sort.field,
    order: url.order ?? stored?.order ?? defaults.sort.order,
    page: url.page ?? 1,
    perPage: url.perPage ?? stored?.perPage ?? defaults.perPage,
  };
}

/** 'landscape' for transaction lists (spec 2.5), 'portrait' for the others. */
export const printOrientationFor = (entityName: string): 'landscape' | 'portrait' =>
  /transaction/i.test(entityName) ? 'landscape' : 'portrait';

export const COLUMN_WIDTH_MIN = 5;
export const COLUMN_WIDTH_MAX = 50;
export const COLUMN_WIDTH_DEFAULT = COLUMN_WIDTH_MAX;

/** Keeps a slider value within 5..50. */
export const clampColumnWidth = (value: unknown): number => {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : COLUMN_WIDTH_DEFAULT;
  return Math.min(COLUMN_WIDTH_MAX, Math.max(COLUMN_WIDTH_MIN, n));
};
