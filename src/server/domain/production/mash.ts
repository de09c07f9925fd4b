// A mash on the ledgers: its ingredients (grain, enzymes, yeast) leave item stock at the mash's
// site, in the lots the lines name; the wash fills one or more fermenters (the volume of each
// line) as a non-excise alcohol in the mash's lot, with a NonExciseAddition row each. Wash is
// not yet alcohol: the rows carry no LAA (fermentation makes it; the still's charge takes what
// the fermenter holds then), their kg are the litres at the mash's original gravity (water's
// density at 20 °C when none is given), and their value is what the ingredients were worth,
// shared between the fermenters by volume.
//
// Which non-excise alcohol: the mash record names none (schema/production/mash.json has no
// such field), and a vessel action that puts wash into a fermenter names it (exciseInitial's
// alcoholId; the fermenter transfers move what the fermenter holds). So the mash takes the
// company's active non-excise alcohol of kind Wash named as its mash bill when there is one,
// else its first active Wash by name; with none, the save is refused asking for one.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import type { ApiRecord } from '../records/hydrate';
import { kgOf } from '../excise/actions';
import type { Posting } from '../excise/ledger';
import { litresText, shareOf, type Milli } from '../excise/quantities';
import { vesselLabel, type Vessel } from '../excise/vessels';
import type { StockPosting } from '../inventory/stock';
import { Problems, consumed, linesOf, milliField, nameOf, recordDay, refOf, recordSite } from './common';
import type { StagedPlan } from './staged';

/** kg of wash: litres x original gravity (kg per litre), rounded once; water's at 20 °C without one. */
export const washKg = (volume: Milli, osg: Milli | null): Milli =>
  osg ? Math.round((volume * osg) / 1000) : kgOf(volume, 0);

/** The value of the ingredients shared between fermenters by volume: each takes its share of what
 * is left, the last the rest, so the parts add up to the whole exactly. */
export function shareByVolume(value: number, volumes: Milli[]): number[] {
  let left = value;
  let rest = volumes.reduce((s, v) => s + v, 0);
  return volumes.map((v) => {
    const part = shareOf(left, v, rest);
    left -= part;
    rest -= v;
    return part;
  });
}

/** The wash a mash makes: the company's non-excise alcohol of kind Wash (see the file comment). */
async function washOf(ctx: DomainContext, mashBill: string | null): Promise<{ id: string; name: string } | null> {
  const [row] = rowsOf<{ id: string; name: string }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, name FROM non_excises
      WHERE company_id = ${ctx.actor.companyId} AND kind = 'Wash' AND active
      ORDER BY (lower(name) = lower(${mashBill ?? ''})) DESC, lower(name), id LIMIT 1`),
  );
  return row ?? null;
}

async function billName(ctx: DomainContext, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = rowsOf<{ name: string }>(
    await ctx.db.execute(sql`SELECT name FROM mash_bills WHERE company_id = ${ctx.actor.companyId} AND id = ${id}`),
  );
  return row?.name ?? null;
}

export async function planMash(ctx: DomainContext, record: ApiRecord): Promise<StagedPlan> {
  const p = new Problems();
  const date = await recordDay(ctx, record.date);
  const lot = typeof record.lot === 'string' && record.lot.trim() ? record.lot.trim() : null;
  const siteId = await recordSite(ctx, record);
  const name = `mash ${lot ?? record.id}`;
  const osg = milliField(record.osg);

  const items: StockPosting[] = [];
  linesOf(record, 'items').forEach((line, i) => {
    const item = refOf(line.item);
    const quantity = milliField(line.quantity) ?? 0;
    if (!item) return p.add(`items.${i}.item`, 'Required');
    if (quantity > 0)
      items.push(consumed(date, item, siteId, (line.lot as string | null) ?? null, quantity, `Mashed (${name})`));
  });

  const fills: { path: string; fermenterId: string; volume: Milli }[] = [];
  linesOf(record, 'fermenters').forEach((line, i) => {
    const fermenterId = refOf(line.fermenter);
    const volume = milliField(line.volume) ?? 0;
    if (!fermenterId) return p.add(`fermenters.${i}.fermenter`, 'Required');
    if (volume > 0) fills.push({ path: `fermenters.${i}`, fermenterId, volume });
  });
  const wash = fills.length
    ? await washOf(ctx, nameOf(record.mashBill) ?? (await billName(ctx, refOf(record.mashBill))))
    : null;
  if (fills.length && !wash)
    p.add(
      'fermenters',
      'Record the wash as a non-excise alcohol of kind Wash first (Non-excise alcohol): the fermenters hold it',
    );
  p.check();

  return {
    vessels: fills.map((f) => ({ id: f.fermenterId, field: `${f.path}.fermenter`, types: ['Fermenter'] })),
    consumed: items,
    produce(vessels: Map<string, Vessel>, taken) {
      const values = shareByVolume(
        taken.value,
        fills.map((f) => f.volume),
      );
      const postings: Posting[] = fills.map((f, i) => {
        const fermenter = vessels.get(f.fermenterId)!;
        return {
          date,
          excise: 'NonExciseAddition',
          alcoholType: 'NonExcise',
          alcoholId: wash!.id,
          alcoholName: wash!.name,
          lot,
          vessel: fermenter,
          volume: f.volume,
          laa: 0,
          kg: washKg(f.volume, osg),
          value: values[i],
          strength: 0,
          description: `Wash into ${vesselLabel(fermenter)}: ${litresText(f.volume)} (${name})`,
        };
      });
      return { postings, stock: [] };
    },
  };
}
