// The batch move routes of spec 2.3 (productsbatchmove with new and :id; itemsbatchmove with the
// same). Pure strings, for the registry and the links.
export type BatchKind = 'Products' | 'Items';

export const PRODUCTS_BATCH_MOVE_PATHS = [
  '/inventory/productsbatchmove',
  '/inventory/productsbatchmove/new',
  '/inventory/productsbatchmove/:id',
];
export const ITEMS_BATCH_MOVE_PATHS = [
  '/inventory/itemsbatchmove',
  '/inventory/itemsbatchmove/new',
  '/inventory/itemsbatchmove/:id',
];

export const batchListPath = (kind: BatchKind) =>
  kind === 'Products' ? '/inventory/productsbatchmove' : '/inventory/itemsbatchmove';
export const batchNewPath = (kind: BatchKind) => `${batchListPath(kind)}/new`;
export const batchEditPath = (kind: BatchKind, id: string) => `${batchListPath(kind)}/${encodeURIComponent(id)}`;
export const batchKindOfPath = (pathname: string): BatchKind =>
  pathname.startsWith('/inventory/itemsbatchmove') ? 'Items' : 'Products';
