// The records whose screens show how they stand with the other systems (the records the
// accounting system gets): the server answers recordSyncs for these, the client shows the panel.
export const SYNCED_SCREENS = ['invoice', 'salesReturn', 'inventoryReceipt', 'customer'] as const;

export type SyncedScreen = (typeof SYNCED_SCREENS)[number];
