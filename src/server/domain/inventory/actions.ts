// The product and item actions of spec 2.3: each reads its input, names the stock buckets (and,
// for a return to tank, the vessel) it touches, and plans the rows. The buckets are locked by
// the caller (run.ts) before planning, so the LAA and value shares read here are the ones the
// posting module (stock.ts) then applies. Planning refuses what a person can fix with the field
// it concerns (VALIDATION_ERROR); stock.ts refuses what would take a bucket below zero.
//
// Packaged alcohol: an incoming row made from nothing (an adjustment up) carries its nominal
// LAA, bottles x container size x strength / 100 rounded once to 3 decimals; a row taking
// stock out carries its share of the bucket's LAA; the other half of a move carries exactly
// what the first half took, so LAA is conserved by every move, unpack and conversion.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { type AlcoholType, type ExciseCategory } from '../../../shared/excise/categories';
import type { DomainContext } from '../records/actor';
import type { Posting } from '../excise/ledger';
import { Fields, type Raw } from '../excise/inputs';
import { kgOf } from '../excise/actions';
import { ALCOHOL_KINDS, alcoholName, isEmpty, vesselLabel, type Vessel } from '../excise/vessels';
import { laaOf, litresText, parseScaled, shareOf, type Centi, type Milli } from '../excise/quantities';
import {
  MICRO,
  MAX_MICRO,
  quantityText,
  type Micro,
  type StockCategory,
  type StockKind,
  type StockPosting,
  type StockStatus,
} from './stock';

export const PRODUCT_ACTIONS = [
  'MoveToDutyPaid',
  'MoveToInBond',
  'TransferSite',
  'TransferLot',
  'ReduceInventory',
  'AdjustInventory',
  'ReturnToTank',
  'Unpack',
  'Convert',
] as const;
export const ITEM_ACTIONS = ['AdjustInventory', 'TransferSite', 'TransferLot'] as const;
export type ProductAction = (typeof PRODUCT_ACTIONS)[number];
export type ItemAction = (typeof ITEM_ACTIONS)[number];
/** The kind stored with an action and written as the ref_type of its rows: ProductUnpack, ItemTransferSite… */
export type StockActionKind = `Product${ProductAction}` | `Item${ItemAction}`;
export const STOCK_ACTION_KINDS: StockActionKind[] = [
  ...PRODUCT_ACTIONS.map((a) => `Product${a}` as const),
  ...ITEM_ACTIONS.map((a) => `Item${a}` as const),
];
export const isStockActionKind = (k: string): k is StockActionKind => (STOCK_ACTION_KINDS as string[]).includes(k);

export const REDUCE_REASONS = [
  'Breakage',
  'Samples',
  'DestroyedUnderSupervision',
  'Theft',
  'Spoilage',
  'Other',
] as const;
export type ReduceReason = (typeof REDUCE_REASONS)[number];
const REASON_TEXT: Record<ReduceReason, string> = {
  Breakage: 'Breakage',
  Samples: 'Samples',
  DestroyedUnderSupervision: 'Destroyed under supervision',
  Theft: 'Theft',
  Spoilage: 'Spoilage',
  Other: 'Other reduction',
};

const COMMENTS_MAX = 1000;
const LOT_MAX = 60;
const MAX_LINES = 50;

/** A product or item as the actions read it. */
export interface StockRecord {
  id: string;
  kind: StockKind;
  name: string;
  units: string;
  /** litres per unit, thousandths; null when the record gives none */
  containerSize: Milli | null;
  /** % ABV, hundredths; null when the record gives none */
  strength: Centi | null;
  caseSize: number;
  mixedPack: boolean;
}

/** One locked balance row. */
export interface LockedBucket {
  stockId: string;
  siteId: string;
  lot: string;
  status: string;
  quantity: Micro;
  laa: Milli;
  value: number;
}

/** What planning may read: the locked buckets, the stock records, the locked vessels. */
export interface PlanContext {
  ctx: DomainContext;
  buckets: LockedBucket[];
  stock: Map<string, StockRecord>;
  vessels: Map<string, Vessel>;
}

export interface StockWanted {
  stockId: string;
  siteId: string | null;
  field: string;
  kind: StockKind;
}

export interface PlannedStockAction {
  kind: StockActionKind;
  stockKind: StockKind;
  stockId: string;
  date: string;
  /** the input as stored with the action, to open it for editing */
  input: Raw;
  /** every (product or item, site) whose buckets it reads, to lock them first */
  stock: StockWanted[];
  /** the vessels it posts excise rows into */
  vessels: { id: string; field: string }[];
  plan(p: PlanContext): Promise<{ stock: StockPosting[]; excise: Posting[] }>;
}

/** Field reading for stock actions: the excise rules plus quantities in units. */
class StockFields extends Fields {
  /** a quantity of units: > 0 (or non-zero when signed), whole for products */
  quantity(field: string, whole: boolean, signed = false): Micro | null {
    const v = this.raw[field];
    if (v === null || v === undefined) {
      this.refuse(field, 'Required');
      return null;
    }
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      this.refuse(field, 'Must be a number');
      return null;
    }
    if (whole && !Number.isInteger(v)) {
      this.refuse(field, 'Must be a whole number');
      return null;
    }
    const m = Math.sign(v) * Math.round(Math.abs(v) * MICRO);
    if (Math.abs(v * MICRO - m) > 1e-3 * Math.max(1, Math.abs(v))) {
      this.refuse(field, 'At most 6 decimals');
      return null;
    }
    if (signed ? m === 0 : m <= 0) {
      this.refuse(field, signed ? 'Must not be 0' : 'Must be > 0');
      return null;
    }
    if (Math.abs(m) > MAX_MICRO) {
      this.refuse(field, `Must be <= ${quantityText(MAX_MICRO)}`);
      return null;
    }
    return m;
  }

  status(field: string, fallback: StockStatus): StockStatus {
    const v = this.raw[field];
    if (v === null || v === undefined || v === '') return fallback;
    if (v !== 'InBond' && v !== 'DutyPaid') {
      this.refuse(field, 'Must be one of InBond, DutyPaid');
      return fallback;
    }
    return v;
  }

  oneOf<T extends string>(field: string, values: readonly T[]): T | null {
    const v = this.raw[field];
    if (v === null || v === undefined || v === '') {
      this.refuse(field, 'Required');
      return null;
    }
    if (!values.includes(v as T)) {
      this.refuse(field, `Must be one of ${values.join(', ')}`);
      return null;
    }
    return v as T;
  }

  lot(field: string, required = false): string | null {
    return this.text(field, LOT_MAX, required);
  }
}

const sameLot = (a: string | null, b: string | null) => (a ?? '') === (b ?? '');

/** The product or item records the action names, with the fields actions need. */
export async function readStockRecords(ctx: DomainContext, ids: string[]): Promise<Map<string, StockRecord>> {
  const unique = [...new Set(ids.filter((id) => /^\d{1,18}$/.test(id)))];
  if (!unique.length) return new Map();
  const list = sql.join(
    unique.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{
    id: string;
    kind: StockKind;
    name: string;
    units: string | null;
    container_size: string | null;
    strength: string | null;
    case_size: number | null;
    mixed_pack: boolean | null;
  }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, 'Product' AS kind, coalesce(name, sku, id::text) AS name,
             lower(coalesce(container_type, 'unit')) || 's' AS units, container_size::text AS container_size,
             strength::text AS strength, case_size, mixed_pack
        FROM products WHERE company_id = ${ctx.actor.companyId} AND id IN (${list})
      UNION ALL
      SELECT id::text, 'Item', coalesce(name, sku, id::text), track_units, NULL, NULL, NULL, NULL
        FROM items WHERE company_id = ${ctx.actor.companyId} AND id IN (${list})`),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        kind: r.kind,
        name: r.name,
        units: r.units ?? '',
        containerSize: r.container_size === null ? null : parseScaled(r.container_size, 3),
        strength: r.strength === null ? null : parseScaled(r.strength, 2),
        caseSize: r.case_size ?? 1,
        mixedPack: !!r.mixed_pack,
      },
    ]),
  );
}

/** Nominal LAA of whole units of a product: units x container size x strength / 100, rounded once. */
export function nominalLaa(p: StockRecord, quantity: Micro): Milli {
  if (p.kind !== 'Product' || !p.containerSize || !p.strength) return 0;
  // quantity (millionths) x litres (thousandths) / 10^6 = litres in thousandths, exact for whole units
  const volume = (quantity / MICRO) * p.containerSize;
  return laaOf(Math.round(volume), p.strength);
}

/** What leaves a bucket: the quantity with its share of the bucket's LAA and of the site's value. */
interface Taken {
  quantity: Micro;
  laa: Milli;
  value: number;
  /** the bucket holds less: the posting will be refused */
  short: boolean;
}

function take(
  p: PlanContext,
  stock: StockRecord,
  at: { siteId: string | null; lot: string | null; status: StockStatus | null },
  quantity: Micro,
): Taken {
  const site = p.buckets.filter((b) => b.stockId === stock.id && b.siteId === (at.siteId ?? '0'));
  const b = site.find((x) => x.lot === (at.lot ?? '') && x.status === (at.status ?? ''));
  // more than the bucket holds: posting refuses it with the bucket's quantity (stock.ts)
  if (!b || quantity > b.quantity) return { quantity, laa: 0, value: 0, short: true };
  const siteQuantity = site.reduce((s, x) => s + x.quantity, 0);
  const siteValue = site.reduce((s, x) => s + x.value, 0);
  return {
    quantity,
    laa: shareOf(b.laa, quantity, b.quantity),
    value: shareOf(siteValue, quantity, siteQuantity),
    short: false,
  };
}

/** The common input of every product or item action: the record, where its stock is, the date. */
function readCommon(raw: Raw, kind: StockKind, opts: { status?: StockStatus | 'input' } = {}) {
  const f = new StockFields(raw);
  const idField = kind === 'Product' ? 'productId' : 'itemId';
  const stockId = f.id(idField)!;
  const date = f.date('date');
  const siteId = f.id('siteId', false);
  const lot = f.lot('lot');
  const status: StockStatus | null =
    kind === 'Item' ? null : opts.status === 'input' || !opts.status ? f.status('status', 'InBond') : opts.status;
  const comments = f.text('comments', COMMENTS_MAX);
  return { f, idField, stockId, date, siteId, lot, status, comments };
}

async function siteNameOf(p: PlanContext, siteId: string | null): Promise<string | null> {
  if (!siteId) return null;
  const [row] = rowsOf<{ name: string }>(
    await p.ctx.db.execute(
      sql`SELECT coalesce(name, id::text) AS name FROM sites WHERE company_id = ${p.ctx.actor.companyId} AND id = ${siteId}`,
    ),
  );
  return row?.name ?? null;
}

/** The record the action names, checked to exist and be of the right kind. */
function recordOf(f: StockFields, p: PlanContext, id: string, kind: StockKind, field: string): StockRecord | null {
  const r = p.stock.get(id);
  if (!r || r.kind !== kind) {
    f.refuse(field, kind === 'Product' ? 'Choose a product' : 'Choose an item');
    return null;
  }
  return r;
}

function row(
  c: { date: string; comments: string | null },
  s: StockRecord,
  at: { siteId: string | null; lot: string | null; status: StockStatus | null },
  quantity: Micro,
  category: StockCategory,
  description: string,
  extra: Partial<StockPosting> = {},
): StockPosting {
  return {
    date: c.date,
    kind: s.kind,
    stockId: s.id,
    siteId: at.siteId,
    lot: at.lot,
    status: at.status,
    quantity,
    category,
    description,
    comments: c.comments,
    ...extra,
  };
}

const storedInput = (c: ReturnType<typeof readCommon>, own: Raw) => ({
  [c.idField]: c.stockId,
  date: c.date,
  siteId: c.siteId,
  lot: c.lot,
  ...(c.status ? { status: c.status } : {}),
  ...own,
  comments: c.comments,
});

// ---------------------------------------------------------------------------------------------

/** In bond to duty paid (the duty point) or back: out of one status, into the other. */
function moveStatus(raw: Raw, to: StockStatus): PlannedStockAction {
  const from: StockStatus = to === 'DutyPaid' ? 'InBond' : 'DutyPaid';
  const c = readCommon(raw, 'Product', { status: from });
  const quantity = c.f.quantity('quantity', true);
  c.f.check();
  const kind = to === 'DutyPaid' ? 'ProductMoveToDutyPaid' : 'ProductMoveToInBond';
  return {
    kind,
    stockKind: 'Product',
    stockId: c.stockId,
    date: c.date,
    input: storedInput(c, { quantity: raw.quantity }),
    stock: [{ stockId: c.stockId, siteId: c.siteId, field: c.idField, kind: 'Product' }],
    vessels: [],
    async plan(p) {
      const s = recordOf(c.f, p, c.stockId, 'Product', c.idField);
      c.f.check();
      const q = take(p, s!, c, quantity!);
      c.f.check();
      const category = to === 'DutyPaid' ? 'MovedToDutyPaid' : 'MovedToInBond';
      return {
        stock: [
          row(c, s!, c, -q.quantity, category, to === 'DutyPaid' ? 'To duty paid' : 'To in bond', { laa: -q.laa }),
          row(
            c,
            s!,
            { ...c, status: to },
            q.quantity,
            category,
            to === 'DutyPaid' ? 'From in bond' : 'From duty paid',
            {
              laa: q.laa,
              pairedWith: 0,
            },
          ),
        ],
        excise: [],
      };
    },
  };
}

function transferSite(raw: Raw, kind: StockKind): PlannedStockAction {
  const c = readCommon(raw, kind, { status: 'input' });
  const quantity = c.f.quantity('quantity', kind === 'Product');
  const toSiteId = c.f.id('toSiteId')!;
  if (toSiteId && toSiteId === c.siteId) c.f.refuse('toSiteId', 'Choose another site than the one you move from');
  c.f.check();
  return {
    kind: kind === 'Product' ? 'ProductTransferSite' : 'ItemTransferSite',
    stockKind: kind,
    stockId: c.stockId,
    date: c.date,
    input: storedInput(c, { quantity: raw.quantity, toSiteId }),
    stock: [
      { stockId: c.stockId, siteId: c.siteId, field: c.idField, kind },
      { stockId: c.stockId, siteId: toSiteId, field: c.idField, kind },
    ],
    vessels: [],
    async plan(p) {
      const s = recordOf(c.f, p, c.stockId, kind, c.idField);
      const toName = await siteNameOf(p, toSiteId);
      if (!toName) c.f.refuse('toSiteId', 'Choose a site');
      c.f.check();
      const fromName = await siteNameOf(p, c.siteId);
      const q = take(p, s!, c, quantity!);
      c.f.check();
      return {
        stock: [
          row(c, s!, c, -q.quantity, 'TransferredSite', `To ${toName}`, { laa: -q.laa }),
          row(c, s!, { ...c, siteId: toSiteId }, q.quantity, 'TransferredSite', `From ${fromName ?? 'no site'}`, {
            laa: q.laa,
            pairedWith: 0,
          }),
        ],
        excise: [],
      };
    },
  };
}

function transferLot(raw: Raw, kind: StockKind): PlannedStockAction {
  const c = readCommon(raw, kind, { status: 'input' });
  const quantity = c.f.quantity('quantity', kind === 'Product');
  const toLot = c.f.lot('toLot', true);
  if (toLot && sameLot(toLot, c.lot)) c.f.refuse('toLot', `The stock is already in lot ${toLot}`);
  c.f.check();
  return {
    kind: kind === 'Product' ? 'ProductTransferLot' : 'ItemTransferLot',
    stockKind: kind,
    stockId: c.stockId,
    date: c.date,
    input: storedInput(c, { quantity: raw.quantity, toLot }),
    stock: [{ stockId: c.stockId, siteId: c.siteId, field: c.idField, kind }],
    vessels: [],
    async plan(p) {
      const s = recordOf(c.f, p, c.stockId, kind, c.idField);
      c.f.check();
      const q = take(p, s!, c, quantity!);
      c.f.check();
      return {
        stock: [
          row(c, s!, c, -q.quantity, 'TransferredLot', `To lot ${toLot}`, { laa: -q.laa }),
          row(c, s!, { ...c, lot: toLot }, q.quantity, 'TransferredLot', `From lot ${c.lot ?? '(none)'}`, {
            laa: q.laa,
            pairedWith: 0,
          }),
        ],
        excise: [],
      };
    },
  };
}

function reduce(raw: Raw): PlannedStockAction {
  const c = readCommon(raw, 'Product', { status: 'input' });
  const quantity = c.f.quantity('quantity', true);
  const reason = c.f.oneOf('reason', REDUCE_REASONS);
  c.f.check();
  return {
    kind: 'ProductReduceInventory',
    stockKind: 'Product',
    stockId: c.stockId,
    date: c.date,
    input: storedInput(c, { quantity: raw.quantity, reason }),
    stock: [{ stockId: c.stockId, siteId: c.siteId, field: c.idField, kind: 'Product' }],
    vessels: [],
    async plan(p) {
      const s = recordOf(c.f, p, c.stockId, 'Product', c.idField);
      c.f.check();
      const q = take(p, s!, c, quantity!);
      c.f.check();
      return {
        stock: [row(c, s!, c, -q.quantity, 'Reduced', REASON_TEXT[reason!], { laa: -q.laa, value: -q.value })],
        excise: [],
      };
    },
  };
}

function adjust(raw: Raw, kind: StockKind): PlannedStockAction {
  const c = readCommon(raw, kind, { status: 'input' });
  const quantity = c.f.quantity('quantity', kind === 'Product', true);
  const value = c.f.money('value');
  if (value !== null && quantity !== null && quantity < 0)
    c.f.refuse('value', 'Leave empty when taking stock out: it leaves at its average cost');
  c.f.check();
  return {
    kind: kind === 'Product' ? 'ProductAdjustInventory' : 'ItemAdjustInventory',
    stockKind: kind,
    stockId: c.stockId,
    date: c.date,
    input: storedInput(c, { quantity: raw.quantity, value: raw.value ?? null }),
    stock: [{ stockId: c.stockId, siteId: c.siteId, field: c.idField, kind }],
    vessels: [],
    async plan(p) {
      const s = recordOf(c.f, p, c.stockId, kind, c.idField);
      c.f.check();
      if (quantity! > 0)
        return {
          stock: [
            row(c, s!, c, quantity!, 'Adjusted', `Adjusted up ${quantityText(quantity!, s!.units)}`, {
              laa: nominalLaa(s!, quantity!),
              ...(value !== null ? { value } : {}),
            }),
          ],
          excise: [],
        };
      const q = take(p, s!, c, -quantity!);
      c.f.check();
      return {
        stock: [
          row(c, s!, c, -q.quantity, 'Adjusted', `Adjusted down ${quantityText(q.quantity, s!.units)}`, {
            laa: -q.laa,
            value: -q.value,
          }),
        ],
        excise: [],
      };
    },
  };
}

const RETURNED: Record<AlcoholType, ExciseCategory> = {
  Spirit: 'SpiritsAdditionPackagedReturnedToBulk',
  Wine: 'WineAdditionPackagedReturnedToBulk',
  NonExcise: 'NonExciseAddition',
};

/** Packaged alcohol back to bulk: the bottles leave stock, their litres and LAA enter a tank. */
function returnToTank(raw: Raw): PlannedStockAction {
  const c = readCommon(raw, 'Product', { status: 'input' });
  const quantity = c.f.quantity('quantity', true);
  const tankId = c.f.id('tankId')!;
  const alcoholType =
    raw.alcoholType === null || raw.alcoholType === undefined || raw.alcoholType === ''
      ? null
      : ['Spirit', 'Wine', 'NonExcise'].includes(String(raw.alcoholType))
        ? (raw.alcoholType as AlcoholType)
        : (c.f.refuse('alcoholType', 'Must be one of Spirit, Wine, NonExcise'), null);
  const alcoholId = c.f.id('alcoholId', false);
  const tankLot = c.f.lot('tankLot');
  c.f.check();
  return {
    kind: 'ProductReturnToTank',
    stockKind: 'Product',
    stockId: c.stockId,
    date: c.date,
    input: storedInput(c, { quantity: raw.quantity, tankId, alcoholType, alcoholId, tankLot }),
    stock: [{ stockId: c.stockId, siteId: c.siteId, field: c.idField, kind: 'Product' }],
    vessels: [{ id: tankId, field: 'tankId' }],
    async plan(p) {
      const s = recordOf(c.f, p, c.stockId, 'Product', c.idField);
      c.f.check();
      if (!s!.containerSize)
        c.f.refuse(c.idField, `${s!.name} has no container size: set it on the product to know the litres returned`);
      if (!s!.strength)
        c.f.refuse(c.idField, `${s!.name} has no strength: set it on the product to know the alcohol returned`);
      const tank = p.vessels.get(tankId)!;
      const empty = isEmpty(tank);
      const type = alcoholType ?? (empty ? null : tank.alcoholType);
      const id = alcoholId ?? (empty ? null : tank.alcoholId);
      if (!type) c.f.refuse('alcoholType', `${vesselLabel(tank)} is empty: choose what the bottles hold`);
      if (!id)
        c.f.refuse(
          'alcoholId',
          `${vesselLabel(tank)} is empty: choose the ${type ? ALCOHOL_KINDS[type].label.toLowerCase() : 'alcohol record'} the bottles hold`,
        );
      c.f.check();
      const name = await alcoholName(p.ctx.db, p.ctx.actor, type!, id!, 'alcoholId');
      const q = take(p, s!, c, quantity!);
      c.f.check();
      const volume: Milli = Math.round((quantity! / MICRO) * s!.containerSize!);
      const lot = tankLot ?? (empty ? c.lot : tank.lot);
      const excise: Posting = {
        date: c.date,
        excise: RETURNED[type!],
        alcoholType: type!,
        alcoholId: id!,
        alcoholName: name,
        lot,
        vessel: tank,
        volume,
        laa: q.laa,
        kg: kgOf(volume, s!.strength!),
        value: q.value,
        strength: s!.strength,
        description: `Returned ${quantityText(q.quantity, s!.units)} of ${s!.name} (${litresText(volume)})`,
        comments: c.comments,
      };
      return {
        stock: [
          row(c, s!, c, -q.quantity, 'ReturnedToTank', `To ${vesselLabel(tank)}`, { laa: -q.laa, value: -q.value }),
        ],
        excise: [excise],
      };
    },
  };
}

/** LAA and value of a whole shared out over lines by weights, the last line taking what is left. */
function distribute(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  let left = total;
  return weights.map((w, i) => {
    if (i === weights.length - 1) return left;
    const part = sum === 0 ? 0 : shareOf(total, w, sum);
    left -= part;
    return part;
  });
}

/** LAA is conserved exactly; what the lines' labels say must agree with it within 1 % (or
 * 0.01 LAA), so a wrong product or count is caught rather than its alcohol silently moved. */
function laaAgrees(taken: Milli, nominal: Milli) {
  if (taken === 0 && nominal === 0) return true;
  return Math.abs(taken - nominal) <= Math.max(10, Math.round(Math.abs(taken) / 100));
}

const laaText = (m: Milli) => litresText(m, 'LAA');

interface Line {
  productId: string;
  quantity: Micro;
}

/** A case into its bottles, a mixed pack into its products: units conserved (cases x units per
 * case), LAA conserved; the lines land in the source's site, lot and status. */
function unpack(raw: Raw): PlannedStockAction {
  const c = readCommon(raw, 'Product', { status: 'input' });
  const quantity = c.f.quantity('quantity', true);
  const lines: Line[] = [];
  const rawLines = Array.isArray(raw.lines) ? (raw.lines as Raw[]) : null;
  if (!rawLines || !rawLines.length) c.f.refuse('lines', 'Add the products the cases unpack into');
  else if (rawLines.length > MAX_LINES) c.f.refuse('lines', `At most ${MAX_LINES} lines`);
  else
    rawLines.forEach((l, i) => {
      const lf = new StockFields(l ?? {});
      const productId = lf.id('productId');
      const q = lf.quantity('quantity', true);
      for (const [field, message] of Object.entries(lf.problems)) c.f.refuse(`lines.${i}.${field}`, message);
      if (productId && productId === c.stockId)
        c.f.refuse(`lines.${i}.productId`, 'Choose another product than the one unpacked');
      if (productId && q) lines.push({ productId, quantity: q });
    });
  c.f.check();
  return {
    kind: 'ProductUnpack',
    stockKind: 'Product',
    stockId: c.stockId,
    date: c.date,
    input: storedInput(c, {
      quantity: raw.quantity,
      lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity / MICRO })),
    }),
    stock: [
      { stockId: c.stockId, siteId: c.siteId, field: c.idField, kind: 'Product' },
      ...lines.map((l, i) => ({
        stockId: l.productId,
        siteId: c.siteId,
        field: `lines.${i}.productId`,
        kind: 'Product' as const,
      })),
    ],
    vessels: [],
    async plan(p) {
      const s = recordOf(c.f, p, c.stockId, 'Product', c.idField);
      const targets = lines.map((l, i) => recordOf(c.f, p, l.productId, 'Product', `lines.${i}.productId`));
      c.f.check();
      const units = (quantity! / MICRO) * s!.caseSize;
      const counted = lines.reduce((a, l) => a + l.quantity, 0) / MICRO;
      if (counted !== units)
        c.f.refuse(
          'lines',
          `${quantityText(quantity!, s!.units)} of ${s!.name} hold ${units} units (${s!.caseSize} each); the lines add up to ${counted}`,
        );
      c.f.check();
      const q = take(p, s!, c, quantity!);
      c.f.check();
      const nominal = lines.map((l, i) => nominalLaa(targets[i]!, l.quantity));
      const nominalTotal = nominal.reduce((a, b) => a + b, 0);
      if (!q.short && !laaAgrees(q.laa, nominalTotal))
        c.f.refuse(
          'lines',
          `${quantityText(quantity!, s!.units)} of ${s!.name} hold ${laaText(q.laa)}; the products unpacked hold ${laaText(nominalTotal)} by their size and strength`,
        );
      c.f.check();
      // LAA by what each line's labels hold (by count when none say), value by count
      const laas = distribute(q.laa, nominalTotal ? nominal : lines.map((l) => l.quantity));
      const values = distribute(
        q.value,
        lines.map((l) => l.quantity),
      );
      const from = `From ${quantityText(quantity!, s!.units)} of ${s!.name}`;
      return {
        stock: [
          row(
            c,
            s!,
            c,
            -q.quantity,
            'Unpacked',
            `Unpacked into ${lines.length === 1 ? targets[0]!.name : `${lines.length} products`}`,
            {
              laa: -q.laa,
              value: -q.value,
            },
          ),
          ...lines.map((l, i) =>
            row(c, targets[i]!, c, l.quantity, 'Unpacked', from, { laa: laas[i], value: values[i] }),
          ),
        ],
        excise: [],
      };
    },
  };
}

/** One product becomes another (a relabel, a new SKU): its LAA and value carry over whole. */
function convert(raw: Raw): PlannedStockAction {
  const c = readCommon(raw, 'Product', { status: 'input' });
  const quantity = c.f.quantity('quantity', true);
  const toProductId = c.f.id('toProductId')!;
  const toQuantity = c.f.quantity('toQuantity', true);
  if (toProductId && toProductId === c.stockId)
    c.f.refuse('toProductId', 'Choose another product than the one converted');
  c.f.check();
  return {
    kind: 'ProductConvert',
    stockKind: 'Product',
    stockId: c.stockId,
    date: c.date,
    input: storedInput(c, { quantity: raw.quantity, toProductId, toQuantity: raw.toQuantity }),
    stock: [
      { stockId: c.stockId, siteId: c.siteId, field: c.idField, kind: 'Product' },
      { stockId: toProductId, siteId: c.siteId, field: 'toProductId', kind: 'Product' },
    ],
    vessels: [],
    async plan(p) {
      const s = recordOf(c.f, p, c.stockId, 'Product', c.idField);
      const t = recordOf(c.f, p, toProductId, 'Product', 'toProductId');
      c.f.check();
      const q = take(p, s!, c, quantity!);
      c.f.check();
      const nominal = nominalLaa(t!, toQuantity!);
      if (!q.short && !laaAgrees(q.laa, nominal))
        c.f.refuse(
          'toQuantity',
          `${quantityText(quantity!, s!.units)} of ${s!.name} hold ${laaText(q.laa)}; ${quantityText(toQuantity!, t!.units)} of ${t!.name} hold ${laaText(nominal)}`,
        );
      c.f.check();
      return {
        stock: [
          row(c, s!, c, -q.quantity, 'Converted', `Converted to ${t!.name}`, { laa: -q.laa, value: -q.value }),
          row(c, t!, c, toQuantity!, 'Converted', `Converted from ${s!.name}`, { laa: q.laa, value: q.value }),
        ],
        excise: [],
      };
    },
  };
}

/** Reads an action's input; answers what it locks and how it plans its rows. */
export function readStockAction(kind: StockActionKind, raw: Raw): PlannedStockAction {
  switch (kind) {
    case 'ProductMoveToDutyPaid':
      return moveStatus(raw, 'DutyPaid');
    case 'ProductMoveToInBond':
      return moveStatus(raw, 'InBond');
    case 'ProductTransferSite':
      return transferSite(raw, 'Product');
    case 'ItemTransferSite':
      return transferSite(raw, 'Item');
    case 'ProductTransferLot':
      return transferLot(raw, 'Product');
    case 'ItemTransferLot':
      return transferLot(raw, 'Item');
    case 'ProductReduceInventory':
      return reduce(raw);
    case 'ProductAdjustInventory':
      return adjust(raw, 'Product');
    case 'ItemAdjustInventory':
      return adjust(raw, 'Item');
    case 'ProductReturnToTank':
      return returnToTank(raw);
    case 'ProductUnpack':
      return unpack(raw);
    case 'ProductConvert':
      return convert(raw);
  }
}

/** Locks every balance row of the (stock, site) pairs, in the order stock.ts locks them. */
export async function lockStockBuckets(ctx: DomainContext, wanted: StockWanted[]): Promise<LockedBucket[]> {
  const pairs = [
    ...new Set(wanted.filter((w) => /^\d{1,18}$/.test(w.stockId)).map((w) => `${w.stockId}|${w.siteId ?? '0'}`)),
  ].map((k) => k.split('|'));
  if (!pairs.length) return [];
  const rows = rowsOf<{
    stock_id: string;
    site_id: string;
    lot: string;
    status: string;
    quantity: string;
    laa: string;
    value: string;
  }>(
    await ctx.db.execute(sql`
      SELECT stock_id::text AS stock_id, site_id::text AS site_id, lot, status,
             quantity::text AS quantity, laa::text AS laa, value::text AS value
      FROM stock_balances
      WHERE company_id = ${ctx.actor.companyId} AND (stock_id, site_id) IN (${sql.join(
        pairs.map(([s, site]) => sql`(${s}::bigint, ${site}::bigint)`),
        sql`, `,
      )})
      ORDER BY stock_id, site_id, lot, status
      FOR UPDATE`),
  );
  return rows.map((r) => ({
    stockId: r.stock_id,
    siteId: r.site_id,
    lot: r.lot,
    status: r.status,
    quantity: parseScaled(r.quantity, 6),
    laa: parseScaled(r.laa, 3),
    value: parseScaled(r.value, 2),
  }));
}
