// The reconciliation routes of spec 2.3: products and items under /inventory, vessels under
// /production (the vessel type in the path). Pure strings, for the registry and the links.
export type CountKind = 'Products' | 'Items' | 'Vessels';
export type VesselType = 'Tank' | 'Cask' | 'BulkContainer' | 'Fermenter';

export const PRODUCTS_RECONCILIATION_PATHS = [
  '/inventory/productsreconciliation',
  '/inventory/productsreconciliation/new',
  '/inventory/productsreconciliation/edit/:id',
  '/inventory/productsreconciliation/:id/transactions',
];
export const ITEMS_RECONCILIATION_PATHS = [
  '/inventory/itemsreconciliation',
  '/inventory/itemsreconciliation/new',
  '/inventory/itemsreconciliation/edit/:id',
  '/inventory/itemsreconciliation/:id/transactions',
];
export const VESSEL_RECONCILIATION_PATHS = [
  '/production/vesselreconcile/:type',
  '/production/vesselreconcile/new/:type',
  '/production/vesselreconcile/edit/:id/:type',
  '/production/vesselreconcile/:id/transactions',
];

/** 'tanks', 'Tank', 'bulkcontainer'… in a path: the vessel type it names. */
export function vesselTypeOf(param: string | undefined): VesselType | null {
  const p = (param ?? '').toLowerCase().replace(/s$/, '');
  return p === 'tank'
    ? 'Tank'
    : p === 'cask'
      ? 'Cask'
      : p === 'bulkcontainer'
        ? 'BulkContainer'
        : p === 'fermenter'
          ? 'Fermenter'
          : null;
}

const typeParam = (t: VesselType) => t.toLowerCase();

export function listPath(kind: CountKind, vesselType?: VesselType | null) {
  if (kind === 'Vessels') return `/production/vesselreconcile/${typeParam(vesselType ?? 'Tank')}`;
  return kind === 'Products' ? '/inventory/productsreconciliation' : '/inventory/itemsreconciliation';
}

export function newPath(kind: CountKind, vesselType?: VesselType | null) {
  if (kind === 'Vessels') return `/production/vesselreconcile/new/${typeParam(vesselType ?? 'Tank')}`;
  return `${listPath(kind)}/new`;
}

export function editPath(kind: CountKind, id: string, vesselType?: VesselType | null) {
  if (kind === 'Vessels')
    return `/production/vesselreconcile/edit/${encodeURIComponent(id)}/${typeParam(vesselType ?? 'Tank')}`;
  return `${listPath(kind)}/edit/${encodeURIComponent(id)}`;
}

export function transactionsPath(kind: CountKind, id: string) {
  if (kind === 'Vessels') return `/production/vesselreconcile/${encodeURIComponent(id)}/transactions`;
  return `${listPath(kind)}/${encodeURIComponent(id)}/transactions`;
}

/** Which screen and which count a path shows. */
export function screenOf(pathname: string, params: Record<string, string | undefined>) {
  const kind: CountKind = pathname.startsWith('/production/')
    ? 'Vessels'
    : pathname.startsWith('/inventory/productsreconciliation')
      ? 'Products'
      : 'Items';
  const screen: 'list' | 'sheet' | 'transactions' = pathname.endsWith('/transactions')
    ? 'transactions'
    : /\/(new|edit)(\/|$)/.test(pathname)
      ? 'sheet'
      : 'list';
  return { kind, screen, id: params.id ?? null, vesselType: vesselTypeOf(params.type) };
}
