// The vessel actions of spec 2.3: each reads its input, names the vessels it touches (locked
// by the caller in id order) and plans the ledger rows. Planning refuses what a person can
// fix with the field it concerns (VALIDATION_ERROR); the posting module then checks the
// ledger's invariants again on what is actually posted.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { fromVolumeAndAbv, waterToReduce } from '../../../shared/alcoholometry';
import {
  EXCISE_CATEGORIES,
  LOSS_CATEGORY,
  categoryFor,
  type AlcoholType,
  type ExciseCategory,
  type VesselType,
} from '../../../shared/excise/categories';
import type { DomainContext } from '../records/actor';
import type { Posting } from './ledger';
import { Fields, type Raw } from './inputs';
import { laaOf, litresText, milliOf, shareOf, strengthOf, strengthText, type Centi, type Milli } from './quantities';
import { ALCOHOL_KINDS, VESSEL_KINDS, alcoholName, isEmpty, vesselLabel, type Vessel } from './vessels';

export const ACTION_KINDS = [
  'Initial',
  'ReduceInventory',
  'AdjustInventory',
  'ReassignLot',
  'TransferToTank',
  'TransferToBulkContainer',
  'TransferToUserLicense',
  'TransferToSpiritsLicense',
  'TransferToWineLicense',
  'TransferSite',
  'Denature',
  'FortifyWine',
  'Proof',
  'FillCask',
  'CaskEmpty',
  'CaskSetAge',
  'TransferToFermenter',
  'FermenterReduceInventory',
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

export interface VesselWanted {
  id: string;
  field: string;
  types?: VesselType[];
}

/** An action once its input is read: the vessels to lock, then the rows to post. */
export interface PlannedAction {
  date: string;
  vesselId: string;
  /** the input as stored with the action, to open it for editing */
  input: Raw;
  vessels: VesselWanted[];
  plan(ctx: DomainContext, vessels: Map<string, Vessel>): Promise<Posting[]>;
}

const COMMENTS_MAX = 1000;
const LOT_MAX = 60;
const ALL: VesselType[] = ['Tank', 'Fermenter', 'Cask', 'BulkContainer'];

/** kg of a volume at 20 °C of a given strength (OIML R 22 density), thousandths */
export const kgOf = (volume: Milli, strength: Centi): Milli =>
  volume === 0 ? 0 : Math.sign(volume) * milliOf(fromVolumeAndAbv(Math.abs(volume) / 1000, strength / 100).massKg);

/** What leaves a vessel: the volume asked (or all of it) with its share of LAA, kg and value. */
interface Taken {
  volume: Milli;
  laa: Milli;
  kg: Milli;
  value: number;
}

function take(f: Fields, v: Vessel, volume: Milli | null, all: boolean, field = 'volume'): Taken | null {
  if (isEmpty(v)) {
    f.refuse('vesselId', `${vesselLabel(v)} is empty`);
    return null;
  }
  const asked = all ? v.volume : volume;
  if (asked === null) {
    f.refuse(field, 'Required');
    return null;
  }
  if (asked > v.volume) {
    f.refuse(
      field,
      `${vesselLabel(v)} holds ${litresText(v.volume)}; you asked to move ${litresText(asked)}. Move at most ${litresText(v.volume)}, or tick Empty vessel.`,
    );
    return null;
  }
  return {
    volume: asked,
    laa: shareOf(v.laa, asked, v.volume),
    kg: shareOf(v.kg, asked, v.volume),
    value: shareOf(v.value, asked, v.volume),
  };
}

const neg = (t: Taken) => ({ volume: -t.volume, laa: -t.laa, kg: -t.kg, value: -t.value });

/** A row moving what a vessel holds (its alcohol and lot) in or out of it. */
function rowOf(
  v: Vessel,
  q: Taken,
  excise: ExciseCategory,
  date: string,
  description: string,
  comments: string | null,
): Posting {
  return {
    date,
    excise,
    alcoholType: v.alcoholType!,
    alcoholId: v.alcoholId!,
    alcoholName: v.alcoholName,
    lot: v.lot,
    vessel: v,
    ...q,
    description,
    comments,
  };
}

function categoryOfType(f: Fields, v: Vessel, excise: ExciseCategory | null, kinds: string[]): ExciseCategory | null {
  if (!excise || !v.alcoholType) return excise;
  const c = EXCISE_CATEGORIES[excise];
  if (c.alcoholType !== v.alcoholType || !kinds.includes(c.kind)) {
    f.refuse(
      'excise',
      `Choose a ${kinds.join(' or ')} category for ${ALCOHOL_KINDS[v.alcoholType].label.toLowerCase()}`,
    );
    return null;
  }
  return excise;
}

const get = (vessels: Map<string, Vessel>, id: string) => vessels.get(id)!;

/** Transfers between two of our vessels: a site change makes them the own-site categories. */
function transferRows(
  from: Vessel,
  to: Vessel,
  q: Taken,
  date: string,
  comments: string | null,
  ageDate?: string | null,
) {
  const type = from.alcoholType!;
  const sameSite = (from.siteId ?? '') === (to.siteId ?? '');
  const out: ExciseCategory = sameSite
    ? categoryFor(type, 'transfer')
    : type === 'Spirit'
      ? 'SpiritsReductionTransferredToOwnSite'
      : type === 'Wine'
        ? 'WineReductionTransferredToOwnSite'
        : 'NonExciseTransfer';
  const into: ExciseCategory = sameSite
    ? categoryFor(type, 'transfer')
    : type === 'Spirit'
      ? 'SpiritsAdditionReceivedFromOwnSite'
      : type === 'Wine'
        ? 'WineAdditionReceivedFromOwnSite'
        : 'NonExciseTransfer';
  const source = rowOf(from, neg(q), out, date, `To ${vesselLabel(to)}`, comments);
  const target: Posting = { ...rowOf(from, q, into, date, `From ${vesselLabel(from)}`, comments), vessel: to };
  if (ageDate !== undefined) target.ageDate = ageDate;
  return [source, target];
}

function distinct(f: Fields, from: string | null, to: string | null) {
  if (from && to && from === to) f.refuse('toVesselId', 'Choose another vessel than the one you move from');
}

/** The fields every action that takes alcohol out of a vessel reads: the vessel (and the one it
 * goes to), the date, the volume or Empty vessel, comments; `extra` reads the action's own. */
function readOut<E extends Raw>(raw: Raw, to: 'none' | 'required', extra: (f: Fields) => E = () => ({}) as E) {
  const f = new Fields(raw);
  const vesselId = f.id('vesselId')!;
  const toVesselId = to === 'required' ? f.id('toVesselId')! : null;
  const date = f.date('date');
  const all = f.bool('emptyVessel');
  const volume = all ? null : f.volume('volume');
  const own = extra(f);
  const comments = f.text('comments', COMMENTS_MAX);
  distinct(f, vesselId, toVesselId);
  f.check();
  const input: Raw = {
    vesselId,
    ...(toVesselId ? { toVesselId } : {}),
    date,
    volume: raw.volume ?? null,
    emptyVessel: all,
    ...own,
    comments,
  };
  return { f, vesselId, toVesselId: toVesselId!, date, all, volume, comments, own, input };
}

// ---------------------------------------------------------------------------------------------

function initial(raw: Raw): PlannedAction {
  const f = new Fields(raw);
  const vesselId = f.id('vesselId')!;
  const date = f.date('date');
  const alcoholType = ['Spirit', 'Wine', 'NonExcise'].includes(String(raw.alcoholType))
    ? (raw.alcoholType as AlcoholType)
    : (f.refuse('alcoholType', 'Required'), null);
  const alcoholId = f.id('alcoholId');
  const lot = f.text('lot', LOT_MAX);
  const volume = f.volume('volume');
  const strength = f.strength('strength');
  const value = f.money('value');
  const comments = f.text('comments', COMMENTS_MAX);
  f.check();
  return {
    date,
    vesselId,
    input: {
      vesselId,
      date,
      alcoholType,
      alcoholId,
      lot,
      volume: raw.volume,
      strength: raw.strength,
      value: raw.value ?? null,
      comments,
    },
    vessels: [{ id: vesselId, field: 'vesselId', types: ALL }],
    async plan(ctx, vessels) {
      const v = get(vessels, vesselId);
      const name = await alcoholName(ctx.db, ctx.actor, alcoholType!, alcoholId!, 'alcoholId');
      if (!isEmpty(v))
        f.refuse(
          'vesselId',
          `${vesselLabel(v)} already holds ${litresText(v.volume)} of ${v.alcoholName ?? 'alcohol'}: an initial is only for an empty vessel`,
        );
      f.check();
      return [
        {
          date,
          excise: categoryFor(alcoholType!, 'initial'),
          alcoholType: alcoholType!,
          alcoholId: alcoholId!,
          alcoholName: name,
          lot,
          vessel: v,
          volume: volume!,
          laa: laaOf(volume!, strength!),
          kg: kgOf(volume!, strength!),
          value: value ?? 0,
          strength,
          description: 'Opening contents',
          comments,
          ageDate: v.type === 'Cask' ? date : null,
        },
      ];
    },
  };
}

function reduce(raw: Raw, types: VesselType[]): PlannedAction {
  const r = readOut(raw, 'none', (f) => ({ excise: f.category('excise', true) }));
  return {
    date: r.date,
    vesselId: r.vesselId,
    input: r.input,
    vessels: [{ id: r.vesselId, field: 'vesselId', types }],
    async plan(_ctx, vessels) {
      const v = get(vessels, r.vesselId);
      const q = take(r.f, v, r.volume, r.all);
      const category = categoryOfType(r.f, v, r.own.excise, ['reduction']);
      r.f.check();
      return [rowOf(v, neg(q!), category!, r.date, EXCISE_CATEGORIES[category!].en, r.comments)];
    },
  };
}

function adjust(raw: Raw): PlannedAction {
  const f = new Fields(raw);
  const vesselId = f.id('vesselId')!;
  const date = f.date('date');
  const volume = f.volumeOrZero('volume');
  const strength = f.strength('strength');
  const excise = f.category('excise', false);
  const comments = f.text('comments', COMMENTS_MAX);
  f.check();
  return {
    date,
    vesselId,
    input: { vesselId, date, volume: raw.volume, strength: raw.strength, excise, comments },
    vessels: [{ id: vesselId, field: 'vesselId', types: ALL }],
    async plan(_ctx, vessels) {
      const v = get(vessels, vesselId);
      if (isEmpty(v)) f.refuse('vesselId', `${vesselLabel(v)} is empty: record an initial instead`);
      f.check();
      const laa = volume === 0 ? 0 : laaOf(volume!, strength!);
      const d = { volume: volume! - v.volume, laa: laa - v.laa };
      if (d.volume === 0 && d.laa === 0)
        f.refuse(
          'volume',
          `${vesselLabel(v)} already holds ${litresText(v.volume)} at ${strengthText(strengthOf(v.volume, v.laa))}`,
        );
      const growing = d.laa > 0 || (d.laa === 0 && d.volume > 0);
      const category =
        categoryOfType(f, v, excise, growing ? ['adjustment', 'addition'] : ['adjustment', 'reduction']) ??
        categoryFor(v.alcoholType!, 'adjustment');
      f.check();
      const kg = volume === 0 ? -v.kg : kgOf(volume!, strength!) - v.kg;
      const value = volume === 0 ? -v.value : 0;
      return [
        {
          ...rowOf(
            v,
            { ...d, kg, value },
            category,
            date,
            `Measured ${litresText(volume!)} at ${strengthText(strength!)}`,
            comments,
          ),
          strength: volume === 0 ? null : strength,
        },
      ];
    },
  };
}

function reassignLot(raw: Raw): PlannedAction {
  const f = new Fields(raw);
  const vesselId = f.id('vesselId')!;
  const date = f.date('date');
  const lot = f.text('lot', LOT_MAX, true);
  const comments = f.text('comments', COMMENTS_MAX);
  f.check();
  return {
    date,
    vesselId,
    input: { vesselId, date, lot, comments },
    vessels: [{ id: vesselId, field: 'vesselId', types: ALL }],
    async plan(_ctx, vessels) {
      const v = get(vessels, vesselId);
      const q = take(f, v, null, true);
      if (q && (v.lot ?? '') === lot) f.refuse('lot', `${vesselLabel(v)} already holds lot ${lot}`);
      f.check();
      const transfer = categoryFor(v.alcoholType!, 'transfer');
      const out = rowOf(v, neg(q!), transfer, date, `Lot ${v.lot ?? '(none)'} becomes ${lot}`, comments);
      const back: Posting = {
        ...rowOf(v, q!, transfer, date, `Lot ${lot} from ${v.lot ?? '(none)'}`, comments),
        lot,
        ageDate: v.ageDate,
      };
      return [out, back];
    },
  };
}

function transfer(raw: Raw, from: VesselType[], to: VesselType[], kind: 'plain' | 'fillCask'): PlannedAction {
  const r = readOut(raw, 'required');
  return {
    date: r.date,
    vesselId: r.vesselId,
    input: r.input,
    vessels: [
      { id: r.vesselId, field: 'vesselId', types: from },
      { id: r.toVesselId, field: 'toVesselId', types: to },
    ],
    async plan(_ctx, vessels) {
      const source = get(vessels, r.vesselId);
      const target = get(vessels, r.toVesselId);
      const q = take(r.f, source, r.volume, r.all);
      r.f.check();
      // a cask filled empty starts ageing today; topping one up keeps its age
      const ageDate =
        kind === 'fillCask'
          ? isEmpty(target)
            ? r.date
            : target.ageDate
          : isEmpty(target)
            ? source.ageDate
            : undefined;
      return transferRows(source, target, q!, r.date, r.comments, ageDate);
    },
  };
}

const DELIVERIES = {
  TransferToUserLicense: {
    Spirit: 'SpiritsReductionDeliveredToLicensedUser',
    Wine: 'WineReductionDeliveredToLicensedUser',
    NonExcise: 'NonExciseReduction',
  },
  TransferToSpiritsLicense: {
    Spirit: 'SpiritsReductionDeliveredToSpiritsLicensee',
    Wine: 'WineReductionOther',
    NonExcise: 'NonExciseReduction',
  },
  TransferToWineLicense: {
    Spirit: 'SpiritsReductionDeliveredToWineLicensee',
    Wine: 'WineReductionDeliveredToWineLicensee',
    NonExcise: 'NonExciseReduction',
  },
} as const satisfies Record<string, Record<AlcoholType, ExciseCategory>>;

function deliver(raw: Raw, kind: keyof typeof DELIVERIES): PlannedAction {
  const r = readOut(raw, 'none', (f) => ({ licensee: f.text('licensee', 200, true) }));
  return {
    date: r.date,
    vesselId: r.vesselId,
    input: r.input,
    vessels: [{ id: r.vesselId, field: 'vesselId', types: ALL }],
    async plan(_ctx, vessels) {
      const v = get(vessels, r.vesselId);
      const q = take(r.f, v, r.volume, r.all);
      r.f.check();
      return [
        rowOf(
          v,
          neg(q!),
          DELIVERIES[kind][v.alcoholType!],
          r.date,
          `Delivered in bond to ${r.own.licensee}`,
          r.comments,
        ),
      ];
    },
  };
}

function transferSite(raw: Raw): PlannedAction {
  const f = new Fields(raw);
  const vesselId = f.id('vesselId')!;
  const toSiteId = f.id('toSiteId')!;
  const date = f.date('date');
  const comments = f.text('comments', COMMENTS_MAX);
  f.check();
  return {
    date,
    vesselId,
    input: { vesselId, toSiteId, date, comments },
    vessels: [{ id: vesselId, field: 'vesselId', types: ALL }],
    async plan(ctx, vessels) {
      const v = get(vessels, vesselId);
      const [site] = rowsOf<{ name: string }>(
        await ctx.db.execute(
          sql`SELECT name FROM sites WHERE company_id = ${ctx.actor.companyId} AND id = ${toSiteId}`,
        ),
      );
      if (!site) f.refuse('toSiteId', 'Choose a site');
      else if (v.siteId === toSiteId) f.refuse('toSiteId', `${vesselLabel(v)} is already at ${site.name}`);
      const q = isEmpty(v) ? null : take(f, v, null, true);
      f.check();
      const fromSite = v.siteId;
      // the vessel itself moves: its record names the new site from now on
      const k = VESSEL_KINDS[v.type];
      await ctx.db.execute(
        sql`UPDATE ${sql.identifier(k.table)} SET site_id = ${toSiteId} WHERE company_id = ${ctx.actor.companyId} AND id = ${v.id}`,
      );
      v.siteId = toSiteId;
      if (!q) return [];
      const type = v.alcoholType!;
      const out = rowOf(
        v,
        neg(q),
        type === 'Spirit'
          ? 'SpiritsReductionTransferredToOwnSite'
          : type === 'Wine'
            ? 'WineReductionTransferredToOwnSite'
            : 'NonExciseTransfer',
        date,
        `To site ${site!.name}`,
        comments,
      );
      const back = rowOf(
        v,
        q,
        type === 'Spirit'
          ? 'SpiritsAdditionReceivedFromOwnSite'
          : type === 'Wine'
            ? 'WineAdditionReceivedFromOwnSite'
            : 'NonExciseTransfer',
        date,
        'Received from another site',
        comments,
      );
      return [
        { ...out, siteId: fromSite },
        { ...back, siteId: toSiteId, ageDate: v.ageDate },
      ];
    },
  };
}

function denature(raw: Raw): PlannedAction {
  const r = readOut(raw, 'none');
  return {
    date: r.date,
    vesselId: r.vesselId,
    input: r.input,
    vessels: [{ id: r.vesselId, field: 'vesselId', types: ALL }],
    async plan(_ctx, vessels) {
      const v = get(vessels, r.vesselId);
      const q = take(r.f, v, r.volume, r.all);
      if (q && v.alcoholType !== 'Spirit')
        r.f.refuse('vesselId', `${vesselLabel(v)} does not hold spirits: only spirits are denatured`);
      r.f.check();
      return [rowOf(v, neg(q!), 'SpiritsReductionDenatured', r.date, 'Denatured', r.comments)];
    },
  };
}

function fortifyWine(raw: Raw): PlannedAction {
  const r = readOut(raw, 'required');
  return {
    date: r.date,
    vesselId: r.vesselId,
    input: r.input,
    vessels: [
      { id: r.vesselId, field: 'vesselId', types: ALL },
      { id: r.toVesselId, field: 'toVesselId', types: ALL },
    ],
    async plan(_ctx, vessels) {
      const spirit = get(vessels, r.vesselId);
      const wine = get(vessels, r.toVesselId);
      const q = take(r.f, spirit, r.volume, r.all);
      if (q && spirit.alcoholType !== 'Spirit') r.f.refuse('vesselId', `${vesselLabel(spirit)} does not hold spirits`);
      if (wine.alcoholType !== 'Wine') r.f.refuse('toVesselId', `${vesselLabel(wine)} does not hold wine`);
      r.f.check();
      const out = rowOf(
        spirit,
        neg(q!),
        'SpiritsReductionUsedToFortifyWine',
        r.date,
        `Fortified ${vesselLabel(wine)}`,
        r.comments,
      );
      const from = `${spirit.alcoholName ?? 'Spirit'} from ${vesselLabel(spirit)}`;
      const into: Posting = {
        ...rowOf(wine, q!, 'WineAdditionFortified', r.date, from, r.comments),
        strength: strengthOf(q!.volume, q!.laa),
      };
      return [out, into];
    },
  };
}

function proof(raw: Raw): PlannedAction {
  const f = new Fields(raw);
  const vesselId = f.id('vesselId')!;
  const date = f.date('date');
  const target = f.strength('strength');
  const comments = f.text('comments', COMMENTS_MAX);
  if (target === 0) f.refuse('strength', 'Must be > 0');
  f.check();
  return {
    date,
    vesselId,
    input: { vesselId, date, strength: raw.strength, comments },
    vessels: [{ id: vesselId, field: 'vesselId', types: ['Tank'] }],
    async plan(_ctx, vessels) {
      const v = get(vessels, vesselId);
      const current = strengthOf(v.volume, v.laa);
      if (isEmpty(v)) f.refuse('vesselId', `${vesselLabel(v)} is empty`);
      else if (v.alcoholType !== 'Spirit')
        f.refuse('vesselId', `${vesselLabel(v)} does not hold spirits: only spirits are proofed`);
      else if (target! >= current)
        f.refuse('strength', `${vesselLabel(v)} is at ${strengthText(current)}: choose a lower strength`);
      f.check();
      // the LAA stays; the volume grows to LAA / strength, the water (measured at 20 °C) is
      // more than that growth because water and alcohol contract when mixed (OIML R 22)
      const finalVolume = Math.round((v.laa * 10_000) / target!);
      const water = waterToReduce(v.volume / 1000, current / 100, target! / 100, 20);
      return [
        {
          ...rowOf(
            v,
            { volume: finalVolume - v.volume, laa: 0, kg: milliOf(water.waterKg), value: 0 },
            'SpiritsTransfer',
            date,
            `Proofed from ${strengthText(current)} to ${strengthText(target!)} with ${litresText(milliOf(water.waterL))} of water`,
            comments,
          ),
          strength: target,
        },
      ];
    },
  };
}

function caskEmpty(raw: Raw): PlannedAction {
  const f = new Fields(raw);
  const vesselId = f.id('vesselId')!;
  const toVesselId = f.id('toVesselId', false);
  const date = f.date('date');
  const volume = f.volumeOrZero('volume');
  const strength = f.strength('strength');
  const comments = f.text('comments', COMMENTS_MAX);
  distinct(f, vesselId, toVesselId);
  f.check();
  return {
    date,
    vesselId,
    input: { vesselId, toVesselId, date, volume: raw.volume, strength: raw.strength, comments },
    vessels: [
      { id: vesselId, field: 'vesselId', types: ['Cask'] },
      ...(toVesselId
        ? [{ id: toVesselId, field: 'toVesselId', types: ['Tank', 'BulkContainer'] as VesselType[] }]
        : []),
    ],
    async plan(_ctx, vessels) {
      const cask = get(vessels, vesselId);
      if (isEmpty(cask)) f.refuse('vesselId', `${vesselLabel(cask)} is empty`);
      f.check();
      const laa = laaOf(volume!, strength!);
      if (volume! > cask.volume)
        f.refuse(
          'volume',
          `${vesselLabel(cask)} holds ${litresText(cask.volume)}; you measured ${litresText(volume!)} out of it`,
        );
      if (laa > cask.laa)
        f.refuse(
          'strength',
          `${litresText(volume!)} at ${strengthText(strength!)} is ${litresText(laa, 'LAA')}, more than the ${litresText(cask.laa, 'LAA')} the cask holds: adjust the cask first`,
        );
      // what evaporated is the difference; it cannot hold more alcohol than liquid
      const lostVolume = cask.volume - volume!;
      const lostLaa = cask.laa - laa;
      if (lostLaa > lostVolume)
        f.refuse(
          'volume',
          `${litresText(volume!)} at ${strengthText(strength!)} leaves ${litresText(lostVolume)} lost holding ${litresText(lostLaa, 'LAA')}, more alcohol than liquid: check the volume and strength measured`,
        );
      f.check();
      const kg = kgOf(volume!, strength!);
      const out: Taken = { volume: volume!, laa, kg: Math.min(kg, cask.kg), value: cask.value };
      // evaporation from a cask is an in-course loss, as a bottling's is; not a gauging difference
      const lossCategory = LOSS_CATEGORY[cask.alcoholType!];
      const rows: Posting[] = [];
      const loss = { volume: cask.volume - out.volume, laa: cask.laa - out.laa, kg: cask.kg - out.kg, value: 0 };
      if (loss.volume !== 0 || loss.laa !== 0)
        rows.push({
          ...rowOf(cask, neg(loss), lossCategory, date, "Angels' share (evaporation in the cask)", comments),
          strength: strengthOf(loss.volume, loss.laa),
        });
      if (out.volume !== 0) {
        if (toVesselId) rows.push(...transferRows(cask, get(vessels, toVesselId), out, date, comments, undefined));
        else
          rows.push(
            rowOf(
              cask,
              neg(out),
              cask.alcoholType === 'Spirit'
                ? 'SpiritsReductionDestroyed'
                : cask.alcoholType === 'Wine'
                  ? 'WineReductionDestroyed'
                  : 'NonExciseReduction',
              date,
              'Emptied and destroyed',
              comments,
            ),
          );
      }
      return rows;
    },
  };
}

function caskSetAge(raw: Raw): PlannedAction {
  const f = new Fields(raw);
  const vesselId = f.id('vesselId')!;
  const date = f.date('date');
  const ageDate = f.date('ageDate');
  const comments = f.text('comments', COMMENTS_MAX);
  if (ageDate && date && ageDate > date) f.refuse('ageDate', 'Must not be after the transaction date');
  f.check();
  return {
    date,
    vesselId,
    input: { vesselId, date, ageDate, comments },
    vessels: [{ id: vesselId, field: 'vesselId', types: ['Cask'] }],
    async plan(_ctx, vessels) {
      const v = get(vessels, vesselId);
      if (isEmpty(v)) f.refuse('vesselId', `${vesselLabel(v)} is empty`);
      f.check();
      return [
        {
          ...rowOf(
            v,
            { volume: 0, laa: 0, kg: 0, value: 0 },
            categoryFor(v.alcoholType!, 'transfer'),
            date,
            `Age from ${ageDate}`,
            comments,
          ),
          strength: strengthOf(v.volume, v.laa),
          ageDate,
        },
      ];
    },
  };
}

/** Reads an action's input; answers the vessels it needs and how to plan its rows. */
export function readAction(kind: ActionKind, raw: Raw): PlannedAction {
  switch (kind) {
    case 'Initial':
      return initial(raw);
    case 'ReduceInventory':
      return reduce(raw, ALL);
    case 'FermenterReduceInventory':
      return reduce(raw, ['Fermenter']);
    case 'AdjustInventory':
      return adjust(raw);
    case 'ReassignLot':
      return reassignLot(raw);
    case 'TransferToTank':
      return transfer(raw, ALL, ['Tank'], 'plain');
    case 'TransferToBulkContainer':
      return transfer(raw, ALL, ['BulkContainer'], 'plain');
    case 'TransferToFermenter':
      return transfer(raw, ['Fermenter'], ['Fermenter'], 'plain');
    case 'FillCask':
      return transfer(raw, ['Tank'], ['Cask'], 'fillCask');
    case 'TransferToUserLicense':
    case 'TransferToSpiritsLicense':
    case 'TransferToWineLicense':
      return deliver(raw, kind);
    case 'TransferSite':
      return transferSite(raw);
    case 'Denature':
      return denature(raw);
    case 'FortifyWine':
      return fortifyWine(raw);
    case 'Proof':
      return proof(raw);
    case 'CaskEmpty':
      return caskEmpty(raw);
    case 'CaskSetAge':
      return caskSetAge(raw);
  }
}
