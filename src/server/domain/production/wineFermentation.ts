// A wine fermentation on the ledgers: once the record says what strength the must reached (or
// gives the starting and final gravity it is estimated from), the fermenter's contents become
// wine of the record's wine and lot: the must (non-excise) leaves the fermenter and the wine is
// posted as produced into it. Fruit, yeast and additions leave stock. Until then (fermenting,
// no strength yet) only the items post.
import type { StockPosting } from '../inventory/stock';
import type { DomainContext } from '../records/actor';
import type { ApiRecord } from '../records/hydrate';
import { kgOf } from '../excise/actions';
import type { Posting } from '../excise/ledger';
import { laaOf, litresText, strengthText, type Centi } from '../excise/quantities';
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
    vessels: [{ id: fermenterId!, field: 'fermenter', types: ['Fermenter'] }],
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
      if (!volume) p.add('volume', `Required: ${label} is empty`);
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
      rows.push({
        date,
        excise: 'WineAdditionProduced',
        alcoholType: 'Wine',
        alcoholId: wine!,
        alcoholName: nameOf(record.wine),
        lot,
        vessel: f,
        volume,
        laa: laaOf(volume, strength),
        kg: kgOf(volume, strength),
        value: isEmpty(f) ? 0 : f.value,
        strength,
        description: `Wine produced in ${label}: ${litresText(volume)} at ${strengthText(strength)}, ${name}`,
      });
      return rows;
    },
  };
}
