// The inventory transactions lists of spec 2.3: every product's or item's, one product's, one
// item's, one bundle's (its components'). Pure strings, for the registry and the links.
export const STOCK_TRANSACTIONS_PATHS = [
  '/inventory/products/transactions',
  '/inventory/products/:productId/transactions',
  '/inventory/items/transactions',
  '/inventory/items/:itemId/transactions',
  '/inventory/bundles/:bundleId/transactions',
];

export const stockTransactionsPath = (kind: 'product' | 'item' | 'bundle', id?: string | number | null) =>
  `/inventory/${kind}s/${id === undefined || id === null ? '' : `${encodeURIComponent(String(id))}/`}transactions`;
