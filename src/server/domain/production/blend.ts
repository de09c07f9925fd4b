// A blend on the ledgers. Its alcohol inputs are drawn out of their tanks, casks or bulk
// containers as transfers between our own vessels (nothing is produced: LAA in equals LAA out),
// its items (water, sugar, botanicals) leave stock, and the blend goes into one tank as a new
// lot of the output spirit or wine.
//
// The output's LAA is the inputs' LAA. When the record states it (`volume`, in LAA for spirits)
// it must be exactly that, or the save is refused naming the difference. The output's litres
// are, in order: `litres` as measured; for a wine, `volume` (litres); `blendToVolume`; the
// volume that puts the LAA at `blendStrength`; or the inputs' litres (no water).
import { waterToReduce } from '../../../shared/alcoholometry';
import { categoryFor, type AlcoholType, type VesselType } from '../../../shared/excise/categories';
import type { StockPosting } from '../inventory/stock';
import type { DomainContext } from '../records/actor';
import type { ApiRecord } from '../records/hydrate';
import type { VesselWanted } from '../excise/actions';
import { kgOf } from '../excise/actions';
import type { Posting } from '../excise/ledger';
import { litresText, milliOf, strengthOf, strengthText, type Centi, type Milli } from '../excise/quantities';
import { vesselLabel, type Vessel } from '../excise/vessels';
import {
  Problems,
  centiField,
  consumed,
  linesOf,
  milliField,
  nameOf,
  recordDay,
  refOf,
  type ProductionPlan,
  recordSite,
} from './common';
import { drawRow, planDraws, type Draw } from './draws';

const ALCOHOL_FIELD: Record<AlcoholType, string> = { Spirit: 'spirit', Wine: 'wine', NonExcise: 'nonExcise' };
const SOURCES: { field: string; type: VesselType }[] = [
  { field: 'tank', type: 'Tank' },
  { field: 'cask', type: 'Cask' },
  { field: 'bulkContainer', type: 'BulkContainer' },
];

/** What a blend's targets make of its inputs: the output's litres and strength, and the water
 * (at 20 °C, from the alcoholometric tables) that takes the inputs down to that strength. */
export interface BlendOutput {
  litres: Milli;
  laa: Milli;
  strength: Centi;
  /** litres of water to add (more than the growth in volume: water and alcohol contract) */
  water: Milli | null;
}

export function blendOutput(
  inLitres: Milli,
  inLaa: Milli,
  target: { litres?: Milli | null; blendToVolume?: Milli | null; blendStrength?: Centi | null },
): BlendOutput {
  let litres = inLitres;
  if (target.litres) litres = target.litres;
  else if (target.blendToVolume) litres = target.blendToVolume;
  else if (target.blendStrength) litres = Math.round((inLaa * 10_000) / target.blendStrength);
  const strength = strengthOf(litres, inLaa);
  const inStrength = strengthOf(inLitres, inLaa);
  let water: Milli | null = null;
  if (inLitres > 0 && strength > 0 && strength < inStrength && inStrength <= 10_000)
    water = milliOf(waterToReduce(inLitres / 1000, inStrength / 100, strength / 100, 20).waterL);
  else if (strength >= inStrength) water = 0;
  return { litres, laa: inLaa, strength, water };
}

export async function planBlend(ctx: DomainContext, record: ApiRecord): Promise<ProductionPlan> {
  const p = new Problems();
  const date = await recordDay(ctx, record.date);
  const lot = typeof record.lot === 'string' ? record.lot : null;
  const siteId = await recordSite(ctx, record);
  const tankId = refOf(record.tank);
  const spirit = refOf(record.outputSpirit);
  const wine = refOf(record.outputWine);
  const excise = record.excise !== false;
  const name = `blend ${lot ?? record.id}`;
  const vessels: VesselWanted[] = [];
  const draws: Draw[] = [];
  const items: StockPosting[] = [];

  linesOf(record, 'inputs').forEach((line, i) => {
    const path = `inputs.${i}`;
    const quantity = milliField(line.quantity) ?? 0;
    const type = String(line.type ?? 'Spirit');
    if (type === 'Item') {
      const item = refOf(line.item);
      if (!item) p.add(`${path}.item`, 'Required');
      else if (quantity > 0)
        items.push(consumed(date, item, siteId, (line.lot as string | null) ?? null, quantity, `Used in ${name}`));
      return;
    }
    const alcoholType = type as AlcoholType;
    const sources = SOURCES.filter((s) => refOf(line[s.field]));
    if (sources.length > 1)
      return p.add(`${path}.${sources[1].field}`, 'Choose one tank, cask or bulk container, not several');
    if (!sources.length) return p.add(`${path}.tank`, 'Choose the tank, cask or bulk container it comes from');
    if (quantity === 0) return;
    const field = `${path}.${sources[0].field}`;
    const vesselId = refOf(line[sources[0].field])!;
    vessels.push({ id: vesselId, field, types: [sources[0].type] });
    draws.push({
      path,
      vesselField: field,
      vesselId,
      type: alcoholType,
      alcoholId: refOf(line[ALCOHOL_FIELD[alcoholType]]),
      alcoholField: `${path}.${ALCOHOL_FIELD[alcoholType]}`,
      lot: typeof line.lot === 'string' && line.lot.trim() ? line.lot.trim() : null,
      quantity,
      byLaa: false,
    });
  });

  // the output: a spirit or a wine (excise), or the inputs' own non-excise alcohol
  let outType: AlcoholType | null = null;
  let outId: string | null = null;
  let outName: string | null = null;
  if (spirit && wine) p.add('outputWine', 'Choose a spirit or a wine, not both');
  else if (!excise) {
    const ids = [...new Set(draws.map((d) => d.alcoholId))];
    if (draws.some((d) => d.type !== 'NonExcise'))
      p.add('excise', 'A non-excise blend takes non-excise alcohol only: tick Output is excise alcohol');
    else if (draws.length && (ids.length !== 1 || !ids[0]))
      p.add(
        'excise',
        'A non-excise blend is posted as the one non-excise alcohol its inputs name: name it on each input',
      );
    else if (draws.length) [outType, outId] = ['NonExcise', ids[0]];
  } else if (spirit) [outType, outId, outName] = ['Spirit', spirit, nameOf(record.outputSpirit)];
  else if (wine) [outType, outId, outName] = ['Wine', wine, nameOf(record.outputWine)];
  else if (draws.length) p.add('outputSpirit', 'Required');
  if (outType)
    draws.forEach((d) => {
      if (d.type !== outType)
        p.add(
          `${d.path}.type`,
          outType === 'Spirit'
            ? 'A spirit blend takes spirits (and items such as water); wine is fortified, not blended into spirits'
            : outType === 'Wine'
              ? 'A wine blend takes wines (and items); spirits added to wine are a fortification'
              : 'A non-excise blend takes non-excise alcohol only',
        );
    });
  if (draws.length && !tankId) p.add('tank', 'Choose the tank the blend goes into');
  if (tankId) vessels.push({ id: tankId, field: 'tank', types: ['Tank'] });
  p.check();

  return {
    vessels: draws.length ? vessels : [],
    items,
    postings(locked: Map<string, Vessel>): Posting[] {
      const drawn = planDraws(p, draws, locked);
      p.check();
      const inLitres = drawn.reduce((s, d) => s + d.volume, 0);
      const inLaa = drawn.reduce((s, d) => s + d.laa, 0);
      const stated = milliField(record.volume);
      if (outType === 'Spirit' && stated !== null && stated !== inLaa) {
        const diff = stated - inLaa;
        p.add(
          'volume',
          `LAA in must equal LAA out: the inputs hold ${litresText(inLaa, 'LAA')}, the blend states ${litresText(stated, 'LAA')} (${litresText(Math.abs(diff), 'LAA')} ${diff > 0 ? 'more' : 'less'}). Correct the inputs or the blend's LAA`,
        );
        p.check();
      }
      const out = blendOutput(inLitres, inLaa, {
        litres: milliField(record.litres) || (outType !== 'Spirit' ? milliField(record.volume) : null),
        blendToVolume: milliField(record.blendToVolume),
        blendStrength: centiField(record.blendStrength),
      });
      if (out.litres < inLaa || out.strength > 9_900)
        p.add(
          out.litres === milliField(record.litres) ? 'litres' : 'blendToVolume',
          `${litresText(out.litres)} holding ${litresText(inLaa, 'LAA')} would be stronger than 99 %: the blend needs more litres`,
        );
      p.check();
      const tank = locked.get(tankId!)!;
      const rows: Posting[] = drawn.map((d) =>
        drawRow(d, date, categoryFor(d.vessel.alcoholType!, 'transfer'), `Into ${vesselLabel(tank)}, ${name}`),
      );
      const water = out.water ? `, ${litresText(out.water)} of water` : '';
      rows.push({
        date,
        excise: categoryFor(outType!, 'transfer'),
        alcoholType: outType!,
        alcoholId: outId!,
        alcoholName: outName,
        lot,
        vessel: tank,
        volume: out.litres,
        laa: inLaa,
        kg: kgOf(out.litres, out.strength),
        value: drawn.reduce((s, d) => s + d.value, 0),
        strength: out.strength,
        description: `${name[0].toUpperCase()}${name.slice(1)}: ${drawn.length} input${drawn.length === 1 ? '' : 's'}${water}, ${litresText(out.litres)} at ${strengthText(out.strength)}`,
      });
      return rows;
    },
  };
}
