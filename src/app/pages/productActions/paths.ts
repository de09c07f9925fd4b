// The routes of the product and item actions (spec 2.3: each action with :productId? or
// :itemId?, then :transactionId?), apart from the action table so the page registry (first
// page load) carries only these few strings.
export const PRODUCT_ACTION_KEYS = [
  'movetodutypaid',
  'movetoinbond',
  'transfersite',
  'transferlot',
  'reduceinventory',
  'adjustinventory',
  'returntotank',
  'unpack',
  'convert',
] as const;
export const ITEM_ACTION_KEYS = ['adjustinventory', 'transfersite', 'transferlot'] as const;
export type ProductActionKey = (typeof PRODUCT_ACTION_KEYS)[number];
export type ItemActionKey = (typeof ITEM_ACTION_KEYS)[number];

export const PRODUCT_ACTION_PATHS = PRODUCT_ACTION_KEYS.map(
  (k) => `/inventory/products/${k}/:productId?/:transactionId?`,
);
export const ITEM_ACTION_PATHS = ITEM_ACTION_KEYS.map((k) => `/inventory/items/${k}/:itemId?/:transactionId?`);
