// A wine fermentation on the ledgers: once the record says what strength the must reached (or
// gives the starting and final gravity it is estimated from), the fermenter's contents become
// wine of the record's wine and lot: the must (non-excise) leaves the fermenter and the wine is
// posted as produced, either in the fermenter itself or, when the record lists tanks, into
// those tanks (fermentation over, the wine racked off to them; issue 11: "fermenter contents
// become wine of a wine record, with volume and strength, or fermentation transfers it to
// tanks"). Fruit, yeast and additions leave stock. Until then (fermenting, no strength yet)
// only the items post.
import type { StockPosting } from '../inventory/stock';
import type { DomainContext } from '../records/actor';
import type { ApiRecord } from '../records/hydrate';
import { kgOf } from '../excise/actions';
import type { Posting } from '../excise/ledger';
import { laaOf, litresText, strengthText, type Centi, type Milli } from '../excise/quantities';
import { isEmpty, vesselLabel, type Vessel } from '../excise/vessels';
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
import { shareByVolume } from './mash';

/** ABV from the drop in specific gravity, the winemaker's rule: (OG - FG) x 131.25, to 2 decimals.
 * Gravities have 3 decimals, so the drop is an integer of thousandths: ABV x 100 = drop x 13.125. */
export function strengthFromGravity(startingGravity: number, finalGravity: number): Centi | null {
  const drop = Math.round(startingGravity * 1000) - Math.round(finalGravity * 1000);
  if (drop <= 0) return null;
  // drop x 13125 / 1000, rounded half up (positive)
  return Math.floor((drop * 13_125 + 500) / 1000);
}

export async function planWineFermentation(ctx: DomainContext, record: ApiRecord): Promise<ProductionPlan> {
  const p = new Problems();
  const date = await recordDay(ctx, record.date);
  const lot = typeof record.lot === 'string' ? record.lot : null;
  const siteId = await recordSite(ctx, record);
  const wine = refOf(record.wine);
  const fermenterId = refOf(record.fermenter);
  const name = `wine fermentation ${lot ?? record.id}`;
  const tanks = tankLines(p, record);
  const items: StockPosting[] = [];
  linesOf(record, 'inputs').forEach((line, i) => {
    const item = refOf(line.item);
    const quantity = milliField(line.quantity) ?? 0;
    if (!item) p.add(`inputs.${i}.item`, 'Required');
    else if (quantity > 0)
      items.push(consumed(date, item, siteId, (line.lot as string | null) ?? null, quantity, `Used in ${name}`));
  });

  const stated = centiField(record.strength);
  const strength =
    stated ??
    (typeof record.startingGravity === 'number' && typeof record.finalGravity === 'number'
      ? strengthFromGravity(record.startingGravity, record.finalGravity)
      : null);
  const volumeStated = milliField(record.volume);
  if (!strength) {
    p.check();
    return { vessels: [], items, postings: () => [] };
  }
  if (!wine) p.add('wine', 'Required');
  if (!fermenterId) p.add('fermenter', 'Required');
  p.check();

  return {
    vessels: [
      { id: fermenterId!, field: 'fermenter', types: ['Fermenter'] },
      ...tanks.map((t) => ({ id: t.tankId, field: `${t.path}.tank`, types: ['Tank' as const] })),
    ],
    items,
    postings(locked: Map<string, Vessel>): Posting[] {
      const f = locked.get(fermenterId!)!;
      const label = vesselLabel(f);
      const rows: Posting[] = [];
      if (!isEmpty(f) && f.alcoholType !== 'NonExcise')
        p.add(
          'fermenter',
          `${label} holds ${litresText(f.volume)} of ${f.alcoholName ?? 'alcohol'}: only must or wash ferments into wine. Empty it first`,
        );
      // the wine is the must's volume as measured, or what the fermenter holds
      const volume = volumeStated ?? f.volume;
      const into = wineDestinations(p, tanks, volume, f, label);
      p.check();
      if (!isEmpty(f))
        rows.push({
          date,
          excise: 'NonExciseReduction',
          alcoholType: 'NonExcise',
          alcoholId: f.alcoholId!,
          alcoholName: f.alcoholName,
          lot: f.lot,
          vessel: f,
          volume: -f.volume,
          laa: -f.laa,
          kg: -f.kg,
          value: -f.value,
          description: `Fermented into wine, ${name}`,
        });
      // what the must was worth goes with the wine, shared between the tanks by volume
      const values = shareByVolume(
        isEmpty(f) ? 0 : f.value,
        into.map((d) => d.volume),
      );
      into.forEach((d, i) => {
        const vessel = d.tankId ? locked.get(d.tankId)! : f;
        rows.push({
          date,
          excise: 'WineAdditionProduced',
          alcoholType: 'Wine',
          alcoholId: wine!,
          alcoholName: nameOf(record.wine),
          lot,
          vessel,
          volume: d.volume,
          laa: laaOf(d.volume, strength),
          kg: kgOf(d.volume, strength),
          value: values[i],
          strength,
          description: d.tankId
            ? `Wine produced in ${label} and transferred to ${vesselLabel(vessel)}: ${litresText(d.volume)} at ${strengthText(strength)}, ${name}`
            : `Wine produced in ${label}: ${litresText(d.volume)} at ${strengthText(strength)}, ${name}`,
        });
      });
      return rows;
    },
  };
}

interface TankLine {
  path: string;
  tankId: string;
  volume: Milli | null;
}

/** The record's "Transferred to tanks" lines: a tank each, named once. */
function tankLines(p: Problems, record: ApiRecord): TankLine[] {
  const out: TankLine[] = [];
  linesOf(record, 'tanks').forEach((line, i) => {
    const path = `tanks.${i}`;
    const tankId = refOf(line.tank);
    if (!tankId) return p.add(`${path}.tank`, 'Required');
    if (out.some((t) => t.tankId === tankId)) return p.add(`${path}.tank`, 'This tank is already listed');
    out.push({ path, tankId, volume: milliField(line.volume) });
  });
  return out;
}

/** Where the wine goes, and how much each place takes: the fermenter itself (no tanks), the one
 * tank listed (its volume, else all the wine), or each tank its volume. Tanks cannot take more
 * than the fermenter held. */
function wineDestinations(
  p: Problems,
  tanks: TankLine[],
  volume: Milli,
  fermenter: Vessel,
  label: string,
): { tankId: string | null; volume: Milli }[] {
  if (!tanks.length) {
    if (!volume) p.add('volume', `Required: ${label} is empty`);
    return [{ tankId: null, volume }];
  }
  const out = tanks.map((t) => {
    const taken = t.volume ?? (tanks.length === 1 ? volume : 0);
    if (!taken) p.add(`${t.path}.volume`, tanks.length === 1 ? `Required: ${label} is empty` : 'Required');
    return { tankId: t.tankId, volume: taken };
  });
  const total = out.reduce((s, d) => s + d.volume, 0);
  if (!isEmpty(fermenter) && total > fermenter.volume)
    p.add(
      'tanks',
      `The tanks take ${litresText(total)} of wine; ${label} held ${litresText(fermenter.volume)} of must`,
    );
  return out;
}
