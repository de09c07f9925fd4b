// The product and item actions as the screens see them: the route segment, the server's kind
// and mutation, and the fields each form shows. Imported by the page's and the widgets' chunks.
import { ITEM_ACTION_KEYS, PRODUCT_ACTION_KEYS, type ItemActionKey, type ProductActionKey } from './paths';

export type StockKind = 'Product' | 'Item';
export type StockField =
  'status' | 'toSiteId' | 'toLot' | 'reason' | 'value' | 'tank' | 'lines' | 'toProduct' | 'signed';

export interface StockActionDef {
  key: ProductActionKey | ItemActionKey;
  stockKind: StockKind;
  /** the kind the server stores: ProductMoveToDutyPaid… (also the refType of its rows) */
  kind: string;
  mutation: string;
  inputType: string;
  fields: StockField[];
}

const product = (key: ProductActionKey, name: string, inputType: string, fields: StockField[]): StockActionDef => ({
  key,
  stockKind: 'Product',
  kind: `Product${name}`,
  mutation: `product${name}`,
  inputType,
  fields,
});
const item = (key: ItemActionKey, name: string, inputType: string, fields: StockField[]): StockActionDef => ({
  key,
  stockKind: 'Item',
  kind: `Item${name}`,
  mutation: `item${name}`,
  inputType,
  fields,
});

export const PRODUCT_ACTIONS: Record<ProductActionKey, StockActionDef> = {
  movetodutypaid: product('movetodutypaid', 'MoveToDutyPaid', 'ProductMoveInput', []),
  movetoinbond: product('movetoinbond', 'MoveToInBond', 'ProductMoveInput', []),
  transfersite: product('transfersite', 'TransferSite', 'ProductTransferSiteInput', ['status', 'toSiteId']),
  transferlot: product('transferlot', 'TransferLot', 'ProductTransferLotInput', ['status', 'toLot']),
  reduceinventory: product('reduceinventory', 'ReduceInventory', 'ProductReduceInput', ['status', 'reason']),
  adjustinventory: product('adjustinventory', 'AdjustInventory', 'ProductAdjustInput', ['status', 'signed', 'value']),
  returntotank: product('returntotank', 'ReturnToTank', 'ProductReturnToTankInput', ['status', 'tank']),
  unpack: product('unpack', 'Unpack', 'ProductUnpackInput', ['status', 'lines']),
  convert: product('convert', 'Convert', 'ProductConvertInput', ['status', 'toProduct']),
};

export const ITEM_ACTIONS: Record<ItemActionKey, StockActionDef> = {
  adjustinventory: item('adjustinventory', 'AdjustInventory', 'ItemAdjustInput', ['signed', 'value']),
  transfersite: item('transfersite', 'TransferSite', 'ItemTransferSiteInput', ['toSiteId']),
  transferlot: item('transferlot', 'TransferLot', 'ItemTransferLotInput', ['toLot']),
};

export const REDUCE_REASONS = [
  'Breakage',
  'Samples',
  'DestroyedUnderSupervision',
  'Theft',
  'Spoilage',
  'Other',
] as const;

/** The action a path names: `/inventory/products/unpack/12/34`. */
export function actionOfPath(pathname: string): StockActionDef | null {
  const [, area, kind, key] = pathname.split('/');
  if (area !== 'inventory') return null;
  if (kind === 'products' && (PRODUCT_ACTION_KEYS as readonly string[]).includes(key))
    return PRODUCT_ACTIONS[key as ProductActionKey];
  if (kind === 'items' && (ITEM_ACTION_KEYS as readonly string[]).includes(key))
    return ITEM_ACTIONS[key as ItemActionKey];
  return null;
}

/** `/inventory/products/unpack/12` or, to open a posted one, `/inventory/products/unpack/12/34`. */
export function stockActionPath(action: StockActionDef, stockId?: string | null, transactionId?: string | null) {
  const base = `/inventory/${action.stockKind === 'Product' ? 'products' : 'items'}/${action.key}`;
  if (!stockId) return base;
  return `${base}/${encodeURIComponent(stockId)}${transactionId ? `/${encodeURIComponent(transactionId)}` : ''}`;
}

/** The screen of a posted action from its rows' refType (ProductUnpack…), or null. */
export function stockActionPathForRefType(refType: string, stockId: string, refId: string): string | null {
  const def = [...Object.values(PRODUCT_ACTIONS), ...Object.values(ITEM_ACTIONS)].find((a) => a.kind === refType);
  return def ? stockActionPath(def, stockId, refId) : null;
}

export const actionsOf = (kind: StockKind): StockActionDef[] =>
  Object.values(kind === 'Product' ? PRODUCT_ACTIONS : ITEM_ACTIONS);
