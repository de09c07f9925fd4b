// The vessel actions of spec 2.3 as one table: for each action its routes, the mutation and
// input type of schema/graphql/excise.graphql, the form's fields, which vessel types it starts
// from and moves into, the state the vessel must be in, and the excise categories it offers.
// One generic form (VesselActionPage.tsx) and the action menus read it; nothing here imports
// React, so it is cheap to import from the shell, the list chunks and the tests.
//
// Paths (spec 2.3 and the transaction detail routes of 2.4, which all take :transactionId):
//   /production/initial/:transactionId                     a new initial is /production/initial/new?vesselId=…
//   /production/:vesselId?/<action>/:transactionId?       reduceinventory, adjustinventory, reassignlot,
//                                                          transfertotank, transfertobulkcontainer,
//                                                          transfertouserlicense, transfertospiritslicense,
//                                                          transfertoWinelicense, transfersite, denature, fortifywine
//   /production/tanks/:tankId?/proof/:transactionId?      /production/tanks/:tankId?/fillcask/:transactionId?
//   /production/fermenters/:fermenterId?/transfertofermenter/:transactionId?
//   /production/fermenters/:fermenterId?/reduceinventory/:transactionId?
//   /inventory/casks/empty/:transactionId?                 /inventory/casks/setage/:transactionId?
// The cask actions: spec 2.3 lists `empty` and `setage` as children of /inventory/casks (beside
// `new` and `:caskId`), not under `:caskId`, and 2.4 gives them a transactionId. So they take
// the shape of `initial`: /inventory/casks/empty/:transactionId with `new` (or nothing) for a new
// one and the cask in the query string (?vesselId=…). /inventory/casks/empty wins over the
// generated edit route /inventory/casks/:caskId because a static segment ranks higher.
//
// Other screens link here with `actionPath` and `actionPathForRefType` (a ledger row's refType
// and refId open the action that posted it).
import { matchPath } from 'react-router-dom';
import {
  EXCISE_CATEGORIES,
  categoriesOf,
  type AlcoholType,
  type ExciseCategory,
  type VesselType,
} from '../../../shared/excise/categories';
import { ACTION_PATHS, type ActionKey } from './paths';

export type { ActionKey } from './paths';

/** Inputs a form may show, named as the mutation's input fields (server field errors land under them). */
export type FormField =
  | 'toVesselId'
  | 'toSiteId'
  | 'alcohol' // alcoholType + alcoholId
  | 'lot'
  | 'quantity' // volume, strength, LAA with the calculator rule
  | 'emptyVessel'
  | 'excise'
  | 'licensee'
  | 'targetStrength' // tank proof: the `strength` input field
  | 'ageDate'
  | 'value';

/**
 * How the quantity widget works for an action:
 * - `measured`: volume and strength are both typed (initial, adjust, cask empty) and sent;
 * - `fromVessel`: the strength is the vessel's, the person types a volume or an LAA, and only
 *   the volume is sent (transfers, reductions).
 */
export type QuantityMode = 'measured' | 'fromVessel';

/** `empty`: only an empty vessel; `contents`: only a vessel that holds something. */
export type VesselState = 'empty' | 'contents';

export interface VesselActionDef {
  key: ActionKey;
  /** ExciseAction.kind of a posted action */
  kind: string;
  mutation: string;
  inputType: string;
  /** react-router patterns; the first is the canonical one */
  paths: string[];
  /** the :param naming the source vessel; null: the vessel travels as ?vesselId= */
  vesselParam: 'vesselId' | 'tankId' | 'fermenterId' | null;
  sourceTypes: VesselType[];
  state: VesselState;
  /** alcohol types the vessel may hold; absent: any */
  alcoholTypes?: AlcoholType[];
  /** where it moves the alcohol, when it moves it into one of our vessels */
  destination?: {
    types: VesselType[];
    required: boolean;
    /** the destination must already hold this alcohol type (fortifying wine) */
    holds?: AlcoholType;
  };
  fields: FormField[];
  quantity?: QuantityMode;
  /** the input has emptyVessel: the 'Empty vessel' checkbox */
  emptyVessel?: boolean;
  /** categories offered, by the vessel's alcohol type; `categoryRequired` when the input needs one */
  categories?: (alcoholType: AlcoholType) => ExciseCategory[];
  categoryRequired?: boolean;
}

/** The generated entities that are vessels of the excise ledger, and their VesselType. */
export const VESSEL_ENTITIES: Record<string, VesselType> = {
  tank: 'Tank',
  fermenter: 'Fermenter',
  cask: 'Cask',
  bulkContainer: 'BulkContainer',
};

/** The entity name of a vessel type (tank, fermenter, cask, bulkContainer). */
export const vesselEntityName = (type: VesselType): string =>
  Object.keys(VESSEL_ENTITIES).find((name) => VESSEL_ENTITIES[name] === type) ?? type;

const EXCISE_VESSELS: VesselType[] = ['Tank', 'Cask', 'BulkContainer'];
const ALL_VESSELS: VesselType[] = ['Tank', 'Fermenter', 'Cask', 'BulkContainer'];

/** Reductions that have an action of their own are not offered by Reduce inventory. */
const OWN_ACTION = /DeliveredTo|TransferredToOwnSite|UsedToFortifyWine|Denatured|Packaged/;

/** Reduce inventory: the reductions of the alcohol type (losses, destroyed, exported, returned…). */
export const reductionCategories = (alcoholType: AlcoholType): ExciseCategory[] =>
  categoriesOf(alcoholType, 'reduction').filter((c) => !OWN_ACTION.test(c));

/** Adjust inventory: the gauging adjustment first (the default), then losses and other changes. */
export const adjustmentCategories = (alcoholType: AlcoholType): ExciseCategory[] => [
  ...categoriesOf(alcoholType, 'adjustment'),
  ...reductionCategories(alcoholType).filter((c) => /Losses|Other$|^NonExciseReduction$/.test(c)),
  ...categoriesOf(alcoholType, 'addition').filter((c) => /Other$|^NonExciseAddition$/.test(c)),
];

const transfer = (
  key: ActionKey,
  kind: string,
  mutation: string,
  destination: VesselType[],
  extra: Partial<VesselActionDef> = {},
): VesselActionDef => ({
  key,
  kind,
  mutation,
  inputType: 'ExciseTransferInput',
  paths: [...ACTION_PATHS[key]],
  vesselParam: 'vesselId',
  sourceTypes: EXCISE_VESSELS,
  state: 'contents',
  destination: { types: destination, required: true },
  fields: ['toVesselId', 'quantity', 'emptyVessel'],
  quantity: 'fromVessel',
  emptyVessel: true,
  ...extra,
});

const deliver = (key: ActionKey, kind: string, mutation: string): VesselActionDef => ({
  key,
  kind,
  mutation,
  inputType: 'ExciseDeliverInput',
  paths: [...ACTION_PATHS[key]],
  vesselParam: 'vesselId',
  sourceTypes: EXCISE_VESSELS,
  state: 'contents',
  fields: ['licensee', 'quantity', 'emptyVessel'],
  quantity: 'fromVessel',
  emptyVessel: true,
});

/** Every action, in the order the actions menu lists them. */
export const VESSEL_ACTIONS: readonly VesselActionDef[] = [
  {
    key: 'initial',
    kind: 'Initial',
    mutation: 'exciseInitial',
    inputType: 'ExciseInitialInput',
    paths: [...ACTION_PATHS.initial],
    vesselParam: null,
    sourceTypes: ALL_VESSELS,
    state: 'empty',
    fields: ['alcohol', 'lot', 'quantity', 'value'],
    quantity: 'measured',
  },
  // a fermenter's wash or wine goes to a tank or a bulk container too
  transfer('transfertotank', 'TransferToTank', 'exciseTransferToTank', ['Tank'], { sourceTypes: ALL_VESSELS }),
  transfer('transfertobulkcontainer', 'TransferToBulkContainer', 'exciseTransferToBulkContainer', ['BulkContainer'], {
    sourceTypes: ALL_VESSELS,
  }),
  {
    key: 'fillcask',
    kind: 'FillCask',
    mutation: 'tankFillCask',
    inputType: 'ExciseTransferInput',
    paths: [...ACTION_PATHS.fillcask],
    vesselParam: 'tankId',
    sourceTypes: ['Tank'],
    state: 'contents',
    alcoholTypes: ['Spirit'],
    destination: { types: ['Cask'], required: true },
    fields: ['toVesselId', 'quantity', 'emptyVessel'],
    quantity: 'fromVessel',
    emptyVessel: true,
  },
  {
    key: 'proof',
    kind: 'Proof',
    mutation: 'tankProof',
    inputType: 'TankProofInput',
    paths: [...ACTION_PATHS.proof],
    vesselParam: 'tankId',
    sourceTypes: ['Tank'],
    state: 'contents',
    alcoholTypes: ['Spirit'],
    fields: ['targetStrength'],
  },
  {
    key: 'caskempty',
    kind: 'CaskEmpty',
    mutation: 'caskEmpty',
    inputType: 'CaskEmptyInput',
    paths: [...ACTION_PATHS.caskempty],
    vesselParam: null,
    sourceTypes: ['Cask'],
    state: 'contents',
    destination: { types: ['Tank', 'BulkContainer'], required: false },
    fields: ['toVesselId', 'quantity'],
    quantity: 'measured',
  },
  {
    key: 'casksetage',
    kind: 'CaskSetAge',
    mutation: 'caskSetAge',
    inputType: 'CaskSetAgeInput',
    paths: [...ACTION_PATHS.casksetage],
    vesselParam: null,
    sourceTypes: ['Cask'],
    state: 'contents',
    fields: ['ageDate'],
  },
  transfer('fortifywine', 'FortifyWine', 'exciseFortifyWine', ['Tank', 'BulkContainer'], {
    alcoholTypes: ['Spirit'],
    destination: { types: ['Tank', 'BulkContainer'], required: true, holds: 'Wine' },
  }),
  {
    key: 'reduceinventory',
    kind: 'ReduceInventory',
    mutation: 'exciseReduceInventory',
    inputType: 'ExciseReduceInput',
    paths: [...ACTION_PATHS.reduceinventory],
    vesselParam: 'vesselId',
    sourceTypes: EXCISE_VESSELS,
    state: 'contents',
    fields: ['excise', 'quantity', 'emptyVessel'],
    quantity: 'fromVessel',
    emptyVessel: true,
    categories: reductionCategories,
    categoryRequired: true,
  },
  {
    key: 'adjustinventory',
    kind: 'AdjustInventory',
    mutation: 'exciseAdjustInventory',
    inputType: 'ExciseAdjustInput',
    paths: [...ACTION_PATHS.adjustinventory],
    vesselParam: 'vesselId',
    sourceTypes: EXCISE_VESSELS,
    state: 'contents',
    fields: ['quantity', 'excise'],
    quantity: 'measured',
    categories: adjustmentCategories,
    categoryRequired: false,
  },
  {
    key: 'reassignlot',
    kind: 'ReassignLot',
    mutation: 'exciseReassignLot',
    inputType: 'ExciseReassignLotInput',
    paths: [...ACTION_PATHS.reassignlot],
    vesselParam: 'vesselId',
    sourceTypes: EXCISE_VESSELS,
    state: 'contents',
    fields: ['lot'],
  },
  deliver('transfertouserlicense', 'TransferToUserLicense', 'exciseTransferToUserLicense'),
  deliver('transfertospiritslicense', 'TransferToSpiritsLicense', 'exciseTransferToSpiritsLicense'),
  deliver('transfertoWinelicense', 'TransferToWineLicense', 'exciseTransferToWineLicense'),
  {
    key: 'transfersite',
    kind: 'TransferSite',
    mutation: 'exciseTransferSite',
    inputType: 'ExciseTransferSiteInput',
    paths: [...ACTION_PATHS.transfersite],
    vesselParam: 'vesselId',
    sourceTypes: EXCISE_VESSELS,
    state: 'contents',
    fields: ['toSiteId'],
  },
  {
    key: 'denature',
    kind: 'Denature',
    mutation: 'exciseDenature',
    inputType: 'ExciseDenatureInput',
    paths: [...ACTION_PATHS.denature],
    vesselParam: 'vesselId',
    sourceTypes: EXCISE_VESSELS,
    state: 'contents',
    alcoholTypes: ['Spirit'],
    fields: ['quantity', 'emptyVessel'],
    quantity: 'fromVessel',
    emptyVessel: true,
  },
  {
    key: 'transfertofermenter',
    kind: 'TransferToFermenter',
    mutation: 'fermenterTransferToFermenter',
    inputType: 'ExciseTransferInput',
    paths: [...ACTION_PATHS.transfertofermenter],
    vesselParam: 'fermenterId',
    sourceTypes: ['Fermenter'],
    state: 'contents',
    destination: { types: ['Fermenter'], required: true },
    fields: ['toVesselId', 'quantity', 'emptyVessel'],
    quantity: 'fromVessel',
    emptyVessel: true,
  },
  {
    key: 'fermenterreduceinventory',
    kind: 'FermenterReduceInventory',
    mutation: 'fermenterReduceInventory',
    inputType: 'ExciseReduceInput',
    paths: [...ACTION_PATHS.fermenterreduceinventory],
    vesselParam: 'fermenterId',
    sourceTypes: ['Fermenter'],
    state: 'contents',
    fields: ['excise', 'quantity', 'emptyVessel'],
    quantity: 'fromVessel',
    emptyVessel: true,
    categories: reductionCategories,
    categoryRequired: true,
  },
];

export const ACTION_BY_KEY = Object.fromEntries(VESSEL_ACTIONS.map((a) => [a.key, a])) as Record<
  ActionKey,
  VesselActionDef
>;

export { VESSEL_ACTION_PATHS } from './paths';

/** Input fields of each input type (schema/graphql/excise.graphql), besides refId. */
export const INPUT_FIELDS: Record<string, readonly string[]> = {
  ExciseInitialInput: [
    'vesselId',
    'date',
    'alcoholType',
    'alcoholId',
    'lot',
    'volume',
    'strength',
    'value',
    'comments',
  ],
  ExciseTransferInput: ['vesselId', 'toVesselId', 'date', 'volume', 'emptyVessel', 'comments'],
  ExciseReduceInput: ['vesselId', 'date', 'volume', 'emptyVessel', 'excise', 'comments'],
  ExciseAdjustInput: ['vesselId', 'date', 'volume', 'strength', 'excise', 'comments'],
  ExciseReassignLotInput: ['vesselId', 'date', 'lot', 'comments'],
  ExciseDeliverInput: ['vesselId', 'date', 'volume', 'emptyVessel', 'licensee', 'comments'],
  ExciseTransferSiteInput: ['vesselId', 'toSiteId', 'date', 'comments'],
  ExciseDenatureInput: ['vesselId', 'date', 'volume', 'emptyVessel', 'comments'],
  TankProofInput: ['vesselId', 'date', 'strength', 'comments'],
  CaskEmptyInput: ['vesselId', 'toVesselId', 'date', 'volume', 'strength', 'comments'],
  CaskSetAgeInput: ['vesselId', 'date', 'ageDate', 'comments'],
};

// ---------------------------------------------------------------- routes

export interface ActionMatch {
  action: VesselActionDef;
  /** the source vessel from the path (or ?vesselId=), when given */
  vesselId?: string;
  /** the posted action to open; undefined for a new one */
  transactionId?: string;
}

const staticSegments = (pattern: string) => pattern.split('/').filter((s) => s && !s.startsWith(':')).length;

/**
 * The action a location shows. When two patterns match (/production/fermenters/reduceinventory
 * is also /production/:vesselId?/reduceinventory with vesselId 'fermenters'), the one with more
 * static segments wins, as react-router ranks them.
 */
export function matchAction(pathname: string, search = ''): ActionMatch | null {
  let best: { action: VesselActionDef; params: Record<string, string | undefined>; score: number } | null = null;
  for (const action of VESSEL_ACTIONS)
    for (const pattern of action.paths) {
      const m = matchPath({ path: pattern, end: true }, pathname);
      if (!m) continue;
      const score = staticSegments(pattern);
      if (!best || score > best.score) best = { action, params: m.params, score };
    }
  if (!best) return null;
  const { action, params } = best;
  const query = new URLSearchParams(search);
  const vesselId = (action.vesselParam ? params[action.vesselParam] : undefined) ?? query.get('vesselId') ?? undefined;
  const rawTransaction = params.transactionId;
  const transactionId = rawTransaction && rawTransaction !== 'new' ? rawTransaction : undefined;
  return {
    action,
    ...(vesselId ? { vesselId } : {}),
    ...(transactionId ? { transactionId } : {}),
  };
}

const fill = (pattern: string, values: Record<string, string | undefined>) =>
  pattern
    .split('/')
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return [segment];
      const name = segment.slice(1).replace(/\?$/, '');
      const value = values[name];
      return value ? [encodeURIComponent(value)] : [];
    })
    .join('/');

/** The path of an action for a vessel (new) or a posted action (transactionId). */
export function actionPath(action: VesselActionDef, ids: { vesselId?: string; transactionId?: string } = {}): string {
  const pattern = action.paths[0];
  if (ids.transactionId) return fill(pattern, { transactionId: ids.transactionId });
  if (action.vesselParam) return fill(pattern, { [action.vesselParam]: ids.vesselId });
  // initial and the cask actions: /…/new, the vessel in the query string
  const path = fill(pattern, { transactionId: 'new' });
  return ids.vesselId ? `${path}?vesselId=${encodeURIComponent(ids.vesselId)}` : path;
}

/**
 * The screen of a ledger row's source when it is a vessel action (refType is the action's kind),
 * else null (a production record, or a kind without a screen).
 */
export function actionPathForRefType(refType: string, refId: string, vesselType?: VesselType): string | null {
  const candidates = VESSEL_ACTIONS.filter((a) => a.kind === refType);
  const action = candidates.find((a) => !vesselType || a.sourceTypes.includes(vesselType)) ?? candidates[0];
  return action ? actionPath(action, { transactionId: refId }) : null;
}

// ---------------------------------------------------------------- what a vessel offers

export interface ContentsLike {
  alcoholType: AlcoholType | string;
  volume: number;
  laa: number;
}

export const holdsSomething = <T extends { volume: number; laa: number }>(
  contents: T | null | undefined,
): contents is T => !!contents && (contents.volume !== 0 || contents.laa !== 0);

/** Whether an action can start from a vessel of this type in this state. */
export function actionFits(action: VesselActionDef, vesselType: VesselType, contents?: ContentsLike | null): boolean {
  if (!action.sourceTypes.includes(vesselType)) return false;
  const full = holdsSomething(contents);
  if (action.state === 'empty') return !full;
  if (!full) return false;
  return !action.alcoholTypes || action.alcoholTypes.includes(contents.alcoholType as AlcoholType);
}

/** The actions a vessel's menu offers (Initial only when empty; the others only when it holds something). */
export const actionsFor = (vesselType: VesselType, contents?: ContentsLike | null): VesselActionDef[] =>
  VESSEL_ACTIONS.filter((a) => actionFits(a, vesselType, contents));

/** Categories an action offers for the vessel's alcohol type (empty when the input has no excise). */
export const categoriesFor = (action: VesselActionDef, alcoholType: AlcoholType | undefined): ExciseCategory[] =>
  action.categories && alcoholType ? action.categories(alcoholType) : [];

export const categoryLabel = (category: string, locale: string): string => {
  const info = (EXCISE_CATEGORIES as Record<string, { en: string; fr: string }>)[category];
  return info ? (locale === 'fr' ? info.fr : info.en) : category;
};

// ---------------------------------------------------------------- form values <-> input

export interface ActionFormValues {
  vesselId?: string | null;
  toVesselId?: string | null;
  toSiteId?: string | null;
  date?: string | null;
  alcoholType?: string | null;
  alcoholId?: string | null;
  lot?: string | null;
  volume?: number | null;
  strength?: number | null;
  laa?: number | null;
  value?: number | null;
  emptyVessel?: boolean;
  excise?: string | null;
  licensee?: string | null;
  ageDate?: string | null;
  comments?: string | null;
}

const blankToNull = (v: unknown) => (v === undefined || v === '' ? null : v);

/**
 * The mutation's input from the form: only the input type's fields, blanks as null, the volume
 * left out when the whole vessel is emptied, `refId` when editing a posted action.
 */
export function toInput(action: VesselActionDef, values: ActionFormValues, refId?: string): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  if (refId) input.refId = refId;
  for (const name of INPUT_FIELDS[action.inputType]) {
    const raw = (values as Record<string, unknown>)[name];
    if (name === 'emptyVessel') input.emptyVessel = values.emptyVessel === true;
    else if (name === 'volume' && action.emptyVessel && values.emptyVessel) input.volume = null;
    else if (name === 'comments' || name === 'lot' || name === 'licensee')
      input[name] = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
    else input[name] = blankToNull(raw);
  }
  // optional inputs the server reads as "not given" are better left out than sent as null
  for (const name of ['value', 'toVesselId', 'excise'])
    if (name in input && input[name] === null && !(name === 'toVesselId' && action.destination?.required))
      delete input[name];
  return input;
}

/** The form values of a posted action's `input` JSON (only the fields this action has). */
export function fromInput(action: VesselActionDef, inputJson: string): ActionFormValues {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(inputJson);
    if (value && typeof value === 'object') parsed = value as Record<string, unknown>;
  } catch {
    // an unreadable input opens as an empty form
  }
  const values: Record<string, unknown> = {};
  for (const name of INPUT_FIELDS[action.inputType]) {
    const v = parsed[name];
    if (v === undefined) continue;
    if (name === 'volume' || name === 'strength' || name === 'value')
      values[name] = v === null || v === '' ? null : Number(v);
    else if (name === 'emptyVessel') values[name] = v === true;
    else values[name] = v === null ? null : String(v);
  }
  return values as ActionFormValues;
}
