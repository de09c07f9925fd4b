// A bottling on the ledgers: spirit (or wine) leaves a tank into bottles of a product.
//
// - Into the bottles: bottles x product.containerSize x strength / 100 LAA, rounded once to
//   3 decimals (the record's strength; the product's when the record gives none).
// - Out of the tank: the record has no volume field, so the volume is bottles x containerSize,
//   with its share of the tank's LAA (at the tank's strength), kg and value.
// - The tank's row is the packaging reduction the returns count, at the LAA that went into the
//   bottles: duty paid is the duty point (SpiritsReductionPackagedDutyPaid); in bond the bottles
//   go at once into the company's own excise warehouse, no duty yet
//   (SpiritsReductionPackagedToOwnWarehouse). Wine takes the Wine* equivalents.
// - The LAA the tank gave beyond what the bottles hold is a bottling loss on a row of its own
//   (volume 0). Category: /work/shared/reference/canada-excise.md, "Duty points": spirits
//   losses are relieved only in prescribed circumstances (EDM3-4-1), other losses are dutiable;
//   the loss of bulk spirits in the course of packaging them at the licensee's premises is one
//   of the prescribed circumstances, so it posts as SpiritsReductionLossesPrescribed (B266
//   "losses in prescribed circumstances (relieved)"). The same file: "Wine losses are recorded;
//   authorised losses are not dutiable": a packaging loss of wine is WineReductionLossesAuthorised.
//   A loss that is not a packaging loss (spilt, stolen) is not a bottling's to record: the tank's
//   reduce-inventory action takes SpiritsReductionLossesDutiable. When the bottles hold more
//   than the tank gave (the bottles measured stronger than the tank), the difference is a
//   gauging difference, not a negative loss: it posts as the adjustment (SpiritsAdjustment).
//   The loss row is posted before the packaging row so a tank bottled to its last drop ends
//   empty with no LAA left over.
// - The product's stock grows by the bottles at the record's site (the tank's when none) and
//   lot, in bond or duty paid, carrying the bottles' LAA and the value of the spirit drawn plus
//   the packaging consumed.
// - The bill of materials lines (item, lot, quantity) leave item stock when reduceInventory.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { LOSS_CATEGORY, type AlcoholType, type ExciseCategory } from '../../../shared/excise/categories';
import type { DomainContext } from '../records/actor';
import type { ApiRecord } from '../records/hydrate';
import type { Posting } from '../excise/ledger';
import {
  formatScaled,
  laaOf,
  litresText,
  parseScaled,
  shareOf,
  strengthText,
  type Centi,
  type Milli,
} from '../excise/quantities';
import { isEmpty, vesselLabel, type Vessel } from '../excise/vessels';
import { MICRO, type StockPosting } from '../inventory/stock';
import { Problems, centiField, consumed, linesOf, milliField, recordDay, refOf, recordSite } from './common';
import { scaleBom, type BomLine } from './scaling';
import type { StagedPlan } from './staged';

const PACKAGED: Record<AlcoholType, { dutyPaid: ExciseCategory; inBond: ExciseCategory }> = {
  Spirit: { dutyPaid: 'SpiritsReductionPackagedDutyPaid', inBond: 'SpiritsReductionPackagedToOwnWarehouse' },
  Wine: { dutyPaid: 'WineReductionPackagedDutyPaid', inBond: 'WineReductionPackagedToOwnWarehouse' },
  NonExcise: { dutyPaid: 'NonExciseReduction', inBond: 'NonExciseReduction' },
};
export const BOTTLING_GAIN: Record<AlcoholType, ExciseCategory> = {
  Spirit: 'SpiritsAdjustment',
  Wine: 'WineAdjustment',
  NonExcise: 'NonExciseAdjustment',
};

/** The packaging category of a bottling from a tank of this alcohol. */
export const packagedCategory = (type: AlcoholType, dutyPaid: boolean): ExciseCategory =>
  dutyPaid ? PACKAGED[type].dutyPaid : PACKAGED[type].inBond;

/** Litres filled: bottles x container size (thousandths), exact. */
export const bottledVolume = (bottles: number, containerSize: Milli): Milli => bottles * containerSize;

/** LAA into the bottles: bottles x container size x strength / 100, rounded once to 3 decimals. */
export const bottledLaa = (bottles: number, containerSize: Milli, strength: Centi): Milli =>
  laaOf(bottledVolume(bottles, containerSize), strength);

export interface BottlingFigures {
  /** litres out of the tank (= litres into the bottles) */
  volume: Milli;
  /** the tank's LAA that leaves with them: its share of the tank at the tank's strength */
  tankLaa: Milli;
  /** the LAA in the bottles */
  bottledLaa: Milli;
  /** tankLaa - bottledLaa: a loss when positive, a gauging gain when negative */
  loss: Milli;
  /** the tank's kg and value (cents) that leave with the volume */
  kg: Milli;
  value: number;
}

/** What a bottling takes from a tank holding `tank` and puts into bottles; tank out = bottles + loss. */
export function bottlingFigures(
  tank: { volume: Milli; laa: Milli; kg: Milli; value: number },
  bottles: number,
  containerSize: Milli,
  strength: Centi,
): BottlingFigures {
  const volume = bottledVolume(bottles, containerSize);
  const tankLaa = shareOf(tank.laa, volume, tank.volume);
  const inBottles = bottledLaa(bottles, containerSize, strength);
  return {
    volume,
    tankLaa,
    bottledLaa: inBottles,
    loss: tankLaa - inBottles,
    kg: shareOf(tank.kg, volume, tank.volume),
    value: shareOf(tank.value, volume, tank.volume),
  };
}

/** A product's bill of materials line (products_bom). */
export interface ProductBomLine extends BomLine {
  name: string;
  units?: string | null;
  lotTracking?: boolean | null;
}

/** A bottling's bom line as the form prefills it. */
export interface BottlingBomLine {
  /** the item whose name matches the material's, when one does */
  item: { id: string; name: string } | null;
  name: string;
  units: string | null;
  precision: number;
  lot: string | null;
  lotTracking: boolean;
  quantity: number;
}

/** Bottles in `cases` cases of `caseSize`. */
export const bottlesFor = (cases: number, caseSize: number): number => cases * caseSize;

/** Cases a number of bottles fills, a part case counting as one (what per-Case materials need). */
export const casesFor = (bottles: number, caseSize: number): number =>
  caseSize > 0 ? Math.ceil(bottles / caseSize) : 0;

/** The bottling's materials for `cases` cases of `caseSize` bottles (spec 5: per Bottle x cases x
 * case size, per Case x cases, each to the line's precision), with each material matched to the
 * item of the same name (case-insensitive) when `items` has one: a product's bom names its
 * materials, it does not reference items. */
export function bomQuantities(
  bom: ProductBomLine[],
  cases: number,
  caseSize: number,
  items: { id: string; name: string }[] = [],
): BottlingBomLine[] {
  const byName = new Map(items.map((i) => [i.name.trim().toLowerCase(), i]));
  return scaleBom(bom, cases, caseSize).map((l) => ({
    item: byName.get(l.name.trim().toLowerCase()) ?? null,
    name: l.name,
    units: l.units ?? null,
    precision: l.precision ?? 0,
    lot: null,
    lotTracking: l.lotTracking ?? false,
    quantity: l.quantity,
  }));
}

interface ProductRow {
  name: string;
  container_size: string | null;
  strength: string | null;
}

async function readProduct(ctx: DomainContext, id: string): Promise<ProductRow | undefined> {
  const [row] = rowsOf<ProductRow>(
    await ctx.db.execute(sql`
      SELECT name, container_size::text AS container_size, strength::text AS strength
      FROM products WHERE company_id = ${ctx.actor.companyId} AND id = ${id}`),
  );
  return row;
}

/** The site of a tank (where its bottles land when the record names no site). */
async function tankSite(ctx: DomainContext, id: string): Promise<string | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const [row] = rowsOf<{ site: string | null }>(
    await ctx.db.execute(
      sql`SELECT site_id::text AS site FROM tanks WHERE company_id = ${ctx.actor.companyId} AND id = ${id}`,
    ),
  );
  return row?.site ?? null;
}

export async function planBottling(ctx: DomainContext, record: ApiRecord): Promise<StagedPlan> {
  const p = new Problems();
  const date = await recordDay(ctx, record.date);
  const lot = typeof record.lot === 'string' && record.lot.trim() ? record.lot.trim() : null;
  const tankId = refOf(record.tank);
  const productId = refOf(record.product);
  const siteId = refOf(record.site) ?? (tankId ? await tankSite(ctx, tankId) : null) ?? (await recordSite(ctx, record));
  const bottles = Number(record.bottles ?? 0);
  const dutyPaid = record.dutyPaid === true;
  const status = dutyPaid ? 'DutyPaid' : 'InBond';
  const name = `bottling ${lot ?? record.id}`;

  const product = productId ? await readProduct(ctx, productId) : undefined;
  if (!productId || !product) p.add('product', productId ? 'Choose a product' : 'Required');
  const containerSize = product?.container_size ? parseScaled(product.container_size, 3) : 0;
  const strength = centiField(record.strength) ?? (product?.strength ? parseScaled(product.strength, 2) : null);
  if (bottles > 0) {
    if (!tankId) p.add('tank', 'Choose the tank the bottles are filled from');
    if (product && containerSize <= 0)
      p.add('product', `${product.name} has no container size: set it on the product to bottle it`);
    if (strength === null) p.add('strength', 'Required');
    else if (strength <= 0) p.add('strength', 'Must be > 0');
  }

  const items: StockPosting[] = [];
  if (record.reduceInventory !== false)
    linesOf(record, 'bom').forEach((line, i) => {
      const item = refOf(line.item);
      const quantity = milliField(line.quantity) ?? 0;
      if (!item) return p.add(`bom.${i}.item`, 'Required');
      if (quantity > 0)
        items.push(
          consumed(date, item, siteId, (line.lot as string | null) ?? null, quantity, `Packaging used (${name})`),
        );
    });
  p.check();

  const bottling = bottles > 0 && tankId !== null;
  return {
    vessels: bottling ? [{ id: tankId, field: 'tank', types: ['Tank'] }] : [],
    consumed: items,
    produce(vessels: Map<string, Vessel>, taken) {
      const postings: Posting[] = [];
      const stock: StockPosting[] = [];
      if (!bottling) return { postings, stock };
      const tank = vessels.get(tankId)!;
      const label = vesselLabel(tank);
      const volume = bottledVolume(bottles, containerSize);
      if (isEmpty(tank)) p.add('tank', `${label} is empty`);
      else if (volume > tank.volume)
        p.add(
          'bottles',
          `${label} holds ${litresText(tank.volume)}; ${bottles} bottles of ${litresText(containerSize)} take ${litresText(volume)}`,
        );
      p.check();
      const f = bottlingFigures(tank, bottles, containerSize, strength!);
      const type = tank.alcoholType!;
      const filled = `${bottles} x ${litresText(containerSize)} of ${product!.name} at ${strengthText(strength!)}`;
      const row = (excise: ExciseCategory, volume: Milli, laa: Milli, kg: Milli, value: number): Posting => ({
        date,
        excise,
        alcoholType: type,
        alcoholId: tank.alcoholId!,
        alcoholName: tank.alcoholName,
        lot: tank.lot,
        vessel: tank,
        volume,
        laa,
        kg,
        value,
        description: '',
      });
      if (f.loss !== 0)
        postings.push({
          ...row(f.loss > 0 ? LOSS_CATEGORY[type] : BOTTLING_GAIN[type], 0, -f.loss, 0, 0),
          strength: null,
          description:
            f.loss > 0
              ? `Bottling loss: ${litresText(f.tankLaa, 'LAA')} left ${label}, ${litresText(f.bottledLaa, 'LAA')} went into the bottles (${name})`
              : `Bottling gain: the bottles hold ${litresText(f.bottledLaa, 'LAA')}, ${label} gave ${litresText(f.tankLaa, 'LAA')} (${name})`,
        });
      postings.push({
        ...row(packagedCategory(type, dutyPaid), -f.volume, -f.bottledLaa, -f.kg, -f.value),
        strength: strength!,
        description: `Bottled ${filled}, ${dutyPaid ? 'duty paid' : 'in bond'} (${name})`,
      });
      stock.push({
        date,
        kind: 'Product',
        stockId: productId!,
        siteId,
        lot,
        status,
        quantity: bottles * MICRO,
        laa: f.bottledLaa,
        value: f.value + taken.value,
        category: 'Produced',
        description: `Bottled from ${label}: ${filled} (${name}, ${formatScaled(f.bottledLaa, 3)} LAA)`,
      });
      return { postings, stock };
    },
  };
}
