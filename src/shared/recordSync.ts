// The records whose screens show how they stand with the other systems (the documents and
// names the accounting system gets, the products the till's catalogue carries): the server
// answers recordSyncs for these, the client shows the panel.
export const SYNCED_SCREENS = [
  'invoice',
  'salesReturn',
  'inventoryReceipt',
  'customer',
  'supplier',
  'product',
  'item',
] as const;

export type SyncedScreen = (typeof SYNCED_SCREENS)[number];
