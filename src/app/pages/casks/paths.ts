// The cask routes of spec 2.3 served here (pure strings, for the registry and links). The new
// empty and set-age forms are ours; an emptying or age already posted opens in the vessel
// actions page at /inventory/casks/empty/:transactionId (vesselActions/paths.ts).
export const ADD_EMPTY_PATHS = ['/inventory/casks/addempty'];
export const CASK_EMPTY_PATHS = ['/inventory/casks/empty', '/inventory/casks/empty/new'];
export const SET_AGE_PATHS = ['/inventory/casks/setage', '/inventory/casks/setage/new'];
export const BULK_TRANSACTIONS_PATHS = ['/inventory/bulkcontainers/transactions'];

export const addEmptyPath = (typeId?: string) =>
  typeId ? `${ADD_EMPTY_PATHS[0]}?type=${encodeURIComponent(typeId)}` : ADD_EMPTY_PATHS[0];
