// The routes of the vessel actions (spec 2.3; actions.ts explains the shapes), apart from the
// action table so the page registry (first page load) carries only these strings.
export const ACTION_PATHS = {
  initial: ['/production/initial/:transactionId'],
  reduceinventory: ['/production/:vesselId?/reduceinventory/:transactionId?'],
  adjustinventory: ['/production/:vesselId?/adjustinventory/:transactionId?'],
  reassignlot: ['/production/:vesselId?/reassignlot/:transactionId?'],
  transfertotank: ['/production/:vesselId?/transfertotank/:transactionId?'],
  transfertobulkcontainer: ['/production/:vesselId?/transfertobulkcontainer/:transactionId?'],
  transfertouserlicense: ['/production/:vesselId?/transfertouserlicense/:transactionId?'],
  transfertospiritslicense: ['/production/:vesselId?/transfertospiritslicense/:transactionId?'],
  transfertoWinelicense: ['/production/:vesselId?/transfertoWinelicense/:transactionId?'],
  transfersite: ['/production/:vesselId?/transfersite/:transactionId?'],
  denature: ['/production/:vesselId?/denature/:transactionId?'],
  fortifywine: ['/production/:vesselId?/fortifywine/:transactionId?'],
  proof: ['/production/tanks/:tankId?/proof/:transactionId?'],
  fillcask: ['/production/tanks/:tankId?/fillcask/:transactionId?'],
  caskempty: ['/inventory/casks/empty/:transactionId?'],
  casksetage: ['/inventory/casks/setage/:transactionId?'],
  transfertofermenter: ['/production/fermenters/:fermenterId?/transfertofermenter/:transactionId?'],
  fermenterreduceinventory: ['/production/fermenters/:fermenterId?/reduceinventory/:transactionId?'],
} as const;

export type ActionKey = keyof typeof ACTION_PATHS;

/** Every path the page serves (the CustomPage's paths). */
export const VESSEL_ACTION_PATHS: string[] = Object.values(ACTION_PATHS).flat();
